import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { commissionOn, commissionReversal, DEFAULT_COMMISSION_BPS } from './commission.js';

describe('commissionOn', () => {
  it('is the rate of the base, rounded down to whole cents', () => {
    expect(commissionOn(asCents(2125), DEFAULT_COMMISSION_BPS)).toBe(106); // 106.25
    expect(commissionOn(asCents(19), DEFAULT_COMMISSION_BPS)).toBe(0); // 0.95
    expect(commissionOn(asCents(20), DEFAULT_COMMISSION_BPS)).toBe(1);
    expect(commissionOn(asCents(99_999_999_99), 1250)).toBe(12_499_999_99); // 12.5 % of $99,999,999.99
    expect(commissionOn(asCents(0), 500)).toBe(0);
  });

  it.each([-1, 5_001, 2.5])('refuses a rate of %s basis points', (bps) => {
    expect(() => commissionOn(asCents(100), bps)).toThrow(RangeError);
  });
});

describe('commissionReversal', () => {
  it('takes back the commission on the refunded part, never more than is left of it', () => {
    // Earned 106 on 2125; the whole refunded: all of it back.
    expect(commissionReversal(asCents(2125), DEFAULT_COMMISSION_BPS, asCents(106), asCents(0))).toBe(106);
    // Half refunded: 5 % of 1062, rounded down.
    expect(commissionReversal(asCents(1062), DEFAULT_COMMISSION_BPS, asCents(106), asCents(0))).toBe(53);
    // A second part after most was taken back: capped at what is left.
    expect(commissionReversal(asCents(2000), DEFAULT_COMMISSION_BPS, asCents(106), asCents(-100))).toBe(6);
    expect(commissionReversal(asCents(19), DEFAULT_COMMISSION_BPS, asCents(106), asCents(0))).toBe(0);
  });

  it('refuses a negative earning or a positive reversal', () => {
    expect(() => commissionReversal(asCents(100), 500, asCents(-1), asCents(0))).toThrow(RangeError);
    expect(() => commissionReversal(asCents(100), 500, asCents(5), asCents(1))).toThrow(RangeError);
  });
});
