import {
  COUPON_TEXTS,
  type CouponView as Coupon,
  type CreateCouponRequest,
  centsFromWire,
  formatUsdCents,
} from '@app/contracts';

/** The create form: code, percent or amount off, valid from/to (inclusive days), usage limit. */
export interface CouponFormValues {
  code: string;
  kind: 'percent' | 'amount';
  value: string;
  valid_from: string;
  valid_to: string;
  usage_limit: string;
}

export type CouponErrors = Partial<Record<keyof CouponFormValues, string>>;

export const EMPTY_COUPON: CouponFormValues = {
  code: '',
  kind: 'percent',
  value: '',
  valid_from: '',
  valid_to: '',
  usage_limit: '',
};

/**
 * The checks the server makes too (its texts), done first so a typo costs no round trip: code 3-32
 * letters, digits, hyphens or underscores; a percentage above 0 up to 100 (two decimals); an amount
 * in dollars above 0; the end date not before the start; a whole usage limit of at least 1.
 */
export function validateCoupon(values: CouponFormValues): CouponErrors {
  const errors: CouponErrors = {};
  if (!/^[A-Za-z0-9_-]{3,32}$/.test(values.code.trim())) errors.code = COUPON_TEXTS.codeFormat;
  const value = values.value.trim();
  if (values.kind === 'percent') {
    const match = /^(\d{1,3})(?:\.(\d{1,2}))?$/.exec(value);
    // Whole digits then two decimal digits: '12.5' → 1250 basis points, read as one integer.
    const bp = match ? Number.parseInt(`${match[1]}${(match[2] ?? '').padEnd(2, '0')}`, 10) : 0;
    if (bp < 1 || bp > 10_000) errors.value = COUPON_TEXTS.percentRange;
  } else {
    const cents = centsFromWire(value);
    if (cents === null || cents <= 0) errors.value = COUPON_TEXTS.amountRequired;
  }
  if (values.valid_from && values.valid_to && values.valid_from > values.valid_to)
    errors.valid_to = COUPON_TEXTS.dates;
  const limit = values.usage_limit.trim();
  if (limit && (!/^\d{1,7}$/.test(limit) || Number.parseInt(limit, 10) < 1))
    errors.usage_limit = COUPON_TEXTS.limit;
  return errors;
}

export function createCouponBody(companyID: number, values: CouponFormValues): CreateCouponRequest {
  const limit = values.usage_limit.trim();
  return {
    companyID,
    code: values.code.trim(),
    kind: values.kind,
    value: values.value.trim(),
    valid_from: values.valid_from || null,
    valid_to: values.valid_to || null,
    usage_limit: limit ? Number.parseInt(limit, 10) : null,
  };
}

/** '50% off' or '$100.00 off'. */
export function discountText(coupon: Pick<Coupon, 'kind' | 'value'>): string {
  if (coupon.kind === 'percent') return `${coupon.value}% off`;
  const cents = centsFromWire(coupon.value);
  return `${cents === null ? `$${coupon.value}` : formatUsdCents(cents)} off`;
}

export const usageText = (coupon: Pick<Coupon, 'used' | 'usage_limit'>) =>
  coupon.usage_limit === null ? `${coupon.used} (no limit)` : `${coupon.used} of ${coupon.usage_limit}`;

/** Disabled, expired (its last day is before today, UTC), not yet valid, or active. */
export function couponState(
  coupon: Pick<Coupon, 'disabled' | 'valid_from' | 'valid_to' | 'used' | 'usage_limit'>,
  today: string,
): 'Disabled' | 'Expired' | 'Scheduled' | 'Used up' | 'Active' {
  if (coupon.disabled) return 'Disabled';
  if (coupon.valid_to && coupon.valid_to < today) return 'Expired';
  if (coupon.valid_from && coupon.valid_from > today) return 'Scheduled';
  if (coupon.usage_limit !== null && coupon.used >= coupon.usage_limit) return 'Used up';
  return 'Active';
}
