import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { commissionOn, commissionReversal, DEFAULT_COMMISSION_BPS, rateInForce } from './commission.js';

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

describe('rateInForce (decision 0089)', () => {
  const at = (iso: string) => new Date(iso);
  const changes = [
    { rateBps: 700, effectiveFrom: at('2026-03-10T12:00:00Z') },
    { rateBps: 250, effectiveFrom: at('2026-04-01T00:00:00Z') },
  ];
  it('is the default before any change, and the latest change at or before the instant after', () => {
    expect(rateInForce([], at('2026-05-01T00:00:00Z'))).toBe(DEFAULT_COMMISSION_BPS);
    expect(rateInForce(changes, at('2026-03-10T11:59:59.999Z'))).toBe(DEFAULT_COMMISSION_BPS);
    expect(rateInForce(changes, at('2026-03-10T12:00:00Z'))).toBe(700);
    expect(rateInForce(changes, at('2026-03-31T23:59:59Z'))).toBe(700);
    expect(rateInForce(changes, at('2026-04-01T00:00:00Z'))).toBe(250);
  });
});
