import {
  asCents,
  type Cents,
  centsFromBigInt,
  DEFAULT_COMMISSION_BPS,
  MAX_COMMISSION_BPS,
} from '@app/contracts';

/** The default (5 %) and the highest rate (50 %) are the contracts' (decision 0089), read by the screen too. */
export { DEFAULT_COMMISSION_BPS, MAX_COMMISSION_BPS } from '@app/contracts';

/**
 * A sales person's commission on collected money: `rateBps` basis points of `base`, rounded down to
 * whole cents (the platform never pays a fraction of a cent it did not collect). Reversing it on a
 * refund uses the same function on the refunded part, so earned − reversed never exceeds the share
 * of what was finally kept.
 */
export function commissionOn(base: Cents, rateBps: number): Cents {
  if (!Number.isSafeInteger(base) || base < 0)
    throw new RangeError(`A commission base must be ≥ 0 cents: ${base}`);
  if (!Number.isSafeInteger(rateBps) || rateBps < 0 || rateBps > MAX_COMMISSION_BPS)
    throw new RangeError(`A commission rate must be 0 to ${MAX_COMMISSION_BPS} basis points: ${rateBps}`);
  return centsFromBigInt((BigInt(base) * BigInt(rateBps)) / 10_000n);
}

/**
 * What a refund of `refundedBase` (the platform part given back) takes back of a commission `earned`
 * at `rateBps`, of which reversals took `reversedSoFar` (≤ 0) already: the commission on the refunded
 * part, never more than is left, so refunds in parts never reverse more than was earned (decision 0084).
 */
export function commissionReversal(
  refundedBase: Cents,
  rateBps: number,
  earned: Cents,
  reversedSoFar: Cents,
): Cents {
  if (
    !Number.isSafeInteger(earned) ||
    earned < 0 ||
    !Number.isSafeInteger(reversedSoFar) ||
    reversedSoFar > 0
  )
    throw new RangeError(`A commission is earned ≥ 0 and reversed ≤ 0: ${earned}, ${reversedSoFar}`);
  const left = earned + reversedSoFar;
  const share = commissionOn(refundedBase, rateBps);
  return asCents(Math.max(0, Math.min(share, left)));
}

/**
 * The rate in force at an instant (decision 0089): the latest change that took effect at or before
 * it, else the default. `changes` are in the order they took effect; a change applies to money
 * collected from its instant on, never to money collected before it.
 */
export function rateInForce(changes: readonly { rateBps: number; effectiveFrom: Date }[], at: Date): number {
  let rate = DEFAULT_COMMISSION_BPS;
  for (const change of changes) {
    if (change.effectiveFrom.getTime() > at.getTime()) break;
    rate = change.rateBps;
  }
  return rate;
}
