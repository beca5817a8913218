import { describe, expect, it } from 'vitest';
import {
  type BilledTerm,
  type BillingPeriod,
  billingPeriod,
  monthlyAnniversary,
  periodAt,
  periodsEndedBy,
} from './billing-periods.js';

const HOUR_MS = 3_600_000;
const at = (iso: string) => new Date(iso);
const hours = (period: BillingPeriod) => (period.end.getTime() - period.start.getTime()) / HOUR_MS;
/** A period as plain text, to compare whole windows at once. */
const text = (period: BillingPeriod) => ({
  index: period.index,
  startDate: period.startDate,
  endDate: period.endDate,
  start: period.start.toISOString(),
  end: period.end.toISOString(),
});

describe('billingPeriod, Weekly: anchor + 7·n local days', () => {
  it.each([
    // 2026-01-01 is a Thursday; America/Chicago is UTC−6 in winter.
    [0, '2026-01-01', '2026-01-08', '2026-01-01T06:00:00.000Z', '2026-01-08T06:00:00.000Z'],
    // Across a month end.
    [4, '2026-01-29', '2026-02-05', '2026-01-29T06:00:00.000Z', '2026-02-05T06:00:00.000Z'],
    // Across the year end.
    [52, '2026-12-31', '2027-01-07', '2026-12-31T06:00:00.000Z', '2027-01-07T06:00:00.000Z'],
  ])('Chicago, anchor 2026-01-01, period %i', (index, startDate, endDate, start, end) => {
    const period = billingPeriod('Weekly', '2026-01-01', 'America/Chicago', index);
    expect(text(period)).toEqual({ index, startDate, endDate, start, end });
    expect(hours(period)).toBe(168);
  });

  it.each([
    ['2027-02-25', '2027-03-04'], // February 2027 has 28 days
    ['2028-02-25', '2028-03-03'], // 2028 is a leap year
  ])('crosses the end of February from %s', (anchor, endDate) => {
    expect(billingPeriod('Weekly', anchor, 'UTC', 0).endDate).toBe(endDate);
  });
});

describe('billingPeriod across daylight-saving changes: local midnights, so 167 or 169 hours', () => {
  it.each([
    // Chicago springs forward on Sunday 2026-03-08 (CST −6 → CDT −5), falls back on 2026-11-01.
    [
      'America/Chicago',
      '2026-01-01',
      9,
      '2026-03-05',
      '2026-03-05T06:00:00.000Z',
      '2026-03-12T05:00:00.000Z',
      167,
    ],
    [
      'America/Chicago',
      '2026-01-01',
      43,
      '2026-10-29',
      '2026-10-29T05:00:00.000Z',
      '2026-11-05T06:00:00.000Z',
      169,
    ],
    // New York, same Sundays (EST −5 → EDT −4), weeks anchored on a Monday.
    [
      'America/New_York',
      '2026-03-02',
      0,
      '2026-03-02',
      '2026-03-02T05:00:00.000Z',
      '2026-03-09T04:00:00.000Z',
      167,
    ],
    [
      'America/New_York',
      '2026-03-02',
      34,
      '2026-10-26',
      '2026-10-26T04:00:00.000Z',
      '2026-11-02T05:00:00.000Z',
      169,
    ],
    // Lord Howe moves its clock by half an hour (+10:30 → +11) on Sunday 2026-10-04.
    [
      'Australia/Lord_Howe',
      '2026-10-01',
      0,
      '2026-10-01',
      '2026-09-30T13:30:00.000Z',
      '2026-10-07T13:00:00.000Z',
      167.5,
    ],
  ])('%s, anchor %s, period %i (from %s)', (zone, anchor, index, startDate, start, end, length) => {
    const period = billingPeriod('Weekly', anchor, zone, index);
    expect(period.startDate).toBe(startDate);
    expect(period.start.toISOString()).toBe(start);
    expect(period.end.toISOString()).toBe(end);
    expect(hours(period)).toBe(length);
  });

  it('the weeks either side of a change are 168 hours again and meet it exactly', () => {
    const before = billingPeriod('Weekly', '2026-01-01', 'America/Chicago', 8);
    const change = billingPeriod('Weekly', '2026-01-01', 'America/Chicago', 9);
    const after = billingPeriod('Weekly', '2026-01-01', 'America/Chicago', 10);
    expect([hours(before), hours(change), hours(after)]).toEqual([168, 167, 168]);
    expect(before.end).toEqual(change.start);
    expect(change.end).toEqual(after.start);
  });

  it('a monthly period in Auckland loses the hour of its spring-forward (NZST +12 → NZDT +13)', () => {
    const period = billingPeriod('Monthly', '2026-09-15', 'Pacific/Auckland', 0);
    expect(period.start.toISOString()).toBe('2026-09-14T12:00:00.000Z');
    expect(period.end.toISOString()).toBe('2026-10-14T11:00:00.000Z');
    expect(hours(period)).toBe(30 * 24 - 1);
  });
});

describe('monthlyAnniversary: the anchor day, clamped to short months, never drifting', () => {
  it.each([
    ['2027-01-31', [0, 1, 2, 3, 4], ['2027-01-31', '2027-02-28', '2027-03-31', '2027-04-30', '2027-05-31']],
    ['2028-01-31', [0, 1, 2, 3, 4], ['2028-01-31', '2028-02-29', '2028-03-31', '2028-04-30', '2028-05-31']],
    ['2027-01-30', [1, 2, 3], ['2027-02-28', '2027-03-30', '2027-04-30']],
    ['2028-01-30', [1, 2, 3], ['2028-02-29', '2028-03-30', '2028-04-30']],
    ['2027-01-29', [1, 2], ['2027-02-28', '2027-03-29']],
    ['2028-01-29', [1, 2], ['2028-02-29', '2028-03-29']],
    // Across year ends, from a December anchor.
    ['2027-12-31', [1, 2, 3, 12, 14], ['2028-01-31', '2028-02-29', '2028-03-31', '2028-12-31', '2029-02-28']],
    // From a leap day: the 29th every month, the 28th in common Februaries.
    ['2028-02-29', [1, 12, 48], ['2028-03-29', '2029-02-28', '2032-02-29']],
  ])('from %s', (anchor, ns, dates) => {
    expect(ns.map((n) => monthlyAnniversary(anchor, n))).toEqual(dates);
  });
});

describe('billingPeriod, Monthly: from anniversary to anniversary', () => {
  it('anchor 2028-01-31 in Chicago, through leap February and back to long months', () => {
    const periods = [0, 1, 2, 3].map((i) =>
      text(billingPeriod('Monthly', '2028-01-31', 'America/Chicago', i)),
    );
    expect(periods).toEqual([
      {
        index: 0,
        startDate: '2028-01-31',
        endDate: '2028-02-29',
        start: '2028-01-31T06:00:00.000Z',
        end: '2028-02-29T06:00:00.000Z',
      },
      // Chicago springs forward on 2028-03-12: the 31st begins at 05:00 UTC.
      {
        index: 1,
        startDate: '2028-02-29',
        endDate: '2028-03-31',
        start: '2028-02-29T06:00:00.000Z',
        end: '2028-03-31T05:00:00.000Z',
      },
      {
        index: 2,
        startDate: '2028-03-31',
        endDate: '2028-04-30',
        start: '2028-03-31T05:00:00.000Z',
        end: '2028-04-30T05:00:00.000Z',
      },
      {
        index: 3,
        startDate: '2028-04-30',
        endDate: '2028-05-31',
        start: '2028-04-30T05:00:00.000Z',
        end: '2028-05-31T05:00:00.000Z',
      },
    ]);
  });

  it.each([
    ['2027-01-29', ['2027-02-28', '2027-03-29']],
    ['2027-01-30', ['2027-02-28', '2027-03-30']],
    ['2027-01-31', ['2027-02-28', '2027-03-31']],
    ['2028-01-29', ['2028-02-29', '2028-03-29']],
    ['2028-01-30', ['2028-02-29', '2028-03-30']],
    ['2028-01-31', ['2028-02-29', '2028-03-31']],
  ])('the February period from %s', (anchor, [startDate, endDate]) => {
    const period = billingPeriod('Monthly', anchor, 'America/New_York', 1);
    expect([period.startDate, period.endDate]).toEqual([startDate, endDate]);
  });
});

describe('periodsEndedBy: the periods an invoice run can bill', () => {
  // Weekly from Thursday 2026-01-01 in Chicago: period 3 ends at 2026-01-29T06:00Z.
  const weekly = (now: string, fromIndex: number, limit?: number) =>
    periodsEndedBy('Weekly', '2026-01-01', 'America/Chicago', at(now), fromIndex, limit).map((p) => p.index);

  it('counts a period ending exactly at now as ended, and one ending a millisecond later as not', () => {
    expect(weekly('2026-01-29T06:00:00.000Z', 0)).toEqual([0, 1, 2, 3]);
    expect(weekly('2026-01-29T05:59:59.999Z', 0)).toEqual([0, 1, 2]);
  });

  it('starts at fromIndex and stops at limit', () => {
    expect(weekly('2026-01-29T06:00:00.000Z', 2)).toEqual([2, 3]);
    expect(weekly('2026-01-29T06:00:00.000Z', 4)).toEqual([]);
    expect(weekly('2026-01-29T06:00:00.000Z', 0, 2)).toEqual([0, 1]);
    expect(weekly('2026-01-29T06:00:00.000Z', 1, 1)).toEqual([1]);
  });

  it('has nothing before the first period ends (or before it begins)', () => {
    expect(weekly('2026-01-08T05:59:59.999Z', 0)).toEqual([]);
    expect(weekly('2025-06-01T00:00:00.000Z', 0)).toEqual([]);
  });

  it('returns at most 60 periods by default, contiguous and in order', () => {
    const periods = periodsEndedBy('Weekly', '2020-01-02', 'UTC', at('2026-01-01T00:00:00Z'), 0);
    expect(periods.map((p) => p.index)).toEqual(Array.from({ length: 60 }, (_, i) => i));
    for (let i = 1; i < periods.length; i++) expect(periods[i]?.start).toEqual(periods[i - 1]?.end);
  });

  it('monthly: the whole periods before now, the current one left out', () => {
    const periods = periodsEndedBy('Monthly', '2027-01-31', 'America/Chicago', at('2027-05-15T12:00:00Z'), 0);
    expect(periods.map((p) => [p.startDate, p.endDate])).toEqual([
      ['2027-01-31', '2027-02-28'],
      ['2027-02-28', '2027-03-31'],
      ['2027-03-31', '2027-04-30'],
    ]);
  });
});

describe('periodAt: the period holding an instant', () => {
  it('an instant on a boundary belongs to the period it begins', () => {
    const end = billingPeriod('Weekly', '2026-01-01', 'America/Chicago', 3).end;
    expect(periodAt('Weekly', '2026-01-01', 'America/Chicago', end)?.index).toBe(4);
    expect(periodAt('Weekly', '2026-01-01', 'America/Chicago', new Date(end.getTime() - 1))?.index).toBe(3);
    expect(periodAt('Monthly', '2028-01-31', 'America/Chicago', at('2028-02-29T06:00:00.000Z'))?.index).toBe(
      1,
    );
    expect(periodAt('Monthly', '2028-01-31', 'America/Chicago', at('2028-02-29T05:59:59.999Z'))?.index).toBe(
      0,
    );
    expect(periodAt('Monthly', '2028-01-31', 'America/Chicago', at('2028-03-31T04:59:59.999Z'))?.index).toBe(
      1,
    );
    expect(periodAt('Monthly', '2028-01-31', 'America/Chicago', at('2028-03-31T05:00:00.000Z'))?.index).toBe(
      2,
    );
  });

  it('is null before the anchor day begins, period 0 from its first millisecond', () => {
    expect(periodAt('Weekly', '2026-01-01', 'America/Chicago', at('2026-01-01T05:59:59.999Z'))).toBeNull();
    expect(periodAt('Monthly', '2026-01-01', 'America/Chicago', at('2025-12-31T12:00:00Z'))).toBeNull();
    expect(periodAt('Weekly', '2026-01-01', 'America/Chicago', at('2026-01-01T06:00:00.000Z'))?.index).toBe(
      0,
    );
  });

  it('places the repeated hour of a fall-back night in its week', () => {
    // 06:30Z on 2026-11-01 is the second 01:30 in Chicago (CST).
    const period = periodAt('Weekly', '2026-01-01', 'America/Chicago', at('2026-11-01T06:30:00Z'));
    expect(period?.index).toBe(43);
  });

  it.each<[BilledTerm, string, string]>([
    ['Weekly', '2026-01-01', 'America/Chicago'],
    ['Monthly', '2027-12-31', 'America/New_York'],
    ['Monthly', '2028-02-29', 'Australia/Lord_Howe'],
  ])('%s from %s in %s: every instant of a year lies in [start, end) of its period', (term, anchor, zone) => {
    const first = billingPeriod(term, anchor, zone, 0).start.getTime();
    for (let time = first; time < first + 366 * 24 * HOUR_MS; time += 7 * HOUR_MS + 13 * 60_000) {
      const period = periodAt(term, anchor, zone, new Date(time));
      expect(period).not.toBeNull();
      if (!period) continue;
      expect(period.start.getTime()).toBeLessThanOrEqual(time);
      expect(period.end.getTime()).toBeGreaterThan(time);
      expect(period).toEqual(billingPeriod(term, anchor, zone, period.index));
    }
  });
});

describe('input checks', () => {
  const now = at('2026-06-01T00:00:00Z');

  it.each([-1, 1.5, Number.NaN, Number.POSITIVE_INFINITY, 2 ** 53])(
    'refuses the period index %s',
    (index) => {
      expect(() => billingPeriod('Weekly', '2026-01-01', 'UTC', index)).toThrow(RangeError);
      expect(() => billingPeriod('Weekly', '2026-01-01', 'UTC', index)).toThrow(
        `Not a period index (a non-negative safe integer): ${index}`,
      );
      expect(() => periodsEndedBy('Weekly', '2026-01-01', 'UTC', now, index)).toThrow(RangeError);
    },
  );

  it.each(['2027-02-29', '2026-13-01', '2026-1-01', '', '2026-01-01T00:00'])(
    'refuses the anchor %j',
    (anchor) => {
      const message = `Not a date (YYYY-MM-DD): ${anchor}`;
      expect(() => billingPeriod('Monthly', anchor, 'UTC', 0)).toThrow(message);
      expect(() => monthlyAnniversary(anchor, 1)).toThrow(message);
      expect(() => periodAt('Weekly', anchor, 'UTC', now)).toThrow(message);
      expect(() => periodsEndedBy('Weekly', anchor, 'UTC', now, 0)).toThrow(message);
    },
  );

  it('refuses an unknown zone', () => {
    const message = 'Not an IANA time zone: Mars/Olympus_Mons';
    expect(() => billingPeriod('Weekly', '2026-01-01', 'Mars/Olympus_Mons', 0)).toThrow(message);
    expect(() => periodAt('Weekly', '2026-01-01', 'Mars/Olympus_Mons', now)).toThrow(message);
    expect(() => periodsEndedBy('Weekly', '2026-01-01', 'Mars/Olympus_Mons', now, 0)).toThrow(message);
  });

  it('refuses a term not billed per period, an invalid now, a bad limit or month count', () => {
    expect(() => billingPeriod('OneTime' as BilledTerm, '2026-01-01', 'UTC', 0)).toThrow(
      'Not a term billed per period (Weekly or Monthly): OneTime',
    );
    expect(() => periodAt('Weekly', '2026-01-01', 'UTC', new Date(Number.NaN))).toThrow(RangeError);
    expect(() => periodsEndedBy('Weekly', '2026-01-01', 'UTC', new Date(Number.NaN), 0)).toThrow(RangeError);
    for (const limit of [0, -1, 2.5])
      expect(() => periodsEndedBy('Weekly', '2026-01-01', 'UTC', now, 0, limit)).toThrow(
        `Not a period limit (a positive safe integer): ${limit}`,
      );
    expect(() => monthlyAnniversary('2026-01-31', -1)).toThrow(
      'Not a month count (a non-negative safe integer): -1',
    );
  });

  it('refuses a boundary a LocalDate cannot write (past 9999-12-31)', () => {
    expect(monthlyAnniversary('9999-01-31', 11)).toBe('9999-12-31');
    expect(() => monthlyAnniversary('9999-01-31', 12)).toThrow(
      'Monthly anniversary 12 of 9999-01-31 is past 9999-12-31',
    );
    expect(() => billingPeriod('Monthly', '9999-01-31', 'UTC', 11)).toThrow(RangeError);
    expect(() => billingPeriod('Weekly', '2026-01-01', 'UTC', 2 ** 52)).toThrow(
      `Week ${2 ** 52} of 2026-01-01 is past 9999-12-31`,
    );
  });
});
