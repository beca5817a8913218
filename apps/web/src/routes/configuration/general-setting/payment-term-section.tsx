import { type PaymentTerm, SETTING_SAVED } from '@app/contracts';
import { Select, Stack, Text } from '@mantine/core';
import { useEffect, useState } from 'react';
import { type PaymentTermSetting, useSaveSetting, useSetting } from '../../../api/settings';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import { QueryGate, SaveBar, type SectionProps } from './section-parts';

/** The whole value is the term, so a text about `comsetval` belongs beside the select. */
const TERM_INPUTS = inputsNamed(['term'], { comsetval: 'term', paymenttermDefault: 'term' });

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
  const [termError, setTermError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const save = useSaveSetting();

  useEffect(() => setTerm(data.paymenttermDefault), [data.paymenttermDefault]);

  const submit = async () => {
    setSaved(null);
    setTermError(null);
    setFailure(null);
    try {
      const answer = await save.mutateAsync({ companyID, comsetname: 'paymenttermDefault', comsetval: term });
      setSaved(answer.message || SETTING_SAVED);
    } catch (cause) {
      const placed = placeServerErrors(cause, TERM_INPUTS);
      setTermError(placed.fields.term ?? null);
      setFailure(placed.message);
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
            setTermError(null);
            setFailure(null);
          }}
          error={termError}
          w={280}
          data-testid="payment-term-default"
        />
      )}
      <SaveBar
        canSave={canSave}
        saving={save.isPending}
        onSave={() => void submit()}
        saved={saved}
        failure={failure}
        testId="payment-term-save"
      />
    </Stack>
  );
}
