import { DATE_INVALID, REPORT_DATE_ORDER, REPORT_RANGE_TOO_LONG } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { monthRange, reportRange } from './report-range.js';

const messageOf = (fn: () => unknown) => {
  try {
    fn();
  } catch (err) {
    return (err as Error).message;
  }
  return null;
};

describe('reportRange', () => {
  it('accepts real days in order, up to 366 days', () => {
    expect(reportRange('2026-01-01', '2026-01-31')).toEqual({
      start: '2026-01-01',
      end: '2026-01-31',
      days: 31,
      timeZone: 'UTC',
    });
    expect(reportRange('2024-01-01', '2024-12-31').days).toBe(366);
    expect(reportRange('2026-03-05', '2026-03-05').days).toBe(1);
  });

  it('answers the last 30 days for 0 and 0', () => {
    expect(reportRange('0', '0', new Date('2026-03-10T12:00:00Z'))).toEqual({
      start: '2026-02-09',
      end: '2026-03-10',
      days: 30,
      timeZone: 'UTC',
    });
  });

  it("counts the last 30 days to the viewer's today in its own zone", () => {
    // 03:00 UTC on 10 March is still 9 March in Chicago.
    expect(reportRange('0', '0', new Date('2026-03-10T03:00:00Z'), 'America/Chicago')).toEqual({
      start: '2026-02-08',
      end: '2026-03-09',
      days: 30,
      timeZone: 'America/Chicago',
    });
  });

  it('refuses bad days, a reversed range and ranges over 366 days', () => {
    expect(messageOf(() => reportRange('2026-02-30', '2026-03-01'))).toBe(DATE_INVALID);
    expect(messageOf(() => reportRange('2026-1-1', '2026-03-01'))).toBe(DATE_INVALID);
    expect(messageOf(() => reportRange('0', '2026-03-01'))).toBe(DATE_INVALID);
    expect(messageOf(() => reportRange('2026-03-02', '2026-03-01'))).toBe(REPORT_DATE_ORDER);
    expect(messageOf(() => reportRange('2025-01-01', '2026-01-02'))).toBe(REPORT_RANGE_TOO_LONG);
  });

  it('knows the days of a month', () => {
    expect(monthRange('2024-02')).toEqual({
      start: '2024-02-01',
      end: '2024-02-29',
      days: 29,
      timeZone: 'UTC',
    });
    expect(monthRange('2026-12', 'America/New_York')).toEqual({
      start: '2026-12-01',
      end: '2026-12-31',
      days: 31,
      timeZone: 'America/New_York',
    });
  });
});
