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

/**
 * The first cost-settings row whose activation charge no card could carry (an agency pays its setup
 * and period fee when its client's charge does not, decision 0065): Weekly, Monthly and One Time charge
 * both fees at once, Prepaid the setup fee and the leads bought (checked when the leads are known).
 */
export function findUnchargeableCost(
  rows: readonly { module: string; term: string; setupFeeCents: Cents; platformFeeCents: Cents }[],
): { module: string; term: string; message: string } | null {
  for (const row of rows) {
    const total = asCents(row.setupFeeCents + (row.term === 'Prepaid' ? 0 : row.platformFeeCents));
    const message = unchargeableText(`The ${row.module} ${row.term} activation at these fees`, total);
    if (message) return { module: row.module, term: row.term, message };
  }
  return null;
}
