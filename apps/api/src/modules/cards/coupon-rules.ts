import { type Cents, COUPON_TEXTS, centsToDollars, ZERO_CENTS } from '@app/contracts';
import { applyCoupon, ONBOARDING_AMOUNT_ABOVE } from '@app/pricing';
import { basisPointsToPercentText } from './coupon-percent.js';

/** What the rules need of a stored coupon. */
export interface CouponTerms {
  kind: 'percent' | 'amount';
  percentOffBasisPoints: number | null;
  amountOffCents: Cents | null;
  validFrom: string | null;
  validTo: string | null;
  usageLimit: number | null;
  disabledAt: Date | null;
}

export type CouponCheck =
  | { ok: true; discount: Cents; amount: Cents }
  | { ok: false; message: string; status: 404 | 400 };

/**
 * Whether a coupon applies to a fee today, and what it leaves to charge. `used` counts the coupon's
 * redemptions that hold a place (reserved or redeemed). Days are UTC calendar days, both bounds
 * inclusive. A discount that leaves between $0.01 and $0.50 is refused: the card processor charges
 * nothing below $0.50 and the onboarding rule (spec 2 §9) allows 0 or more than 0.5 only.
 */
export function checkCoupon(
  coupon: CouponTerms | null,
  context: { today: string; used: number; fee: Cents; allowed: boolean },
): CouponCheck {
  if (!context.allowed) return { ok: false, status: 400, message: COUPON_TEXTS.notAllowed };
  if (!coupon) return { ok: false, status: 404, message: COUPON_TEXTS.notFound };
  if (coupon.disabledAt) return { ok: false, status: 400, message: COUPON_TEXTS.disabled };
  if (coupon.validFrom !== null && context.today < coupon.validFrom)
    return { ok: false, status: 400, message: COUPON_TEXTS.notYetValid };
  if (coupon.validTo !== null && context.today > coupon.validTo)
    return { ok: false, status: 400, message: COUPON_TEXTS.expired };
  if (coupon.usageLimit !== null && context.used >= coupon.usageLimit)
    return { ok: false, status: 400, message: COUPON_TEXTS.usedUp };
  const { discount, total } = applyCoupon(context.fee, termsOf(coupon));
  if (total > 0 && total <= ONBOARDING_AMOUNT_ABOVE)
    return { ok: false, status: 400, message: COUPON_TEXTS.leavesTooLittle };
  return { ok: true, discount, amount: total };
}

function termsOf(coupon: CouponTerms) {
  if (coupon.kind === 'percent' && coupon.percentOffBasisPoints !== null)
    return { percentOffBasisPoints: coupon.percentOffBasisPoints };
  if (coupon.kind === 'amount' && coupon.amountOffCents !== null) return { amountOff: coupon.amountOffCents };
  throw new Error(`coupon of kind ${coupon.kind} without its value`);
}

/** The coupon's value as the wire shows it: percent text, or dollars. */
export const couponValueText = (coupon: CouponTerms): string =>
  coupon.kind === 'percent'
    ? basisPointsToPercentText(coupon.percentOffBasisPoints ?? 0)
    : centsToDollars(coupon.amountOffCents ?? ZERO_CENTS);

/** Today's UTC calendar day as YYYY-MM-DD. */
export const utcDay = (now: Date): string => now.toISOString().slice(0, 10);
