import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { commissionOn, DEFAULT_COMMISSION_BPS } from './commission.js';

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
