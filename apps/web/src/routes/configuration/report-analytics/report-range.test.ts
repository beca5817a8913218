import { DATE_INVALID, REPORT_DATE_ORDER, REPORT_RANGE_TOO_LONG } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { dayNumber, defaultRange, formatDay, formatMonth, lastDays, rangeError } from './report-range';

const today = new Date(2026, 2, 15, 9, 30); // 15 March 2026, local time

describe('date range', () => {
  it('defaults to the last 30 days including today', () => {
    expect(defaultRange(today)).toEqual({ start: '2026-02-14', end: '2026-03-15' });
  });

  it('builds the shortcuts across month and year ends', () => {
    expect(lastDays(today, 7)).toEqual({ start: '2026-03-09', end: '2026-03-15' });
    expect(lastDays(new Date(2026, 0, 3), 7)).toEqual({ start: '2025-12-28', end: '2026-01-03' });
    expect(lastDays(today, 1)).toEqual({ start: '2026-03-15', end: '2026-03-15' });
  });

  it('formats days and months with leading zeros', () => {
    expect(formatDay(new Date(2026, 0, 5))).toBe('2026-01-05');
    expect(formatMonth(new Date(2026, 8, 30))).toBe('2026-09');
  });

  it('knows real days', () => {
    expect(dayNumber('2026-02-28')).not.toBeNull();
    expect(dayNumber('2026-02-29')).toBeNull();
    expect(dayNumber('2024-02-29')).not.toBeNull();
    expect(dayNumber('2026-13-01')).toBeNull();
    expect(dayNumber('26-1-1')).toBeNull();
    expect(dayNumber('')).toBeNull();
  });

  it('gives the server texts for bad ranges', () => {
    expect(rangeError({ start: '2026-03-01', end: '2026-03-15' })).toBeNull();
    expect(rangeError({ start: '2026-03-15', end: '2026-03-15' })).toBeNull();
    expect(rangeError({ start: '', end: '2026-03-15' })).toBe(DATE_INVALID);
    expect(rangeError({ start: '2026-03-16', end: '2026-03-15' })).toBe(REPORT_DATE_ORDER);
    expect(rangeError({ start: '2025-01-01', end: '2026-03-15' })).toBe(REPORT_RANGE_TOO_LONG);
    // 366 days inclusive is the limit.
    expect(rangeError({ start: '2025-03-15', end: '2026-03-15' })).toBeNull();
    expect(rangeError({ start: '2025-03-14', end: '2026-03-15' })).toBe(REPORT_RANGE_TOO_LONG);
  });
});
