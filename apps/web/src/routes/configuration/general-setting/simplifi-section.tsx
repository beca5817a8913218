import { SETTINGS_SAVED, type SimplifiMinimumsValue } from '@app/contracts';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type SimplifiMinimums, useSaveSetting, useSetting } from '../../../api/settings';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { PriceInput } from '../../../components/price-input/price-input';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';
import {
  normaliseWholeNumberInput,
  type SimplifiForm,
  simplifiFormFrom,
  toSimplifiValue,
  validateSimplifi,
} from './simplifi-model';

/**
 * The campaign minimums of the root company: the fewest leads per day an enhance campaign may ask
 * for and, on the master system (the only one with Simplifi, the ad platform), the lowest max bid
 * (per thousand impressions) and daily budget. Elsewhere the Simplifi fields are not shown and the
 * stored values are sent back unchanged.
 */
type SimplifiErrors = Partial<Record<keyof SimplifiMinimumsValue, string>>;

/** The value's fields are the inputs the server's texts land under (`comsetval.maxBid` …). */
const SIMPLIFI_INPUTS = inputsNamed<keyof SimplifiMinimumsValue>([
  'maxBid',
  'dailyBudget',
  'enhanceMinLeadsPerDay',
]);

/** Which value field a form input feeds, so editing an input clears its text. */
const INPUT_OF_FIELD: Record<keyof SimplifiForm, keyof SimplifiMinimumsValue> = {
  maxBid: 'maxBid',
  dailyBudget: 'dailyBudget',
  enhanceMinLeads: 'enhanceMinLeadsPerDay',
};

export function SimplifiSection(props: SectionProps) {
  const setting = useSetting(props.companyID, 'simplifiminimums');
  return (
    <QueryGate query={setting} label="Loading campaign minimums" testId="simplifi-load-error">
      {setting.data && <SimplifiEditor {...props} data={setting.data.data} />}
    </QueryGate>
  );
}

function SimplifiEditor({ user, companyID, canSave, data }: SectionProps & { data: SimplifiMinimums }) {
  const withSimplifi = user.is_master_system;
  const [form, setForm] = useState(() => simplifiFormFrom(data));
  const [errors, setErrors] = useState<SimplifiErrors>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveSetting();
  useEffect(() => setForm(simplifiFormFrom(data)), [data]);

  const set = <K extends keyof SimplifiForm>(key: K, value: SimplifiForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    setErrors((current) => ({ ...current, [INPUT_OF_FIELD[key]]: undefined }));
    setFailure(null);
    setSaved(null);
  };

  const submit = () => {
    setSaved(null);
    setFailure(null);
    const found = validateSimplifi(form);
    setErrors(found);
    if (Object.values(found).some(Boolean)) return;
    save.mutate(
      { companyID, comsetname: 'simplifiminimums', comsetval: toSimplifiValue(form) },
      {
        onSuccess: (answer) => setSaved(answer.message || SETTINGS_SAVED),
        onError: (cause) => {
          const placed = placeServerErrors(cause, SIMPLIFI_INPUTS);
          setErrors(placed.fields);
          setFailure(placed.message);
        },
      },
    );
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {withSimplifi
          ? 'Campaigns may not bid, budget or ask for fewer leads per day than these minimums.'
          : 'Enhance campaigns may not ask for fewer leads per day than this minimum.'}{' '}
        0 means no minimum.
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        {withSimplifi && (
          <>
            <PriceInput
              label="Minimum Max Bid (per thousand impressions)"
              unit="micros"
              value={form.maxBid}
              error={errors.maxBid}
              onChange={(maxBid) => set('maxBid', maxBid)}
              data-testid="simplifi-max-bid"
            />
            <PriceInput
              label="Minimum Daily Budget"
              unit="cents"
              value={form.dailyBudget}
              error={errors.dailyBudget}
              onChange={(dailyBudget) => set('dailyBudget', dailyBudget)}
              data-testid="simplifi-daily-budget"
            />
          </>
        )}
        <TextInput
          label="Enhance Minimum Leads Per Day"
          description="A whole number from 0 to 10,000."
          inputMode="numeric"
          value={form.enhanceMinLeads}
          error={errors.enhanceMinLeadsPerDay}
          onChange={(e) => set('enhanceMinLeads', normaliseWholeNumberInput(e.currentTarget.value))}
          data-testid="enhance-min-leads"
        />
      </SimpleGrid>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={submit}
        saved={saved}
        failure={failure}
        testId="simplifi-save"
      />
    </Stack>
  );
}
