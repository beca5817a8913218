import { type PaymentTerm, SETTING_SAVED } from '@app/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type PaymentTermSetting, useSaveSetting, useSetting } from '../../../api/settings';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

/** The payment term new clients start with (paymenttermDefault), among the terms this company offers. */
export function PaymentTermSection(props: SectionProps) {
  const setting = useSetting(props.companyID, 'paymenttermDefault');
  return (
    <QueryGate query={setting} label="Loading payment terms" testId="payment-term-load-error">
      {setting.data && <PaymentTermEditor {...props} data={setting.data.data} />}
    </QueryGate>
  );
}

function PaymentTermEditor({ companyID, canSave, data }: SectionProps & { data: PaymentTermSetting }) {
  const [term, setTerm] = useState<PaymentTerm | null>(data.paymenttermDefault);
  const [saved, setSaved] = useState<string | null>(null);
  const save = useSaveSetting();

  useEffect(() => setTerm(data.paymenttermDefault), [data.paymenttermDefault]);

  const submit = async () => {
    setSaved(null);
    try {
      const answer = await save.mutateAsync({ companyID, comsetname: 'paymenttermDefault', comsetval: term });
      setSaved(answer.message || SETTING_SAVED);
    } catch {
      // shown by the save bar
    }
  };

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        New clients start on this payment term; it can be changed per client.
      </Text>
      {data.paymentterm.length === 0 ? (
        <Text size="sm" data-testid="payment-term-none">
          No payment terms are offered yet.
        </Text>
      ) : (
        <Select
          label="Default Payment Term"
          placeholder="No default"
          data={data.paymentterm}
          value={term}
          clearable
          onChange={(value) => {
            setTerm(value as PaymentTerm | null);
            setSaved(null);
          }}
          w={280}
          data-testid="payment-term-default"
        />
      )}
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={() => void submit()}
        saved={saved}
        error={save.error}
        testId="payment-term-save"
      />
    </Stack>
  );
}
