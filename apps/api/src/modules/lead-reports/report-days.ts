import { REPORT_DATE_ORDER, REPORT_MAX_DAYS, REPORT_RANGE_TOO_LONG } from '@app/contracts';
import { badRequest } from '../../http-errors.js';

/*
 * Days of a lead report. A day is a calendar day in a time zone: the campaign's when the report is
 * about one campaign, the viewer's across campaigns (the zone the web app sends with every call).
 * The database turns a day into instants (`day::timestamp at time zone zone`), so daylight saving
 * is its business, not ours.
 */

const DAY_MS = 86_400_000;
export const DEFAULT_CHART_DAYS = 30;

/** Today in a time zone, yyyy-MM-dd. */
export function todayIn(timeZone: string, now: Date = new Date()): string {
  return new Intl.DateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).format(now);
}

/** The day `n` days after (or before, negative) a yyyy-MM-dd day. */
export function addDays(day: string, n: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY_MS).toISOString().slice(0, 10);
}

/** Every day from start to end, both included. */
export function daysOf(start: string, end: string): string[] {
  const days: string[] = [];
  for (let day = start; day <= end; day = addDays(day, 1)) days.push(day);
  return days;
}

const ORDER = REPORT_DATE_ORDER;
const TOO_LONG = REPORT_RANGE_TOO_LONG;

/**
 * An optional filter range (the report and its download): either end may be open. The days are
 * calendar days already: the routes' contracts take them as `calendarDaySchema`.
 */
export function openRange(start?: string, end?: string): { start?: string; end?: string } {
  if (start !== undefined && end !== undefined && end < start) throw badRequest(ORDER, { end: ORDER });
  return { start, end };
}

/**
 * A closed range for a chart or a count by day: the days given, else the last 30 days up to today
 * in the zone (a missing start is 29 days before the end); at most a year.
 */
export function closedRange(
  timeZone: string,
  start?: string,
  end?: string,
  now: Date = new Date(),
): { start: string; end: string } {
  openRange(start, end);
  const last = end ?? todayIn(timeZone, now);
  const first = start ?? addDays(last, -(DEFAULT_CHART_DAYS - 1));
  if (last < first) throw badRequest(ORDER, { end: ORDER });
  if (daysBetween(first, last) > REPORT_MAX_DAYS) throw badRequest(TOO_LONG, { end: TOO_LONG });
  return { start: first, end: last };
}

/** Days from start to end, both included. */
export const daysBetween = (start: string, end: string) =>
  Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
