import { describe, expect, it } from 'vitest';
import {
  LOG_DATE_RANGE_INVALID,
  LOG_DATE_RANGE_ORDER,
  logUserTypeSchema,
  parseLogDateRange,
  userLogDownloadPath,
} from './user-logs.js';

describe('user-log filters', () => {
  it('parses date ranges in the accepted spellings', () => {
    const jan = { ok: true, range: { start: '2026-01-01', end: '2026-01-31' } };
    expect(parseLogDateRange('2026-01-01 - 2026-01-31')).toEqual(jan);
    expect(parseLogDateRange('2026-01-01 to 2026-01-31')).toEqual(jan);
    expect(parseLogDateRange('2026-01-01_2026-01-31')).toEqual(jan);
    expect(parseLogDateRange('2026-01-01-2026-01-31')).toEqual(jan);
    expect(parseLogDateRange('2026-01-05')).toEqual({
      ok: true,
      range: { start: '2026-01-05', end: '2026-01-05' },
    });
    expect(parseLogDateRange('9999')).toEqual({ ok: true, range: null });
    expect(parseLogDateRange('')).toEqual({ ok: true, range: null });
    expect(parseLogDateRange('2026-02-29 - 2026-03-01')).toEqual({
      ok: false,
      message: LOG_DATE_RANGE_INVALID,
    });
    expect(parseLogDateRange('01/02/2026 - 01/03/2026')).toEqual({
      ok: false,
      message: LOG_DATE_RANGE_INVALID,
    });
    expect(parseLogDateRange('2026-03-01 - 2026-02-01')).toEqual({
      ok: false,
      message: LOG_DATE_RANGE_ORDER,
    });
  });

  it('reads the user-type options and their wildcard', () => {
    expect(logUserTypeSchema.parse('Enterprise')).toBe('root');
    expect(logUserTypeSchema.parse('9999')).toBe('all');
    expect(logUserTypeSchema.parse('Select All')).toBe('all');
    expect(logUserTypeSchema.safeParse('boss').success).toBe(false);
  });

  it('builds the download path with 9999 for missing filters and `all` for all users', () => {
    expect(userLogDownloadPath({ companyID: 7 })).toBe(
      '/configuration/user/log-download/7/9999/all/9999/9999/9999',
    );
    expect(
      userLogDownloadPath({
        companyID: 7,
        userType: 'client',
        userId: 9999,
        category: 'auth',
        dateRange: '2026-01-01 - 2026-01-31',
        campaign: '12',
      }),
    ).toBe('/configuration/user/log-download/7/client/9999/auth/2026-01-01%20-%202026-01-31/12');
  });
});
