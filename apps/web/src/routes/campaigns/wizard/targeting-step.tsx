import {
  type AdvancedInformationItem,
  type CampaignModule,
  informationListOfModule,
  REQUIRABLE_LEAD_FIELDS,
  zipTextAreaValue,
} from '@app/contracts';
import {
  Checkbox,
  MultiSelect,
  SegmentedControl,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
} from '@mantine/core';
import { useAdvancedInformation } from '../../../api/data-enrichment';
import { useStates } from '../../../api/reference';
import type { StepProps } from './campaign-step';
import { informationListOf, moduleFields } from './wizard-model';

/** The lead fields a locator campaign may require: the stored keys, shown in words. */
const REQUIRABLE_OPTIONS = Object.entries(REQUIRABLE_LEAD_FIELDS).map(([value, label]) => ({ value, label }));

/** Catalogue fields as grouped select options (one group per information type). */
function groupedOptions(items: readonly AdvancedInformationItem[]) {
  const groups = new Map<string, { value: string; label: string }[]>();
  for (const item of items)
    groups.set(item.type_label, [
      ...(groups.get(item.type_label) ?? []),
      { value: item.id, label: item.label },
    ]);
  return [...groups].map(([group, items]) => ({ group, items }));
}

/**
 * Step 2: what the module targets. Local (Site ID): the client's site, its thank-you page, GTM and the
 * visitors' states; the others: keywords, geography (zip text area, states, cities or national) and
 * their own extras. Which inputs show is the catalogue's `campaign.fields` for the module.
 */
export function TargetingStep({
  values,
  errors,
  set,
  disabled,
  module,
}: StepProps & { module: CampaignModule }) {
  const fields = moduleFields(module);
  const states = useStates();
  const stateOptions = (states.data?.data ?? []).map((s) => ({
    value: s.code,
    label: `${s.name} (${s.code})`,
  }));
  const has = (field: Parameters<typeof fields.has>[0]) => fields.has(field);
  // The catalogue's fields of the module's list (`list-advance-information`, `-b2b`), grouped by type.
  const information = useAdvancedInformation(informationListOfModule(module));
  const informationOptions = groupedOptions(information.data?.data ?? []);

  return (
    <Stack gap="sm">
      {has('urlCode') && (
        <TextInput
          label="Site URL"
          description="The page the embed code goes on, e.g. https://www.example.com/"
          value={values.urlCode}
          onChange={(e) => set('urlCode', e.currentTarget.value)}
          error={errors.urlCode}
          disabled={disabled}
          data-testid="campaign-url"
        />
      )}
      {has('urlCodeThankyou') && (
        <TextInput
          label="Thank-you Page URL"
          value={values.urlCodeThankyou}
          onChange={(e) => set('urlCodeThankyou', e.currentTarget.value)}
          error={errors.urlCodeThankyou}
          disabled={disabled}
          data-testid="campaign-url-thankyou"
        />
      )}
      {has('gtminstalled') && (
        <Checkbox
          label="The embed code is installed through Google Tag Manager"
          checked={values.gtminstalled}
          onChange={(e) => set('gtminstalled', e.currentTarget.checked)}
          disabled={disabled}
          data-testid="campaign-gtm"
        />
      )}
      {has('locatorkeyword') && (
        <TagsInput
          label="Keywords"
          description="Press Enter or type a comma after each keyword."
          value={values.locatorkeyword}
          onChange={(value) => set('locatorkeyword', value)}
          error={errors.locatorkeyword}
          disabled={disabled}
          clearable
          data-testid="campaign-keywords"
        />
      )}
      {has('locatorkeywordcontextual') && (
        <TagsInput
          label="Contextual Keywords"
          value={values.locatorkeywordcontextual}
          onChange={(value) => set('locatorkeywordcontextual', value)}
          error={errors.locatorkeywordcontextual}
          disabled={disabled}
          clearable
          data-testid="campaign-keywords-contextual"
        />
      )}
      {has('locatordesc') && (
        <Textarea
          label="Description"
          autosize
          minRows={2}
          value={values.locatordesc}
          onChange={(e) => set('locatordesc', e.currentTarget.value)}
          error={errors.locatordesc}
          disabled={disabled}
          data-testid="campaign-description"
        />
      )}
      {has('nationaltargeting') && (
        <Checkbox
          label="National targeting"
          checked={values.nationaltargeting}
          onChange={(e) => set('nationaltargeting', e.currentTarget.checked)}
          error={errors.nationaltargeting}
          disabled={disabled}
          data-testid="campaign-national"
        />
      )}
      {has('locatorzip') && !values.nationaltargeting && (
        <Textarea
          label="Zip Codes"
          description="One a line; commas and spaces also separate them."
          autosize
          minRows={3}
          value={values.locatorzip}
          // Spec 2 §5: only digits and line breaks are kept; commas and spaces become line breaks.
          onChange={(e) => set('locatorzip', zipTextAreaValue(e.currentTarget.value))}
          error={errors.locatorzip}
          disabled={disabled}
          data-testid="campaign-zips"
        />
      )}
      {has('locationtarget') && (
        <Stack gap={4}>
          <Text size="sm" fw={500} id="campaign-state-mode-label">
            Visitors' states
          </Text>
          <SegmentedControl
            aria-labelledby="campaign-state-mode-label"
            data={[
              { value: 'include', label: 'Only these states' },
              { value: 'exclude', label: 'All but these states' },
            ]}
            value={values.locationtarget}
            onChange={(value) => set('locationtarget', value === 'exclude' ? 'exclude' : 'include')}
            disabled={disabled}
            data-testid="campaign-state-mode"
          />
        </Stack>
      )}
      {has('locatorstate') && !(has('nationaltargeting') && values.nationaltargeting) && (
        <MultiSelect
          label={module === 'local' ? 'States (none: every state)' : 'States'}
          data={stateOptions}
          searchable
          clearable
          value={values.locatorstate}
          onChange={(value) => set('locatorstate', value)}
          error={errors.locatorstate}
          disabled={disabled}
          data-testid="campaign-states"
        />
      )}
      {has('locatorcity') && !values.nationaltargeting && (
        <TagsInput
          label="Cities"
          description="A city, or a city with its state: Austin, TX"
          splitChars={[';']}
          value={values.locatorcity}
          onChange={(value) => set('locatorcity', value)}
          error={errors.locatorcity}
          disabled={disabled}
          clearable
          data-testid="campaign-cities"
        />
      )}
      {has('locatorrequire') && (
        <MultiSelect
          label="Required Lead Fields"
          data={REQUIRABLE_OPTIONS}
          value={values.locatorrequire}
          onChange={(value) => set('locatorrequire', value)}
          error={errors.locatorrequire}
          disabled={disabled}
          data-testid="campaign-require"
        />
      )}
      {informationListOf(module) === 'listAdvanceInformationId' && (
        <MultiSelect
          label="Advanced Information"
          description="What each lead also carries, when the data vendor holds it."
          data={informationOptions}
          searchable
          clearable
          value={values.listAdvanceInformationId}
          onChange={(value) => set('listAdvanceInformationId', value)}
          error={errors.listAdvanceInformationId}
          disabled={disabled}
          data-testid="campaign-advanced-information"
        />
      )}
      {informationListOf(module) === 'listB2BInformationId' && (
        <MultiSelect
          label="B2B Information"
          description="What each lead also carries about the person's work, when the data vendor holds it."
          data={informationOptions}
          searchable
          clearable
          value={values.listB2BInformationId}
          onChange={(value) => set('listB2BInformationId', value)}
          error={errors.listB2BInformationId}
          disabled={disabled}
          data-testid="campaign-b2b-information"
        />
      )}
    </Stack>
  );
}
