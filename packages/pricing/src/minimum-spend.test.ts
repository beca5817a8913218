import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  type MinimumSpendSchedule,
  minimumSpendLeftFrom,
  minimumSpendMonthsEnded,
  minimumSpendShortfall,
  monthlyMinimum,
} from './minimum-spend.js';

const plan: MinimumSpendSchedule = { kind: 'plan', months: 3, flatMonth: asCents(50_000) };
const setting: MinimumSpendSchedule = {
  kind: 'setting',
  firstMonth: asCents(10_000),
  secondMonth: asCents(20_000),
  monthly: asCents(30_000),
};
const dates = (periods: { startDate: string; endDate: string }[]) =>
  periods.map((p) => `${p.startDate}..${p.endDate}`);

describe('monthlyMinimum: which month of the schedule applies', () => {
  it('a plan asks flatMonth in each of its months, then nothing', () => {
    expect([0, 1, 2, 3, 12].map((m) => monthlyMinimum(plan, m))).toEqual([50_000, 50_000, 50_000, 0, 0]);
  });

  it('a plan of 0 months asks nothing', () => {
    expect(monthlyMinimum({ kind: 'plan', months: 0, flatMonth: asCents(50_000) }, 0)).toBe(0);
  });

  it('the root setting asks the first month, the second, then monthly for ever', () => {
    expect([0, 1, 2, 3, 40].map((m) => monthlyMinimum(setting, m))).toEqual([
      10_000, 20_000, 30_000, 30_000, 30_000,
    ]);
  });

  it('refuses a month that is not a whole number from 0', () => {
    expect(() => monthlyMinimum(plan, -1)).toThrow(RangeError);
    expect(() => monthlyMinimum(plan, 1.5)).toThrow(RangeError);
  });

  it('knows when a schedule can ask nothing more', () => {
    expect(minimumSpendLeftFrom(plan, 2)).toBe(true);
    expect(minimumSpendLeftFrom(plan, 3)).toBe(false);
    expect(minimumSpendLeftFrom({ ...setting, monthly: asCents(0) }, 1)).toBe(true);
    expect(minimumSpendLeftFrom({ ...setting, monthly: asCents(0) }, 2)).toBe(false);
  });
});

describe('minimumSpendShortfall = max(0, minimum − spent)', () => {
  it.each([
    [50_000, 0, 50_000],
    [50_000, 12_345, 37_655],
    [50_000, 50_000, 0],
    [50_000, 80_000, 0],
    [0, 0, 0],
    // More refunded than bought: nothing spent, the shortfall is the minimum, never more.
    [50_000, -5_000, 50_000],
  ])('minimum %i, spent %i → %i', (minimum, spent, shortfall) => {
    expect(minimumSpendShortfall(asCents(minimum), asCents(spent))).toBe(shortfall);
  });

  it('refuses a negative or fractional minimum', () => {
    expect(() => minimumSpendShortfall(asCents(-1), asCents(0))).toThrow(RangeError);
    expect(() => minimumSpendShortfall(asCents(0.5), asCents(0))).toThrow(RangeError);
  });
});

describe('minimumSpendMonthsEnded: anniversaries in America/Chicago', () => {
  it('a start on the 31st falls on February 28, then back on the 31st', () => {
    const months = minimumSpendMonthsEnded('2027-01-31', new Date('2027-06-01T12:00:00Z'), 0);
    expect(dates(months)).toEqual([
      '2027-01-31..2027-02-28',
      '2027-02-28..2027-03-31',
      '2027-03-31..2027-04-30',
      '2027-04-30..2027-05-31',
    ]);
  });

  it('in a leap year February 29', () => {
    const months = minimumSpendMonthsEnded('2028-01-31', new Date('2028-03-01T12:00:00Z'), 0);
    expect(dates(months)).toEqual(['2028-01-31..2028-02-29']);
  });

  it('a start on the 29th and 30th clamps the same way', () => {
    expect(dates(minimumSpendMonthsEnded('2027-01-29', new Date('2027-04-01T12:00:00Z'), 0))).toEqual([
      '2027-01-29..2027-02-28',
      '2027-02-28..2027-03-29',
    ]);
    expect(dates(minimumSpendMonthsEnded('2027-01-30', new Date('2027-04-01T12:00:00Z'), 1))).toEqual([
      '2027-02-28..2027-03-30',
    ]);
  });

  it('a month across the spring change lasts one hour less, local midnight to local midnight', () => {
    const [march] = minimumSpendMonthsEnded('2027-02-15', new Date('2027-04-20T00:00:00Z'), 1);
    expect(march?.start.toISOString()).toBe('2027-03-15T05:00:00.000Z');
    expect(march?.end.toISOString()).toBe('2027-04-15T05:00:00.000Z');
    const [february] = minimumSpendMonthsEnded('2027-02-15', new Date('2027-04-20T00:00:00Z'), 0);
    // 2027-03-14 02:00 local: the clocks go forward, so February's month is 28 days less an hour.
    expect(february?.start.toISOString()).toBe('2027-02-15T06:00:00.000Z');
    expect(february?.end.toISOString()).toBe('2027-03-15T05:00:00.000Z');
    expect(((february?.end.getTime() ?? 0) - (february?.start.getTime() ?? 0)) / 3_600_000).toBe(28 * 24 - 1);
  });

  it('a month ends exactly at its anniversary, not before', () => {
    const end = new Date('2027-02-28T06:00:00.000Z'); // local midnight of Feb 28 in Chicago
    expect(minimumSpendMonthsEnded('2027-01-31', new Date(end.getTime() - 1), 0)).toEqual([]);
    expect(dates(minimumSpendMonthsEnded('2027-01-31', end, 0))).toEqual(['2027-01-31..2027-02-28']);
  });
});
