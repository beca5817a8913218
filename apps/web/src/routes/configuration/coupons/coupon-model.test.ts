import { COUPON_TEXTS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  couponState,
  createCouponBody,
  discountText,
  EMPTY_COUPON,
  usageText,
  validateCoupon,
} from './coupon-model';

describe('the coupon form', () => {
  it('checks code, value per kind, dates and limit with the server texts', () => {
    expect(validateCoupon(EMPTY_COUPON)).toEqual({
      code: COUPON_TEXTS.codeFormat,
      value: COUPON_TEXTS.percentRange,
    });
    const good = { ...EMPTY_COUPON, code: 'SPRING-25', value: '12.5' };
    expect(validateCoupon(good)).toEqual({});
    expect(validateCoupon({ ...good, value: '100.01' }).value).toBe(COUPON_TEXTS.percentRange);
    expect(validateCoupon({ ...good, value: '0' }).value).toBe(COUPON_TEXTS.percentRange);
    expect(validateCoupon({ ...good, kind: 'amount', value: '0' }).value).toBe(COUPON_TEXTS.amountRequired);
    expect(validateCoupon({ ...good, kind: 'amount', value: '25.50' })).toEqual({});
    expect(validateCoupon({ ...good, valid_from: '2027-02-01', valid_to: '2027-01-31' }).valid_to).toBe(
      COUPON_TEXTS.dates,
    );
    expect(validateCoupon({ ...good, usage_limit: '0' }).usage_limit).toBe(COUPON_TEXTS.limit);
    expect(validateCoupon({ ...good, usage_limit: '2.5' }).usage_limit).toBe(COUPON_TEXTS.limit);
  });

  it('sends blanks as null and the limit as a whole number', () => {
    expect(createCouponBody(1, { ...EMPTY_COUPON, code: ' abc ', value: '10' })).toEqual({
      companyID: 1,
      code: 'abc',
      kind: 'percent',
      value: '10',
      valid_from: null,
      valid_to: null,
      usage_limit: null,
    });
    expect(
      createCouponBody(1, { ...EMPTY_COUPON, code: 'x', value: '1', usage_limit: '25' }).usage_limit,
    ).toBe(25);
  });

  it('describes a coupon: discount, usage and state', () => {
    expect(discountText({ kind: 'percent', value: '50' })).toBe('50% off');
    expect(discountText({ kind: 'amount', value: '1000' })).toBe('$1,000.00 off');
    expect(usageText({ used: 3, usage_limit: null })).toBe('3 (no limit)');
    expect(usageText({ used: 3, usage_limit: 25 })).toBe('3 of 25');
    const base = { disabled: false, valid_from: null, valid_to: null, used: 0, usage_limit: null };
    expect(couponState(base, '2026-11-26')).toBe('Active');
    expect(couponState({ ...base, disabled: true }, '2026-11-26')).toBe('Disabled');
    expect(couponState({ ...base, valid_to: '2026-11-25' }, '2026-11-26')).toBe('Expired');
    expect(couponState({ ...base, valid_to: '2026-11-26' }, '2026-11-26')).toBe('Active');
    expect(couponState({ ...base, valid_from: '2026-12-01' }, '2026-11-26')).toBe('Scheduled');
    expect(couponState({ ...base, used: 25, usage_limit: 25 }, '2026-11-26')).toBe('Used up');
  });
});
