import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { applyCoupon, chargeForLeads, sumCents } from './fees.js';

const c = asCents;
const m = asMicros;

describe('chargeForLeads: micro-dollars × leads, rounded half up once per line', () => {
  it.each([
    ['no quantities', [], 0],
    ['zero leads', [{ leads: 0, unitPrice: m(750_000) }], 0],
    ['a free lead', [{ leads: 10, unitPrice: m(0) }], 0],
    ['whole cents', [{ leads: 3, unitPrice: m(750_000) }], 225],
    ['just under half a cent rounds down', [{ leads: 1, unitPrice: m(4_999) }], 0],
    ['exactly half a cent rounds up', [{ leads: 1, unitPrice: m(5_000) }], 1],
    ['tenths of a cent', [{ leads: 1, unitPrice: m(125_000) }], 13],
    ['tenths of a cent add up before rounding', [{ leads: 3, unitPrice: m(125_000) }], 38],
    ['one micro-dollar, a million times', [{ leads: 1_000_000, unitPrice: m(1) }], 100],
    [
      'quantities of one line are summed before rounding (not 1 + 1)',
      [
        { leads: 1, unitPrice: m(6_000) },
        { leads: 1, unitPrice: m(6_000) },
      ],
      1,
    ],
    [
      'several prices on one line',
      [
        { leads: 2, unitPrice: m(950_000) },
        { leads: 5, unitPrice: m(1_800_000) },
      ],
      1_090,
    ],
  ])('%s', (_name, quantities, cents) => {
    expect(chargeForLeads(quantities)).toBe(cents);
  });

  it('stays exact past 2^53 micro-dollars (BigInt product)', () => {
    // $9,999,999.999 per lead × 900,000 leads = 8,999,999,999,100,000,000 micro-dollars.
    expect(chargeForLeads([{ leads: 900_000, unitPrice: m(9_999_999_999_000) }])).toBe(899_999_999_910_000);
  });

  it('refuses a result beyond the safe-integer range instead of rounding it', () => {
    expect(() => chargeForLeads([{ leads: 1_000_000_000, unitPrice: m(9_999_999_999_000) }])).toThrow(
      RangeError,
    );
  });

  it.each([-1, 1.5, Number.NaN])('refuses %s leads', (leads) => {
    expect(() => chargeForLeads([{ leads, unitPrice: m(1) }])).toThrow(RangeError);
  });

  it('refuses a negative unit price', () => {
    expect(() => chargeForLeads([{ leads: 1, unitPrice: m(-1) }])).toThrow(RangeError);
  });
});

describe('applyCoupon', () => {
  it.each([
    ['10 % of $100', c(10_000), { percentOffBasisPoints: 1_000 }, 1_000, 9_000],
    ['12.5 % of $0.99 rounds half up (12.375 → 12)', c(99), { percentOffBasisPoints: 1_250 }, 12, 87],
    ['12.5 % of $1.00 (12.5 → 13)', c(100), { percentOffBasisPoints: 1_250 }, 13, 87],
    ['100 %', c(4_999), { percentOffBasisPoints: 10_000 }, 4_999, 0],
    ['0 %', c(4_999), { percentOffBasisPoints: 0 }, 0, 4_999],
    ['percent of zero', c(0), { percentOffBasisPoints: 5_000 }, 0, 0],
    ['amount off below the amount', c(10_000), { amountOff: c(2_500) }, 2_500, 7_500],
    ['amount off equal to the amount', c(2_500), { amountOff: c(2_500) }, 2_500, 0],
    ['amount off above the amount: never below zero', c(1_000), { amountOff: c(2_500) }, 1_000, 0],
    ['amount off of zero', c(0), { amountOff: c(2_500) }, 0, 0],
    [
      'the largest amount (just under $10,000,000), half off',
      c(999_999_999),
      { percentOffBasisPoints: 5_000 },
      500_000_000,
      499_999_999,
    ],
  ] as const)('%s', (_name, amount, coupon, discount, total) => {
    expect(applyCoupon(amount, coupon)).toEqual({ discount, total });
  });

  it.each([-1, 10_001, 12.5])('refuses %s basis points', (bp) => {
    expect(() => applyCoupon(c(100), { percentOffBasisPoints: bp })).toThrow(RangeError);
  });

  it('refuses a negative amount or amount off', () => {
    expect(() => applyCoupon(c(-1), { amountOff: c(1) })).toThrow(RangeError);
    expect(() => applyCoupon(c(100), { amountOff: c(-1) })).toThrow(RangeError);
  });
});

describe('sumCents', () => {
  it('adds whole cents', () => {
    expect(sumCents([])).toBe(0);
    expect(sumCents([c(1), c(2), c(-3), c(999_999_999)])).toBe(999_999_999);
  });
  it('throws past the safe-integer range', () => {
    expect(() => sumCents([c(Number.MAX_SAFE_INTEGER), c(1)])).toThrow(RangeError);
  });
});
