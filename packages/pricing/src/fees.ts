import { asCents, type Cents, centsFromBigInt, MICROS_PER_CENT, type Micros } from '@app/contracts';

/*
 * Fee arithmetic (decision 0028). Integers only: products that may pass 2^53 are taken in BigInt,
 * and a result that is not a safe integer throws (asCents) instead of losing precision.
 */

/** Rounds a non-negative BigInt quotient half up: 0.5 cent and above goes to the next cent. */
function divideHalfUp(numerator: bigint, denominator: bigint): bigint {
  return (numerator + denominator / 2n) / denominator;
}

function requireCount(count: number): bigint {
  if (!Number.isSafeInteger(count) || count < 0) throw new RangeError(`Not a count of leads: ${count}`);
  return BigInt(count);
}

function requireNonNegative(amount: number, what: string): void {
  if (amount < 0) throw new RangeError(`${what} may not be negative: ${amount}`);
}

/** One priced quantity of an invoice line: so many leads at a unit price. */
export interface LeadQuantity {
  leads: number;
  unitPrice: Micros;
}

/**
 * The cents charged for an invoice line: the exact micro-dollar total of every quantity
 * (leads × unit price), rounded half up to whole cents once for the line, never per lead.
 */
export function chargeForLeads(quantities: readonly LeadQuantity[]): Cents {
  let micros = 0n;
  for (const { leads, unitPrice } of quantities) {
    requireNonNegative(unitPrice, 'A unit price');
    micros += requireCount(leads) * BigInt(unitPrice);
  }
  return centsFromBigInt(divideHalfUp(micros, BigInt(MICROS_PER_CENT)));
}

/** Adds amounts of cents; throws rather than leave the safe-integer range. */
export function sumCents(amounts: readonly Cents[]): Cents {
  let total = 0;
  for (const amount of amounts) total += amount;
  return asCents(total);
}

/** A coupon: a percentage off in basis points (1250 = 12.50 %), or an amount off in cents. */
export type Coupon = { percentOffBasisPoints: number } | { amountOff: Cents };

export interface Discounted {
  discount: Cents;
  /** What is left to charge: never below zero. */
  total: Cents;
}

/**
 * A coupon applied to an amount: a percentage is rounded half up to whole cents; an amount off
 * larger than the amount takes it to zero, never below.
 */
export function applyCoupon(amount: Cents, coupon: Coupon): Discounted {
  requireNonNegative(amount, 'An amount');
  let discount: Cents;
  if ('percentOffBasisPoints' in coupon) {
    const bp = coupon.percentOffBasisPoints;
    if (!Number.isSafeInteger(bp) || bp < 0 || bp > 10_000)
      throw new RangeError(`A percentage off must be 0 to 10,000 basis points: ${bp}`);
    discount = centsFromBigInt(divideHalfUp(BigInt(amount) * BigInt(bp), 10_000n));
  } else {
    requireNonNegative(coupon.amountOff, 'An amount off');
    discount = coupon.amountOff < amount ? coupon.amountOff : amount;
  }
  return { discount, total: asCents(amount - discount) };
}
