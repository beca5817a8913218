import {
  addDays,
  firstOfNextMonth,
  type LocalDate,
  localDate,
  parseLocalDate,
  startOfLocalDay,
} from '@app/contracts';
import { ACCEPT, type RejectionReason, reject, type StepResult } from './reasons.js';

/*
 * Step 6: the campaign's dates and its lead limit (spec 2 §3 LimitLead, LimitLeadFreq,
 * LimitLeadStart, LimitLeadEnd). Everything counts in the campaign's IANA time zone (its
 * `timezone`, default America/Chicago): a day is the local calendar day, a month the local
 * calendar month, the lifetime runs from the start date (or the beginning) to the end date. Dates
 * are inclusive local dates. The API counts the campaign's stored leads in `limitPeriod(...)` and
 * passes the count; decision 0037 says how the count stays exact under concurrency.
 */

/** `LimitLeadFreq`: per local day, per local month, or over the campaign's life. */
export const LIMIT_FREQUENCIES = ['day', 'month', 'lifetime'] as const;
export type LimitFrequency = (typeof LIMIT_FREQUENCIES)[number];

export interface LeadLimit {
  /** `LimitLead`: at most this many leads per period; null for no limit (a stored 0 reads as none). */
  max: number | null;
  frequency: LimitFrequency;
  /** `LimitLeadStart`: no lead before this local date; the lifetime count starts here. */
  startDate: LocalDate | null;
  /** `LimitLeadEnd`: no lead after this local date (the date itself still counts). */
  endDate: LocalDate | null;
}

/** A counting period: leads stored at or after `start` and before `end` (null: unbounded). */
export interface LimitPeriod {
  /** 'day:2026-03-08', 'month:2026-03' or 'lifetime': names the period in logs and job keys. */
  key: string;
  start: Date | null;
  end: Date | null;
}

/** The period a lead taken at `now` counts in. */
export function limitPeriod(limit: LeadLimit, timeZone: string, now: Date): LimitPeriod {
  const today = localDate(now, timeZone);
  switch (limit.frequency) {
    case 'day':
      return {
        key: `day:${today}`,
        start: startOfLocalDay(today, timeZone),
        end: startOfLocalDay(addDays(today, 1), timeZone),
      };
    case 'month': {
      const first = `${today.slice(0, 8)}01`;
      return {
        key: `month:${today.slice(0, 7)}`,
        start: startOfLocalDay(first, timeZone),
        end: startOfLocalDay(firstOfNextMonth(first), timeZone),
      };
    }
    case 'lifetime':
      return {
        key: 'lifetime',
        start: limit.startDate ? startOfLocalDay(limit.startDate, timeZone) : null,
        end: limit.endDate ? startOfLocalDay(addDays(limit.endDate, 1), timeZone) : null,
      };
  }
}

/** Whether `now` is within the start and end dates (inclusive, local). */
export function checkDates(
  limit: Pick<LeadLimit, 'startDate' | 'endDate'>,
  timeZone: string,
  now: Date,
): StepResult {
  // Checked first, so a malformed date throws instead of comparing as text.
  if (limit.startDate) parseLocalDate(limit.startDate);
  if (limit.endDate) parseLocalDate(limit.endDate);
  const today = localDate(now, timeZone);
  if (limit.startDate && today < limit.startDate) return reject('before_start_date');
  if (limit.endDate && today > limit.endDate) return reject('after_end_date');
  return ACCEPT;
}

const LIMIT_REASONS: Record<LimitFrequency, RejectionReason> = {
  day: 'limit_reached_day',
  month: 'limit_reached_month',
  lifetime: 'limit_reached_lifetime',
};

export type LimitResult =
  | {
      ok: true;
      /** This lead fills the period: once it is stored the campaign is paused on run (reason limit). */
      fillsLimit: boolean;
    }
  | {
      ok: false;
      reason: RejectionReason /** The period is full: pause on run if still running. */;
      full: boolean;
    };

/**
 * The lead limit, given how many leads the campaign already has in the current period. A full
 * period refuses the lead and says the campaign must be paused on run; the lead that fills it is
 * taken and says so too.
 */
export function checkLeadLimit(input: {
  limit: LeadLimit;
  timeZone: string;
  now: Date;
  /** Leads stored in `limitPeriod(limit, timeZone, now)`. */
  countInPeriod: number;
}): LimitResult {
  const { limit, countInPeriod } = input;
  if (!Number.isSafeInteger(countInPeriod) || countInPeriod < 0)
    throw new RangeError(`Not a count of leads: ${countInPeriod}`);
  if (limit.max !== null && (!Number.isSafeInteger(limit.max) || limit.max < 1))
    throw new RangeError(`A lead limit is a whole number of at least 1, or none: ${limit.max}`);
  const dates = checkDates(limit, input.timeZone, input.now);
  if (!dates.ok) return { ok: false, reason: dates.reason, full: false };
  if (limit.max === null) return { ok: true, fillsLimit: false };
  if (countInPeriod >= limit.max) return { ok: false, reason: LIMIT_REASONS[limit.frequency], full: true };
  return { ok: true, fillsLimit: countInPeriod + 1 === limit.max };
}

/**
 * When a campaign paused on run by its limit may run again: the start of the next day or month in
 * its time zone; null for a lifetime limit (only a person raising the limit resumes it).
 */
export function limitResumesAt(limit: LeadLimit, timeZone: string, now: Date): Date | null {
  return limit.frequency === 'lifetime' ? null : limitPeriod(limit, timeZone, now).end;
}
