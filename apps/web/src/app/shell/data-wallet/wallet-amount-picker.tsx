import {
  asCents,
  DATA_WALLET_CUSTOM_MINIMUM,
  DATA_WALLET_MAXIMUM_TEXT,
  DATA_WALLET_PRESETS,
} from '@app/contracts';
import { Group, Radio, Stack, Text } from '@mantine/core';
import { PriceInput } from '../../../components/price-input/price-input';
import { aboveMaximumOf, minimumHintOf, type WalletChoiceForm } from './wallet-choice';

const CUSTOM = 'custom';

/**
 * The top-up amount (spec 2 §4, §5): the presets $0, $250, $500 and $1,000 as radios, or a custom
 * amount of at least $2,500 typed in the app's price input (digits and one decimal point, copy, cut
 * and paste blocked, raised to the minimum on blur, '*Minimum amount is 2500' while below it).
 */
export function WalletAmountPicker({
  form,
  onChange,
}: {
  form: WalletChoiceForm;
  onChange: (form: WalletChoiceForm) => void;
}) {
  return (
    <Stack gap="xs">
      <Radio.Group
        label="Top-up amount"
        value={form.mode === 'custom' ? CUSTOM : String(form.preset)}
        onChange={(value) =>
          onChange(
            value === CUSTOM
              ? { ...form, mode: 'custom' }
              : { ...form, mode: 'preset', preset: asCents(Number.parseInt(value, 10)) },
          )
        }
        data-testid="data-wallet-amounts"
      >
        <Group gap="lg" mt={4}>
          {DATA_WALLET_PRESETS.map((preset) => (
            <Radio
              key={preset.id}
              value={String(preset.cents)}
              label={`$${preset.dollars.toLocaleString('en-US')}`}
            />
          ))}
          <Radio value={CUSTOM} label="Custom amount" />
        </Group>
      </Radio.Group>
      {form.mode === 'custom' && (
        <PriceInput
          unit="cents"
          label="Custom amount"
          value={form.custom}
          min={DATA_WALLET_CUSTOM_MINIMUM}
          hint={() => minimumHintOf(form)}
          onChange={(custom) => onChange({ ...form, custom })}
          data-testid="data-wallet-custom-amount"
        />
      )}
      {aboveMaximumOf(form) && (
        <Text size="xs" c="red" data-testid="data-wallet-custom-amount-maximum">
          {DATA_WALLET_MAXIMUM_TEXT}
        </Text>
      )}
    </Stack>
  );
}
