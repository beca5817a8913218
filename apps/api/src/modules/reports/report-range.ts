import {
  DATE_INVALID,
  isCalendarDay,
  REPORT_DATE_ORDER,
  REPORT_MAX_DAYS,
  REPORT_RANGE_TOO_LONG,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';

export interface ReportRange {
  /** yyyy-MM-dd, calendar days in `timeZone`, both included. */
  start: string;
  end: string;
  days: number;
  /**
   * The IANA zone the days are counted in: the viewer's own (setupcomplete), else their browser's
   * (decision 0094); UTC where no person is asking.
   */
  timeZone: string;
}

const DAY_MS = 86_400_000;
/** "0 and 0" (the `/0/0/{company}` form) means the last 30 days up to today. */
export const DEFAULT_RANGE_DAYS = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Today in a time zone, yyyy-MM-dd. */
export const todayIn = (timeZone: string, now: Date) =>
  new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(
    now,
  );

/**
 * Validates a report's dates: real days, end not before start, at most REPORT_MAX_DAYS days; `0/0`
 * is the last 30 days up to today in the zone.
 */
export function reportRange(
  start: string,
  end: string,
  now: Date = new Date(),
  timeZone = 'UTC',
): ReportRange {
  if (start === '0' && end === '0') {
    const last = todayIn(timeZone, now);
    return {
      start: dayOf(new Date(Date.parse(last) - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)),
      end: last,
      days: DEFAULT_RANGE_DAYS,
      timeZone,
    };
  }
  if (!isCalendarDay(start) || !isCalendarDay(end)) {
    throw badRequest(DATE_INVALID, { [isCalendarDay(start) ? 'end' : 'start']: DATE_INVALID });
  }
  if (end < start) throw badRequest(REPORT_DATE_ORDER, { end: REPORT_DATE_ORDER });
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  if (days > REPORT_MAX_DAYS) throw badRequest(REPORT_RANGE_TOO_LONG, { end: REPORT_RANGE_TOO_LONG });
  return { start, end, days, timeZone };
}

/** The first and last day of a yyyy-MM month, days in the zone. */
export function monthRange(month: string, timeZone = 'UTC'): ReportRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0));
  return { start: `${month}-01`, end: dayOf(last), days: last.getUTCDate(), timeZone };
}

/** A range as the reports answer it. */
export const rangeOut = (r: ReportRange) => ({
  start: r.start,
  end: r.end,
  days: r.days,
  time_zone: r.timeZone,
});
