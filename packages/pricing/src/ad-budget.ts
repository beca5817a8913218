import { addDays, asCents, type Cents, type LocalDate, localDate } from '@app/contracts';
import { type BillingPeriod, billingPeriod, periodAt } from './billing-periods.js';

/*
 * A Simplifi campaign's budget (issue 24, decision 0110). The client prepays its monthly budget per
 * budget period — a month from the activation's local day, on the billing calendar's anniversaries —
 * and the agency's markup stays with the agency: of every amount the client pays, the platform's part
 * is amount × (100 − markup) %, rounded half up to whole cents, and the agency keeps the rest, so the
 * two parts always add up to the amount. The ads run on the platform's part (the media budget).
 */

/** A hundred percent: the markup and the platform's share are whole percents of it. */
const WHOLE = 100;

function checkMarkup(markupPercent: number): void {
  if (!Number.isSafeInteger(markupPercent) || markupPercent < 0 || markupPercent > 100)
    throw new RangeError(`An agency markup is a whole percent from 0 to 100: ${markupPercent}`);
}

function checkCents(amount: number, what: string): void {
  if (!Number.isSafeInteger(amount) || amount < 0) throw new RangeError(`Not ${what} in cents: ${amount}`);
}

/** An amount the client pays, split into the platform's part and the agency's markup. */
export interface AdBudgetSplit {
  amount: Cents;
  platformCents: Cents;
  agencyCents: Cents;
}

/** The platform's part of `amount` at `markupPercent` (0–100), rounded half up; the agency keeps the rest. */
export function adBudgetSplit(amount: Cents, markupPercent: number): AdBudgetSplit {
  checkCents(amount, 'an amount');
  checkMarkup(markupPercent);
  // Integer arithmetic: (amount × share + 50) ÷ 100 rounds half up without a float.
  const share = WHOLE - markupPercent;
  const platformCents = asCents(Math.floor((amount * share + WHOLE / 2) / WHOLE));
  return { amount, platformCents, agencyCents: asCents(amount - platformCents) };
}

/**
 * The platform's (media) spend at the client's price: the markup added back, rounded half up. The
 * inverse of `adBudgetSplit`'s platform part; a 100 % markup leaves no media budget to spend.
 */
export function clientSpendOf(mediaSpend: Cents, markupPercent: number): Cents {
  checkCents(mediaSpend, 'a spend');
  checkMarkup(markupPercent);
  const share = WHOLE - markupPercent;
  if (share === 0) throw new RangeError('A 100 % markup leaves no media budget to spend');
  return asCents(Math.floor((mediaSpend * WHOLE + Math.floor(share / 2)) / share));
}

/** The budget period holding `now` (the campaign's zone), null before its first day. */
export function adBudgetPeriodAt(anchorDate: LocalDate, timeZone: string, now: Date): BillingPeriod | null {
  return periodAt('Monthly', anchorDate, timeZone, now);
}

/** Budget period `index` (0 = the activation's). */
export const adBudgetPeriod = (anchorDate: LocalDate, timeZone: string, index: number): BillingPeriod =>
  billingPeriod('Monthly', anchorDate, timeZone, index);

/** Whole local days from today to the period's last day, today included (1 on its last day). */
export function remainingDays(period: BillingPeriod, timeZone: string, now: Date): number {
  const today = localDate(now, timeZone);
  let days = 0;
  for (let day = today; day < period.endDate && days < 32; day = addDays(day, 1)) days++;
  return days;
}

/**
 * What raising the daily budget charges now (spec 2 §4 "charge by remaining days"): the new daily
 * budget for every remaining day, less the budget already bought and not spent; never below 0.
 */
export function budgetIncreaseCharge(dailyBudget: Cents, days: number, remainingBudget: Cents): Cents {
  checkCents(dailyBudget, 'a daily budget');
  if (!Number.isSafeInteger(days) || days < 0) throw new RangeError(`Not a count of days: ${days}`);
  if (!Number.isSafeInteger(remainingBudget)) throw new RangeError(`Not cents: ${remainingBudget}`);
  return asCents(Math.max(0, dailyBudget * days - remainingBudget));
}

/**
 * Spend against the budget expected by now, in tenths of a percent (975 = 97.5 %): what was spent in
 * the period over the period's budget × the share of its days gone (today counted as half gone).
 * Null when nothing was budgeted.
 */
export function pacingPermille(
  spent: Cents,
  periodBudget: Cents,
  daysInPeriod: number,
  daysGone: number,
): number | null {
  if (periodBudget <= 0 || daysInPeriod <= 0) return null;
  // expected = budget × (daysGone + ½) / days; pacing = spent / expected, in permille, integers only.
  const expectedTimesTwoDays = periodBudget * (2 * daysGone + 1);
  return Math.floor((spent * 2 * daysInPeriod * 1000) / expectedTimesTwoDays);
}
