import { type Cents, centsFromBigInt } from '@app/contracts';

/** The sales commission rate when a system has set none: 5 % (issue 21). */
export const DEFAULT_COMMISSION_BPS = 500;
/** The highest rate a system may set: 50 %. */
export const MAX_COMMISSION_BPS = 5_000;

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
