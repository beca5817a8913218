import { describe, expect, it } from 'vitest';
import { checkDates, checkLeadLimit, type LeadLimit, limitPeriod, limitResumesAt } from './limits.js';

const CHICAGO = 'America/Chicago';
const limit = (change: Partial<LeadLimit>): LeadLimit => ({
  max: 10,
  frequency: 'day',
  startDate: null,
  endDate: null,
  ...change,
});
const at = (iso: string) => new Date(iso);

describe('limitPeriod: the period counts in the campaign’s time zone', () => {
  it.each([
    [
      'a day in Chicago (23:30 local is still that day, though UTC is the next)',
      limit({ frequency: 'day' }),
      '2026-03-11T04:30:00Z',
      { key: 'day:2026-03-10', start: '2026-03-10T05:00:00.000Z', end: '2026-03-11T05:00:00.000Z' },
    ],
    [
      'the 23-hour spring-forward day',
      limit({ frequency: 'day' }),
      '2026-03-08T12:00:00Z',
      { key: 'day:2026-03-08', start: '2026-03-08T06:00:00.000Z', end: '2026-03-09T05:00:00.000Z' },
    ],
    [
      'the 25-hour fall-back day',
      limit({ frequency: 'day' }),
      '2026-11-01T12:00:00Z',
      { key: 'day:2026-11-01', start: '2026-11-01T05:00:00.000Z', end: '2026-11-02T06:00:00.000Z' },
    ],
    [
      'a month: 22:00 local on March 31st counts in March',
      limit({ frequency: 'month' }),
      '2026-04-01T03:00:00Z',
      { key: 'month:2026-03', start: '2026-03-01T06:00:00.000Z', end: '2026-04-01T05:00:00.000Z' },
    ],
    [
      'December runs into the next year',
      limit({ frequency: 'month' }),
      '2026-12-15T12:00:00Z',
      { key: 'month:2026-12', start: '2026-12-01T06:00:00.000Z', end: '2027-01-01T06:00:00.000Z' },
    ],
    [
      'the lifetime from the start date to the end of the end date',
      limit({ frequency: 'lifetime', startDate: '2026-03-01', endDate: '2026-06-30' }),
      '2026-04-15T12:00:00Z',
      { key: 'lifetime', start: '2026-03-01T06:00:00.000Z', end: '2026-07-01T05:00:00.000Z' },
    ],
    [
      'a lifetime without dates is unbounded',
      limit({ frequency: 'lifetime' }),
      '2026-04-15T12:00:00Z',
      { key: 'lifetime', start: null, end: null },
    ],
  ] as const)('%s', (_name, rules, now, expected) => {
    const period = limitPeriod(rules, CHICAGO, at(now));
    expect({
      key: period.key,
      start: period.start?.toISOString() ?? null,
      end: period.end?.toISOString() ?? null,
    }).toEqual(expected);
  });

  it('the same instant is another day in another zone', () => {
    expect(limitPeriod(limit({}), 'Asia/Tokyo', at('2026-03-11T04:30:00Z')).key).toBe('day:2026-03-11');
    expect(limitPeriod(limit({}), CHICAGO, at('2026-03-11T04:30:00Z')).key).toBe('day:2026-03-10');
  });
});

describe('step 6: checkLeadLimit (per day / month / lifetime)', () => {
  const now = at('2026-04-15T17:00:00Z'); // 12:00 in Chicago
  it.each([
    ['day: 0 of 10', limit({}), 0, { ok: true, fillsLimit: false }],
    ['day: 8 of 10', limit({}), 8, { ok: true, fillsLimit: false }],
    ['day: the 10th lead fills the limit', limit({}), 9, { ok: true, fillsLimit: true }],
    ['day: 10 of 10 is full', limit({}), 10, { ok: false, reason: 'limit_reached_day', full: true }],
    ['day: above the limit is full', limit({}), 12, { ok: false, reason: 'limit_reached_day', full: true }],
    [
      'month: full',
      limit({ frequency: 'month', max: 300 }),
      300,
      { ok: false, reason: 'limit_reached_month', full: true },
    ],
    ['month: the last one', limit({ frequency: 'month', max: 300 }), 299, { ok: true, fillsLimit: true }],
    [
      'lifetime: full',
      limit({ frequency: 'lifetime', max: 1000 }),
      1000,
      { ok: false, reason: 'limit_reached_lifetime', full: true },
    ],
    ['a limit of 1 is filled by the first lead', limit({ max: 1 }), 0, { ok: true, fillsLimit: true }],
    ['no limit', limit({ max: null }), 1_000_000, { ok: true, fillsLimit: false }],
    [
      'before the start date',
      limit({ startDate: '2026-04-16' }),
      0,
      { ok: false, reason: 'before_start_date', full: false },
    ],
    ['on the start date', limit({ startDate: '2026-04-15' }), 0, { ok: true, fillsLimit: false }],
    ['on the end date', limit({ endDate: '2026-04-15' }), 0, { ok: true, fillsLimit: false }],
    [
      'after the end date',
      limit({ endDate: '2026-04-14' }),
      0,
      { ok: false, reason: 'after_end_date', full: false },
    ],
    [
      'dates are checked before the count',
      limit({ endDate: '2026-04-14' }),
      10,
      { ok: false, reason: 'after_end_date', full: false },
    ],
  ] as const)('%s', (_name, rules, count, expected) => {
    expect(checkLeadLimit({ limit: rules, timeZone: CHICAGO, now, countInPeriod: count })).toEqual(expected);
  });

  it('dates are local to the campaign: 23:30 in Chicago on the end date is still in', () => {
    const late = at('2026-04-16T04:30:00Z'); // 2026-04-15 23:30 CDT
    expect(checkDates({ startDate: null, endDate: '2026-04-15' }, CHICAGO, late)).toEqual({ ok: true });
    expect(checkDates({ startDate: null, endDate: '2026-04-15' }, 'UTC', late)).toEqual({
      ok: false,
      reason: 'after_end_date',
    });
  });

  it.each([
    ['a negative count', limit({}), -1, 'Not a count of leads: -1'],
    ['a fractional count', limit({}), 1.5, 'Not a count of leads: 1.5'],
    ['a limit of 0', limit({ max: 0 }), 0, 'A lead limit is a whole number of at least 1, or none: 0'],
    ['a malformed date', limit({ startDate: '2026-4-1' }), 0, 'Not a date (YYYY-MM-DD): 2026-4-1'],
  ] as const)('refuses %s', (_name, rules, count, message) => {
    expect(() => checkLeadLimit({ limit: rules, timeZone: CHICAGO, now, countInPeriod: count })).toThrow(
      message,
    );
  });
});

describe('limitResumesAt: when a campaign its limit paused may run again', () => {
  it.each([
    ['day: the next local midnight', limit({}), '2026-04-16T05:00:00.000Z'],
    ['month: the first of the next month, local', limit({ frequency: 'month' }), '2026-05-01T05:00:00.000Z'],
    ['lifetime: never by itself', limit({ frequency: 'lifetime' }), null],
  ] as const)('%s', (_name, rules, expected) => {
    expect(limitResumesAt(rules, CHICAGO, at('2026-04-15T17:00:00Z'))?.toISOString() ?? null).toBe(expected);
  });
});
