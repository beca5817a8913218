import { centsFromWire, formatUsdCents, type GetCouponResponse } from '@app/contracts';
import { Button, Group, Paper, Stack, Text, TextInput } from '@mantine/core';
import { useState } from 'react';
import { checkCoupon } from '../../api/cards';
import { failureMessage } from '../../api/http';
import { useHttp } from '../../app/boot/boot-context';
import { couponToSend } from './card-model';

/** A dollar string of the wire shown as '$1,234.50' (an unreadable one as it came). */
export const usd = (wire: string) => {
  const cents = centsFromWire(wire);
  return cents === null ? wire : formatUsdCents(cents);
};

interface OnboardingFeeProps {
  /** The fee from the onboarding status (dollar string). */
  fee: string;
  couponAllowed: boolean;
  coupon: string;
  setCoupon: (code: string) => void;
  /** A coupon problem the server reported when paying. */
  couponError?: string;
  /** The checked coupon's answer, kept by the form so the pay button shows the price. */
  checked: GetCouponResponse | null;
  setChecked: (answer: GetCouponResponse | null) => void;
  disabled: boolean;
}

/**
 * The onboarding fee the first card pays, shown before paying (issue 10 "Onboarding charge"), and the
 * optional coupon: checked with `get-coupon`, which answers the discounted price. The code is sent with
 * the card only when non-blank (spec 2 §5); the server applies it again, never this answer.
 */
export function OnboardingFee(props: OnboardingFeeProps) {
  const { fee, couponAllowed, coupon, setCoupon, couponError, checked, setChecked, disabled } = props;
  const http = useHttp();
  const [checking, setChecking] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function apply() {
    const code = couponToSend(coupon);
    if (!code) return;
    setChecking(true);
    setError(null);
    try {
      setChecked(await checkCoupon(http, code));
    } catch (failure) {
      setChecked(null);
      setError(failureMessage(failure));
    } finally {
      setChecking(false);
    }
  }

  return (
    <Paper withBorder radius="md" p="md" data-testid="onboarding-fee">
      <Stack gap="sm">
        <Group justify="space-between">
          <Text fw={600}>One-time onboarding fee</Text>
          <Text fw={700} data-testid="onboarding-fee-amount" td={checked ? 'line-through' : undefined}>
            {usd(fee)}
          </Text>
        </Group>
        {checked && (
          <Stack gap={2} data-testid="coupon-applied">
            <Group justify="space-between">
              <Text size="sm">Coupon {checked.code}</Text>
              <Text size="sm">−{usd(checked.discount)}</Text>
            </Group>
            <Group justify="space-between">
              <Text fw={600}>You pay today</Text>
              <Text fw={700} data-testid="onboarding-fee-due">
                {usd(checked.amount)}
              </Text>
            </Group>
          </Stack>
        )}
        {couponAllowed && (
          <Group align="flex-start" gap="sm" wrap="nowrap">
            <TextInput
              label="Coupon code (optional)"
              value={coupon}
              onChange={(event) => {
                setCoupon(event.currentTarget.value);
                setChecked(null);
                setError(null);
              }}
              error={error ?? couponError}
              disabled={disabled}
              maxLength={64}
              style={{ flex: 1 }}
              data-testid="coupon-code"
            />
            <Button
              variant="light"
              mt={25}
              onClick={() => void apply()}
              loading={checking}
              disabled={disabled || !couponToSend(coupon)}
              data-testid="coupon-apply"
            >
              Apply
            </Button>
          </Group>
        )}
        <Text size="xs" c="dimmed">
          Charged once to this card when you save it.
        </Text>
      </Stack>
    </Paper>
  );
}
