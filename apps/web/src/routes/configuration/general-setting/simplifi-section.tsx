import { SETTINGS_SAVED } from '@app/contracts';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type SimplifiMinimums, useSaveSetting, useSetting } from '../../../api/settings';
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
  const [leadsError, setLeadsError] = useState<string | undefined>();
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveSetting();
  useEffect(() => setForm(simplifiFormFrom(data)), [data]);

  const set = <K extends keyof SimplifiForm>(key: K, value: SimplifiForm[K]) => {
    setForm((f) => ({ ...f, [key]: value }));
    if (key === 'enhanceMinLeads') setLeadsError(undefined);
    setSaved(null);
  };

  const submit = () => {
    setSaved(null);
    const errors = validateSimplifi(form);
    setLeadsError(errors.enhanceMinLeadsPerDay);
    if (Object.values(errors).some(Boolean)) return;
    save.mutate(
      { companyID, comsetname: 'simplifiminimums', comsetval: toSimplifiValue(form) },
      { onSuccess: (answer) => setSaved(answer.message || SETTINGS_SAVED) },
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
              onChange={(maxBid) => set('maxBid', maxBid)}
              data-testid="simplifi-max-bid"
            />
            <PriceInput
              label="Minimum Daily Budget"
              unit="cents"
              value={form.dailyBudget}
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
          error={leadsError}
          onChange={(e) => set('enhanceMinLeads', normaliseWholeNumberInput(e.currentTarget.value))}
          data-testid="enhance-min-leads"
        />
      </SimpleGrid>
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={submit}
        saved={saved}
        error={save.error}
        testId="simplifi-save"
      />
    </Stack>
  );
}
