import { isTimeZone, type LocalDate, localDate, parseLocalDate, startOfLocalDay } from '@app/contracts';

/*
 * The billing calendar of a campaign billed per period (the Weekly and Monthly payment terms) and of
 * the monthly minimum-spend anniversaries. A period is a run of whole local days in the campaign's
 * IANA zone, as its lead limits are (decision 0037): it begins and ends at local midnight, so a week
 * across a daylight-saving change lasts 167 or 169 hours, never 7 × 24. Every boundary is computed
 * from the anchor (the first period's start) and the period's index, never from the previous
 * period, so a short month clamps one boundary without moving the ones after it. Pure: the caller
 * passes `now`.
 */

/** The payment terms billed per period (the Weekly and Monthly `PaymentTerm`s). */
export type BilledTerm = 'Weekly' | 'Monthly';

/** One billing window [start, end): local midnights in the campaign's IANA zone. */
export interface BillingPeriod {
  index: number;
  startDate: LocalDate;
  endDate: LocalDate;
  start: Date;
  end: Date;
}

const DAY_MS = 86_400_000;
/** A LocalDate has four year digits: a boundary past this day cannot be written. */
const LAST_DAY_MS = Date.UTC(9999, 11, 31);
/** Catch-up after a long outage bills at most this many periods per call unless told otherwise. */
const DEFAULT_LIMIT = 60;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** The LocalDate of a UTC-midnight day number, refused past 9999-12-31 (or NaN, from a huge index). */
function dateAt(utcMs: number, what: () => string): LocalDate {
  if (!(utcMs <= LAST_DAY_MS)) throw new RangeError(`${what()} is past 9999-12-31`);
  const date = new Date(utcMs);
  return `${pad(date.getUTCFullYear(), 4)}-${pad(date.getUTCMonth() + 1)}-${pad(date.getUTCDate())}`;
}

const utcDay = (date: LocalDate): number => {
  const { year, month, day } = parseLocalDate(date);
  return Date.UTC(year, month - 1, day);
};

function checkCount(value: number, name: string): void {
  if (!Number.isSafeInteger(value) || value < 0)
    throw new RangeError(`Not a ${name} (a non-negative safe integer): ${value}`);
}

function checkTerm(term: BilledTerm): void {
  // The type already says so; a JS caller or a stored 'OneTime' must not fall through to weekly.
  if (term !== 'Weekly' && term !== 'Monthly')
    throw new RangeError(`Not a term billed per period (Weekly or Monthly): ${String(term)}`);
}

function checkZone(timeZone: string): void {
  if (!isTimeZone(timeZone)) throw new RangeError(`Not an IANA time zone: ${timeZone}`);
}

function checkInstant(now: Date): void {
  if (!(now instanceof Date) || Number.isNaN(now.getTime()))
    throw new RangeError(`Not an instant: ${String(now)}`);
}

/**
 * Monthly anniversary date n (n ≥ 0) of anchorDate: the anchor's day of month n months later, or
 * that month's last day when the month is shorter (Jan 31 → Feb 28 or 29 → Mar 31 → Apr 30 …).
 */
export function monthlyAnniversary(anchorDate: LocalDate, n: number): LocalDate {
  const { year, month, day } = parseLocalDate(anchorDate);
  checkCount(n, 'month count');
  const months = month - 1 + n; // months after January of the anchor's year
  const targetYear = year + Math.floor(months / 12);
  const targetMonth = months % 12; // 0-based
  const what = () => `Monthly anniversary ${n} of ${anchorDate}`;
  if (targetYear > 9999) throw new RangeError(`${what()} is past 9999-12-31`);
  // Day 0 of the next month is this month's last day.
  const lastDay = new Date(Date.UTC(targetYear, targetMonth + 1, 0)).getUTCDate();
  return dateAt(Date.UTC(targetYear, targetMonth, Math.min(day, lastDay)), what);
}

/** The date boundary n of a term: where period n begins (and period n − 1 ends). */
function boundaryDate(term: BilledTerm, anchorDate: LocalDate, n: number): LocalDate {
  if (term === 'Monthly') return monthlyAnniversary(anchorDate, n);
  return dateAt(utcDay(anchorDate) + 7 * n * DAY_MS, () => `Week ${n} of ${anchorDate}`);
}

/**
 * Billing period `index` (0 = the one starting on the anchor). Monthly periods run from anniversary
 * to anniversary (`monthlyAnniversary`); weekly ones from anchor + 7·index days, for 7 local days.
 */
export function billingPeriod(
  term: BilledTerm,
  anchorDate: LocalDate,
  timeZone: string,
  index: number,
): BillingPeriod {
  checkTerm(term);
  parseLocalDate(anchorDate);
  checkZone(timeZone);
  checkCount(index, 'period index');
  const startDate = boundaryDate(term, anchorDate, index);
  const endDate = boundaryDate(term, anchorDate, index + 1);
  return {
    index,
    startDate,
    endDate,
    start: startOfLocalDay(startDate, timeZone),
    end: startOfLocalDay(endDate, timeZone),
  };
}

/**
 * The periods with index ≥ fromIndex whose end is ≤ now, in order, at most `limit` (default 60):
 * the ones an invoice run can bill (fromIndex is the first not yet billed). A period ending exactly
 * at `now` has ended: [start, end) holds no instant at or after its end.
 */
export function periodsEndedBy(
  term: BilledTerm,
  anchorDate: LocalDate,
  timeZone: string,
  now: Date,
  fromIndex: number,
  limit = DEFAULT_LIMIT,
): BillingPeriod[] {
  checkInstant(now);
  checkCount(fromIndex, 'period index');
  // A limit of 0 would make a catch-up loop that never advances: refused rather than answered [].
  if (!Number.isSafeInteger(limit) || limit < 1)
    throw new RangeError(`Not a period limit (a positive safe integer): ${limit}`);
  const ended: BillingPeriod[] = [];
  for (let index = fromIndex; ended.length < limit; index++) {
    const period = billingPeriod(term, anchorDate, timeZone, index);
    if (period.end.getTime() > now.getTime()) break; // ends are increasing: none later has ended
    ended.push(period);
  }
  return ended;
}

/** The period containing `now` (index ≥ 0), or null when now is before the anchor's start. */
export function periodAt(
  term: BilledTerm,
  anchorDate: LocalDate,
  timeZone: string,
  now: Date,
): BillingPeriod | null {
  checkTerm(term);
  checkZone(timeZone);
  checkInstant(now);
  if (now.getTime() < startOfLocalDay(anchorDate, timeZone).getTime()) return null;
  // Boundaries are local midnights, so the period holding `now` is the one holding its local date.
  const today = localDate(now, timeZone);
  let index: number;
  if (term === 'Weekly') {
    index = Math.floor((utcDay(today) - utcDay(anchorDate)) / (7 * DAY_MS));
  } else {
    // The anniversary in today's month, or the one before when today is earlier in the month.
    const anchor = parseLocalDate(anchorDate);
    const current = parseLocalDate(today);
    index = (current.year - anchor.year) * 12 + (current.month - anchor.month);
    if (monthlyAnniversary(anchorDate, index) > today) index--;
  }
  return billingPeriod(term, anchorDate, timeZone, index);
}
