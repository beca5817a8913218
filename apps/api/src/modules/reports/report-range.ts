import {
  DATE_INVALID,
  isCalendarDay,
  REPORT_DATE_ORDER,
  REPORT_MAX_DAYS,
  REPORT_RANGE_TOO_LONG,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';

export interface ReportRange {
  /** yyyy-MM-dd, UTC calendar days, both included. */
  start: string;
  end: string;
  days: number;
}

const DAY_MS = 86_400_000;
/** "0 and 0" (the `/0/0/{company}` form) means the last 30 days up to today. */
export const DEFAULT_RANGE_DAYS = 30;

const dayOf = (date: Date) => date.toISOString().slice(0, 10);

/** Validates a report's dates: real days, end not before start, at most REPORT_MAX_DAYS days. */
export function reportRange(start: string, end: string, now: Date = new Date()): ReportRange {
  if (start === '0' && end === '0') {
    const last = dayOf(now);
    return {
      start: dayOf(new Date(now.getTime() - (DEFAULT_RANGE_DAYS - 1) * DAY_MS)),
      end: last,
      days: DEFAULT_RANGE_DAYS,
    };
  }
  if (!isCalendarDay(start) || !isCalendarDay(end)) {
    throw badRequest(DATE_INVALID, { [isCalendarDay(start) ? 'end' : 'start']: DATE_INVALID });
  }
  if (end < start) throw badRequest(REPORT_DATE_ORDER, { end: REPORT_DATE_ORDER });
  const days = Math.round((Date.parse(end) - Date.parse(start)) / DAY_MS) + 1;
  if (days > REPORT_MAX_DAYS) throw badRequest(REPORT_RANGE_TOO_LONG, { end: REPORT_RANGE_TOO_LONG });
  return { start, end, days };
}

/** The first and last day of a yyyy-MM month. */
export function monthRange(month: string): ReportRange {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const last = new Date(Date.UTC(y, m, 0));
  return { start: `${month}-01`, end: dayOf(last), days: last.getUTCDate() };
}
