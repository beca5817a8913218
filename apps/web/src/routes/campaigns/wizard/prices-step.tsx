import {
  asMicros,
  type CampaignModule,
  LIMIT_FREQUENCIES,
  PAYMENT_TERM_LABELS,
  PAYMENT_TERMS,
  type PaymentTerm,
} from '@app/contracts';
import { NumberInput, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { useSetting } from '../../../api/settings';
import { PriceInput } from '../../../components/price-input/price-input';
import {
  floorHint,
  type PriceFormErrors,
  type PriceFormField,
  type PriceFormValues,
  periodWording,
  perLeadFields,
  perLeadFloor,
} from './prices-model';

const PER_LEAD_LABELS = {
  CostSet: 'Cost per lead',
  CostSetAdvanced: 'Cost per lead (advanced information)',
  CostSetB2b: 'Cost per lead (B2B)',
} as const;

const FREQUENCY_LABELS = { day: 'Per day', month: 'Per month', lifetime: 'For the campaign' } as const;

interface PricesStepProps {
  module: CampaignModule;
  agencyId: number;
  values: PriceFormValues;
  errors: PriceFormErrors;
  set: <K extends PriceFormField>(field: K, value: PriceFormValues[K]) => void;
  disabled: boolean;
}

/**
 * Step 4, agency staff only: what the agency charges the client for this campaign (spec 2 §3 "Client
 * cost module"). Enhance and b2b per-lead prices show the floor hint '*Cost Per Lead Minimum {value}'
 * (spec 2 §5) from the agency's own cost for the term; the server refuses the same.
 */
export function PricesStep({ module, agencyId, values, errors, set, disabled }: PricesStepProps) {
  const cost = useSetting(agencyId, 'costagency');
  const floor = perLeadFloor(cost.data, module, values.PaymentTerm);
  const term = values.PaymentTerm;
  return (
    <Stack gap="sm">
      <Select
        label="Payment Term"
        data={PAYMENT_TERMS.map((value) => ({ value, label: PAYMENT_TERM_LABELS[value] }))}
        allowDeselect={false}
        value={term}
        onChange={(value) => set('PaymentTerm', (value ?? 'Weekly') as PaymentTerm)}
        error={errors.PaymentTerm}
        disabled={disabled}
        data-testid="campaign-payment-term"
      />
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <PriceInput
          unit="cents"
          label="Setup fee"
          value={values.PlatformFee}
          onChange={(amount) => set('PlatformFee', amount)}
          error={errors.PlatformFee}
          disabled={disabled}
          data-testid="campaign-setup-fee"
        />
        <PriceInput
          unit="cents"
          label={periodWording(term)}
          value={values.CostMonth}
          onChange={(amount) => set('CostMonth', amount)}
          error={errors.CostMonth}
          disabled={disabled}
          data-testid="campaign-period-fee"
        />
        {term !== 'OneTime' &&
          perLeadFields(module).map((field) => {
            const hint = field === perLeadFields(module)[0] ? floorHint(values[field], floor) : null;
            return (
              <PriceInput
                key={field}
                unit="micros"
                label={PER_LEAD_LABELS[field]}
                value={values[field]}
                onChange={(amount) => set(field, asMicros(amount))}
                error={errors[field] ?? hint ?? undefined}
                disabled={disabled}
                data-testid={`campaign-${field}`}
              />
            );
          })}
      </SimpleGrid>
      {term === 'Prepaid' && (
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <NumberInput
            label="Leads bought at a time"
            min={0}
            allowDecimal={false}
            allowNegative={false}
            value={values.leadsbuy}
            onChange={(value) => set('leadsbuy', typeof value === 'number' ? value : 0)}
            error={errors.leadsbuy}
            disabled={disabled}
            data-testid="campaign-leads-buy"
          />
          <Select
            label="Top-up"
            data={[
              { value: 'onetime', label: 'Once' },
              { value: 'continual', label: 'Continual top-up' },
            ]}
            allowDeselect={false}
            value={values.topupoptions}
            onChange={(value) => set('topupoptions', value === 'continual' ? 'continual' : 'onetime')}
            disabled={disabled}
            data-testid="campaign-topup"
          />
        </SimpleGrid>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <NumberInput
          label="Lead limit (0: no limit)"
          min={0}
          max={1_000_000}
          allowDecimal={false}
          allowNegative={false}
          value={values.LimitLead}
          onChange={(value) => set('LimitLead', typeof value === 'number' ? value : 0)}
          error={errors.LimitLead}
          disabled={disabled}
          data-testid="campaign-limit"
        />
        <Select
          label="Limit period"
          data={LIMIT_FREQUENCIES.map((value) => ({ value, label: FREQUENCY_LABELS[value] }))}
          allowDeselect={false}
          value={values.LimitLeadFreq}
          onChange={(value) => set('LimitLeadFreq', (value ?? 'day') as PriceFormValues['LimitLeadFreq'])}
          error={errors.LimitLeadFreq}
          disabled={disabled}
          data-testid="campaign-limit-frequency"
        />
      </SimpleGrid>
      <Text size="xs" c="dimmed">
        The activation charges what the payment term makes due at the start: the setup fee and the first
        platform fee (prepaid: the leads bought).
      </Text>
    </Stack>
  );
}
