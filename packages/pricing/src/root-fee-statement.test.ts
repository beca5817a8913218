import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { rootFeeOfCharge, rootFeeStatement } from './root-fee-statement.js';

describe('rootFeeStatement', () => {
  it('groups leads by root fee and rounds each line once, half up', () => {
    const statement = rootFeeStatement([
      { count: 3, rootFeeMicros: asMicros(333_333) }, // 0.999999 → 100 cents
      { count: 2, rootFeeMicros: asMicros(1_250_000) },
      { count: 4, rootFeeMicros: asMicros(333_333) }, // same unit price: one line of 7
      { count: 5, rootFeeMicros: asMicros(0) }, // leads without a root fee count, owe nothing
    ]);
    expect(statement.lines).toEqual([
      { leads: 2, unitPriceMicros: 1_250_000, amount: 250 },
      { leads: 7, unitPriceMicros: 333_333, amount: 233 }, // 2.333331 dollars
      { leads: 5, unitPriceMicros: 0, amount: 0 },
    ]);
    expect(statement.leadCount).toBe(14);
    expect(statement.total).toBe(483);
  });

  it('rounds per line, not per lead: 3 leads at 0.5 cent make 2 cents, not 3', () => {
    expect(rootFeeStatement([{ count: 3, rootFeeMicros: asMicros(5_000) }]).total).toBe(2); // 1.5 → 2
    expect(rootFeeStatement([{ count: 1, rootFeeMicros: asMicros(4_999) }]).total).toBe(0);
  });

  it('is empty with no leads', () => {
    expect(rootFeeStatement([])).toEqual({ lines: [], feeLines: [], leadCount: 0, total: 0 });
    expect(rootFeeStatement([{ count: 0, rootFeeMicros: asMicros(10_000) }]).lines).toEqual([]);
  });

  it('refuses a negative or broken count', () => {
    expect(() => rootFeeStatement([{ count: -1, rootFeeMicros: asMicros(1) }])).toThrow(RangeError);
    expect(() => rootFeeStatement([{ count: 1.5, rootFeeMicros: asMicros(1) }])).toThrow(RangeError);
  });

  it('adds the root fee of setup and period fees charged, counted per kind, to the leads', () => {
    const statement = rootFeeStatement(
      [{ count: 3, rootFeeMicros: asMicros(333_333) }],
      [
        // An activation: the setup fee and the first period's fee; two period invoices; a setup only.
        { setupFee: asCents(2_000), periodFee: asCents(1_000) },
        { setupFee: asCents(0), periodFee: asCents(1_200) },
        { setupFee: asCents(0), periodFee: asCents(1_200) },
        { setupFee: asCents(2_500), periodFee: asCents(0) },
      ],
    );
    expect(statement.lines).toEqual([{ leads: 3, unitPriceMicros: 333_333, amount: 100 }]);
    expect(statement.feeLines).toEqual([
      { kind: 'setup_fee', count: 2, amount: 4_500 },
      { kind: 'period_fee', count: 3, amount: 3_400 },
    ]);
    expect(statement.leadCount).toBe(3);
    expect(statement.total).toBe(8_000);
    // Fees alone: no lead lines, a total all the same.
    expect(rootFeeStatement([], [{ setupFee: asCents(0), periodFee: asCents(999) }])).toEqual({
      lines: [],
      feeLines: [{ kind: 'period_fee', count: 1, amount: 999 }],
      leadCount: 0,
      total: 999,
    });
  });

  it('refuses a fee that is not whole, non-negative cents', () => {
    expect(() => rootFeeOfCharge({ setupFee: asCents(-1), periodFee: asCents(0) })).toThrow(RangeError);
    expect(() => rootFeeStatement([], [{ setupFee: 1.5 as never, periodFee: asCents(0) }])).toThrow(
      RangeError,
    );
    expect(rootFeeOfCharge({ setupFee: asCents(2_000), periodFee: asCents(1_000) })).toBe(3_000);
  });
});
