import { type Cents, centsFromWire, formatUsdText, ZERO_CENTS } from '@app/contracts';
import { sumCents } from '@app/pricing';

/*
 * How the Simplifi screens show the ad platform's figures (issue 24, decision 0115): counts with
 * thousands separators, the click-through rate and pacing as the server's percent text, amounts as
 * people read money. Amounts stay the wire's dollar strings until shown; totals over several
 * campaigns are summed in cents by `@app/pricing`.
 */

/** 1234567 → '1,234,567'. */
export const formatCount = (value: number): string =>
  String(Math.trunc(value)).replace(/\B(?=(\d{3})+(?!\d))/g, ',');

/** '0.45' → '0.45%'; the server writes the rate with two decimals already. */
export const formatPercentText = (text: string): string => `${text}%`;

/** A wire amount as money ('1234.5' → '$1,234.50'); text that is no amount is shown as sent. */
export const formatMoney = (text: string): string => formatUsdText(text);

/**
 * A percent written as text with at most one or two decimals ('97.5', '120', '0.45') as tenths of a
 * percent (975, 1200, 4), read by digits: null when it is no such number.
 */
export function permilleOfPercentText(text: string | null): number | null {
  if (text === null) return null;
  const match = /^(\d{1,7})(?:\.(\d{1,4}))?$/.exec(text.trim());
  if (!match) return null;
  const whole = match[1] ?? '0';
  const tenths = (match[2] ?? '').padEnd(1, '0').slice(0, 1);
  return Number.parseInt(whole, 10) * 10 + Number.parseInt(tenths, 10);
}

export type PacingState = 'none' | 'under' | 'on' | 'over';

/** On pace within ±10 % of the budget expected by today (decision 0115). */
const ON_PACE_LOW = 900;
const ON_PACE_HIGH = 1100;

/** Where spend stands against the budget expected by today ('97.5' → on pace). */
export function pacingState(pacing: string | null): PacingState {
  const permille = permilleOfPercentText(pacing);
  if (permille === null) return 'none';
  if (permille < ON_PACE_LOW) return 'under';
  if (permille > ON_PACE_HIGH) return 'over';
  return 'on';
}

export const PACING_LABELS: Record<PacingState, string> = {
  none: 'Not started',
  under: 'Under-pacing',
  on: 'On pace',
  over: 'Over-pacing',
};

export const PACING_COLORS: Record<PacingState, string> = {
  none: 'gray',
  under: 'yellow',
  on: 'green',
  over: 'orange',
};

/** 'On pace (97.5%)', or 'Not started' before the first budget period. */
export function pacingText(pacing: string | null): string {
  const state = pacingState(pacing);
  return state === 'none' || pacing === null ? PACING_LABELS.none : `${PACING_LABELS[state]} (${pacing}%)`;
}

/** Cents of a wire amount, 0 when it is not one (a figure the server left empty is nothing spent). */
export const centsOf = (text: string): Cents => centsFromWire(text) ?? ZERO_CENTS;

/** Tenths of a percent of `budget` that `spent` is (integers only); null with no budget. */
export function spentPermille(spent: Cents, budget: Cents): number | null {
  if (budget <= 0) return null;
  return Math.floor((spent * 1000) / budget);
}

/** Tenths of a percent written as a percent: 412 → '41.2', 5 → '0.5'. */
export function permilleText(permille: number): string {
  const digits = String(Math.trunc(permille)).padStart(2, '0');
  return `${digits.slice(0, -1)}.${digits.slice(-1)}`;
}

/**
 * The period's budget and what is left of it: '$600.00 left of $1,500.00'; 'No budget bought yet'
 * before the first charge. (Spend to date is its own figure: it runs over every period.)
 */
export function budgetLeftText(remaining: string, budget: string): string {
  if (centsOf(budget) <= 0) return 'No budget bought yet';
  return `${formatMoney(remaining)} left of ${formatMoney(budget)}`;
}

/** How much of the period's budget is used, 0 to 100 (whole percent), for its bar. */
export function budgetUsedBarValue(remaining: string, budget: string): number {
  const left = spentPermille(centsOf(remaining), centsOf(budget));
  return left === null ? 0 : Math.max(0, 100 - Math.min(100, Math.ceil(left / 10)));
}

/** The sum of wire amounts, in cents (`@app/pricing` adds money). */
export const sumWire = (amounts: readonly string[]): Cents => sumCents(amounts.map(centsOf));

/** A click-through rate of totals, in percent with two decimals, as the server writes it ('0.45'). */
export function ctrText(impressions: number, clicks: number): string {
  if (impressions <= 0) return '0.00';
  // Basis points, rounded half up with integers only, then written with two decimals by digits.
  const basisPoints = String(Math.floor((clicks * 20_000 + impressions) / (2 * impressions))).padStart(
    3,
    '0',
  );
  return `${basisPoints.slice(0, -2)}.${basisPoints.slice(-2)}`;
}
