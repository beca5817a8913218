import { asCents, type Cents, type LocalDate, ZERO_CENTS } from '@app/contracts';
import { type BillingPeriod, periodsEndedBy } from './billing-periods.js';

/*
 * Minimum spend (spec 2 §3, §7; product guide §3): each month from the agency's start, the agency owes
 * at least a minimum of wholesale; at each monthly anniversary the shortfall is charged. Pure: the
 * caller reads the schedule, the wholesale spent and `now`.
 */

/**
 * The zone the anniversaries fall in. An agency has no time zone of its own (campaigns do); the
 * platform's default campaign zone is used, so every agency's month turns at the same local midnight.
 */
export const MINIMUM_SPEND_TIME_ZONE = 'America/Chicago';

/**
 * What sets an agency's monthly minimum:
 * - `plan`: its assigned minimum-spend plan (or the system's default plan) — `flatMonth` in each of the
 *   plan's first `months` months, nothing after (the plan's term is over);
 * - `setting`: the system's root minimum-spend schedule when no plan applies — `firstMonth` in month 1,
 *   `secondMonth` in month 2, `monthly` in every month after.
 */
export type MinimumSpendSchedule =
  | { kind: 'plan'; months: number; flatMonth: Cents }
  | { kind: 'setting'; firstMonth: Cents; secondMonth: Cents; monthly: Cents };

function checkMonth(month: number): void {
  if (!Number.isSafeInteger(month) || month < 0)
    throw new RangeError(`Not a month of minimum spend (0 is the first): ${month}`);
}

/** The minimum of month `month` (0 = the first month from the agency's start). */
export function monthlyMinimum(schedule: MinimumSpendSchedule, month: number): Cents {
  checkMonth(month);
  if (schedule.kind === 'plan') return month < schedule.months ? schedule.flatMonth : ZERO_CENTS;
  if (month === 0) return schedule.firstMonth;
  if (month === 1) return schedule.secondMonth;
  return schedule.monthly;
}

/**
 * The shortfall to charge: what the minimum asks beyond the wholesale spent, never below zero. A net
 * spend below zero (more refunded than bought in the month) counts as nothing spent: the shortfall is
 * at most the minimum.
 */
export function minimumSpendShortfall(minimum: Cents, spent: Cents): Cents {
  if (!Number.isSafeInteger(minimum) || minimum < 0)
    throw new RangeError(`Not a minimum in cents: ${minimum}`);
  if (!Number.isSafeInteger(spent)) throw new RangeError(`Not an amount in cents: ${spent}`);
  return asCents(Math.max(0, minimum - Math.max(0, spent)));
}

/**
 * The months of minimum spend that have ended by `now`, from month `fromIndex` on: monthly periods
 * from the start date (`monthlyAnniversary`: the 29th-31st fall on a short month's last day) in
 * `MINIMUM_SPEND_TIME_ZONE`, local midnight to local midnight whatever daylight saving does.
 */
export function minimumSpendMonthsEnded(
  startDate: LocalDate,
  now: Date,
  fromIndex: number,
  limit?: number,
): BillingPeriod[] {
  return periodsEndedBy('Monthly', startDate, MINIMUM_SPEND_TIME_ZONE, now, fromIndex, limit);
}

/** Whether the schedule can ask anything in month `month` or later (a plan past its term cannot). */
export function minimumSpendLeftFrom(schedule: MinimumSpendSchedule, month: number): boolean {
  checkMonth(month);
  if (schedule.kind === 'plan') return month < schedule.months && schedule.flatMonth > 0;
  return (
    (month === 0 && schedule.firstMonth > 0) ||
    (month <= 1 && schedule.secondMonth > 0) ||
    schedule.monthly > 0
  );
}
