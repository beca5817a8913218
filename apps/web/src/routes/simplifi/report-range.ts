import { isCalendarDay, SIMPLIFI_DATE_RANGES } from '@app/contracts';
import { formatDay } from '../../components/lead-report/lead-range';

/*
 * The campaign report's range picker (spec 2 §7: `campaign-reports/{campaign_id}` with
 * client_now_date, date_range and, only when present, start_date and end_date). The server turns
 * the named range into days from the person's own today (`client_now_date`), so "today" is theirs.
 */

export type SimplifiDateRange = (typeof SIMPLIFI_DATE_RANGES)[number];

export const RANGE_LABELS: Record<SimplifiDateRange, string> = {
  today: 'Today',
  yesterday: 'Yesterday',
  last_7_days: 'Last 7 days',
  last_30_days: 'Last 30 days',
  this_month: 'This month',
  custom: 'Custom',
};

export const RANGE_OPTIONS = SIMPLIFI_DATE_RANGES.map((value) => ({ value, label: RANGE_LABELS[value] }));

export interface ReportRange {
  range: SimplifiDateRange;
  /** Custom only: yyyy-MM-dd, '' until chosen. */
  start: string;
  end: string;
}

export const DEFAULT_REPORT_RANGE: ReportRange = { range: 'last_30_days', start: '', end: '' };

export const CUSTOM_RANGE_INCOMPLETE = 'Choose a start and an end date, the end not before the start.';

/** Why a custom range cannot be asked for yet (the contracts' text); null when the range is complete. */
export function reportRangeError(value: ReportRange): string | null {
  if (value.range !== 'custom') return null;
  if (!isCalendarDay(value.start) || !isCalendarDay(value.end) || value.end < value.start)
    return CUSTOM_RANGE_INCOMPLETE;
  return null;
}

/** The report's query: start_date and end_date only for a custom range (spec 2 §5). */
export function reportQuery(
  value: ReportRange,
  now: Date,
): { client_now_date: string; date_range: SimplifiDateRange; start_date?: string; end_date?: string } {
  const base = { client_now_date: formatDay(now), date_range: value.range };
  if (value.range !== 'custom') return base;
  return { ...base, start_date: value.start, end_date: value.end };
}

/** The saved file's name: `simplifi-{8-digit id}-{from}-{to}.csv` (the days the report answered). */
export const reportFileName = (apiId: string, from: string, to: string, format: 'csv' | 'xlsx') =>
  `simplifi-${apiId}-${from}-${to}.${format}`;
