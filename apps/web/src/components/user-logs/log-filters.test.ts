import {
  LOG_DATE_SHORTCUTS,
  logUserRequestSchema,
  parseLogDateRange,
  userLogDownloadPath,
} from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  activeFilterCount,
  dateRangeText,
  downloadFileName,
  downloadFilter,
  formatDay,
  initialLogFilters,
  logRequest,
  shortcutRange,
  truncateDescription,
} from './log-filters';

const today = new Date(2024, 2, 15, 13, 45); // 15 March 2024, local time

describe('log date shortcuts (spec 2 §9)', () => {
  it.each([
    [7, '2024-03-08'],
    [30, '2024-02-14'],
    [90, '2023-12-16'],
  ])('the last %i days start on %s and end today', (days, start) => {
    expect(shortcutRange(days, today)).toEqual({ start, end: '2024-03-15' });
  });

  it('offers last week, last month and last 3 months', () => {
    expect(LOG_DATE_SHORTCUTS.map((s) => s.days)).toEqual([7, 30, 90]);
  });

  it('writes local days as yyyy-MM-dd', () => {
    expect(formatDay(new Date(2024, 0, 5))).toBe('2024-01-05');
  });
});

describe('the date range the server reads', () => {
  it('joins both ends, takes one end as a single day, swaps reversed ends, and is empty when unset', () => {
    expect(dateRangeText({ start: '2024-03-01', end: '2024-03-15' })).toBe('2024-03-01 - 2024-03-15');
    expect(dateRangeText({ start: '2024-03-01', end: '' })).toBe('2024-03-01 - 2024-03-01');
    expect(dateRangeText({ start: '', end: '2024-03-02' })).toBe('2024-03-02 - 2024-03-02');
    expect(dateRangeText({ start: '2024-03-15', end: '2024-03-01' })).toBe('2024-03-01 - 2024-03-15');
    expect(dateRangeText({ start: '', end: '' })).toBe('');
  });

  it('is a range the contract parses', () => {
    const range = dateRangeText(shortcutRange(30, today));
    expect(parseLogDateRange(range)).toEqual({ ok: true, range: { start: '2024-02-14', end: '2024-03-15' } });
  });
});

describe('filters → log-user request', () => {
  it('asks for everything of the company on page 1 by default', () => {
    const request = logRequest(initialLogFilters(50), 1);
    expect(request).toEqual({ companyID: 50, page: 1, user_type: 'all' });
    expect(logUserRequestSchema.safeParse(request).success).toBe(true);
  });

  it('sends each chosen filter under the spec’s names', () => {
    const filters = {
      ...initialLogFilters(50),
      companyID: 51,
      start: '2024-03-01',
      end: '2024-03-15',
      userType: 'client' as const,
      userId: 9,
      category: 'auth',
      campaign: '12345678',
    };
    const request = logRequest(filters, 3);
    expect(request).toEqual({
      companyID: 51,
      page: 3,
      user_type: 'client',
      user_id: 9,
      action: 'auth',
      leadspeek_api_id: '12345678',
      log_date_range: '2024-03-01 - 2024-03-15',
    });
    expect(logUserRequestSchema.safeParse(request).success).toBe(true);
    expect(activeFilterCount(filters, 50)).toBe(6);
    expect(activeFilterCount(initialLogFilters(50), 50)).toBe(0);
  });

  it('downloads what the table shows, with 9999 for everything not chosen', () => {
    expect(userLogDownloadPath(downloadFilter(initialLogFilters(50)))).toBe(
      '/configuration/user/log-download/50/9999/all/9999/9999/9999',
    );
    const chosen = {
      ...initialLogFilters(50),
      userType: 'admin' as const,
      userId: 4,
      start: '2024-03-01',
      end: '2024-03-02',
    };
    expect(userLogDownloadPath(downloadFilter(chosen))).toBe(
      `/configuration/user/log-download/50/admin/4/9999/${encodeURIComponent('2024-03-01 - 2024-03-02')}/9999`,
    );
  });
});

describe('log rows', () => {
  it('shows the first 30 characters of a description', () => {
    const long = 'Changed the sales people of Acme Widgets International';
    expect(truncateDescription(long)).toBe(`${long.slice(0, 30)}...`);
    expect(truncateDescription('Signed in')).toBe('Signed in');
    expect(truncateDescription('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it('names the download after the day', () => {
    expect(downloadFileName(today)).toBe('user-logs-2024-03-15.csv');
  });
});
