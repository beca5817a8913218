import {
  DATE_INVALID,
  isCalendarDay,
  REPORT_DATE_ORDER,
  REPORT_MAX_DAYS,
  REPORT_RANGE_TOO_LONG,
} from '@app/contracts';

export interface DateRange {
  /** yyyy-MM-dd */
  start: string;
  end: string;
}

const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');

/** A calendar day as yyyy-MM-dd, in the person's own time zone (what "today" means to them). */
export function formatDay(date: Date): string {
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;
}

/** yyyy-MM-dd → days since the epoch, or null for anything that is not a real day. */
export function dayNumber(text: string): number | null {
  // The server's own rule: real days within the years it takes.
  if (!isCalendarDay(text)) return null;
  return Math.round(Date.parse(`${text}T00:00:00Z`) / DAY_MS);
}

/** The last `days` days up to and including today. */
export function lastDays(today: Date, days: number): DateRange {
  const start = new Date(today.getFullYear(), today.getMonth(), today.getDate() - (days - 1));
  return { start: formatDay(start), end: formatDay(today) };
}

/** The report opens on the last 30 days. */
export const defaultRange = (today: Date): DateRange => lastDays(today, 30);

export const RANGE_PRESETS = [
  { days: 7, label: 'Last 7 days' },
  { days: 30, label: 'Last 30 days' },
  { days: 90, label: 'Last 90 days' },
] as const;

/** The server's texts: real days, end not before start, at most REPORT_MAX_DAYS days. */
export function rangeError(range: DateRange): string | null {
  const start = dayNumber(range.start);
  const end = dayNumber(range.end);
  if (start === null || end === null) return DATE_INVALID;
  if (end < start) return REPORT_DATE_ORDER;
  if (end - start + 1 > REPORT_MAX_DAYS) return REPORT_RANGE_TOO_LONG;
  return null;
}

/** The current month as yyyy-MM (the agencies report's SelectedDate). */
export const formatMonth = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}`;
