import { asCents, type Cents, formatUsdCents } from '@app/contracts';

/*
 * What a card processor can charge (Stripe's limits for USD, which the sandbox keeps too): at least
 * $0.50 and at most $999,999.99 in one charge. A price that would make a charge outside them is
 * refused where it is saved, never found out as a "decline" when a campaign starts.
 */

/** The smallest charge a card processor takes: 50 cents. */
export const MIN_CHARGE_CENTS: Cents = asCents(50);
/** The largest single charge: $999,999.99. */
export const MAX_CHARGE_CENTS: Cents = asCents(99_999_999);

/** Nothing (no charge is made) or an amount one card charge can carry. */
export function isChargeable(amount: Cents): boolean {
  return amount === 0 || (amount >= MIN_CHARGE_CENTS && amount <= MAX_CHARGE_CENTS);
}

/**
 * Why an amount cannot be charged, in words that name it (`what`: "The activation charge"), or null
 * when it can.
 */
export function unchargeableText(what: string, amount: Cents): string | null {
  if (isChargeable(amount)) return null;
  return amount < MIN_CHARGE_CENTS
    ? `${what} would be ${formatUsdCents(amount)}: a card charge must be $0 or at least ${formatUsdCents(MIN_CHARGE_CENTS)}.`
    : `${what} would be ${formatUsdCents(amount)}: a card charge can be at most ${formatUsdCents(MAX_CHARGE_CENTS)}.`;
}
