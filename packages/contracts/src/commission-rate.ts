/**
 * A system's sales commission rate (decisions 0080, 0089): basis points in the books (500 = 5 %), a
 * percentage with at most two decimals where people type and read it. Integers only.
 */

/** The rate of a system that has set none: 5 % (issue 21). */
export const DEFAULT_COMMISSION_BPS = 500;
/** The highest rate a system may set: 50 %. */
export const MAX_COMMISSION_BPS = 5_000;

export const COMMISSION_RATE_TEXTS = {
  required: 'Enter the commission rate as a percentage, for example 5 or 7.25.',
  format: 'The commission rate is a percentage with at most two decimals, for example 5 or 7.25.',
  range: 'The commission rate is from 0 % to 50 %.',
  saved: 'The commission rate is saved. It applies to money collected from now on.',
  /** What the screen says of a change, beside the field. */
  appliesFrom:
    'A new rate applies to money collected after you save it; commissions already earned keep the rate they were earned at.',
} as const;

/** Basis points in one percent. */
const BPS_PER_PERCENT = 100;
const RATE_PATTERN = /^(\d{1,3})(?:\.(\d{1,2}))?$/;

/**
 * A rate typed as a percentage ("5", "7.5", "7.25 %", "0", "50") → basis points, with no float:
 * the digits are read as integers. At most two decimals, from 0 to 50 %; anything else is the
 * text that says why.
 */
export function parseCommissionRate(text: string): { bps: number } | { error: string } {
  const typed = text.trim().replace(/\s*%$/, '');
  if (typed === '') return { error: COMMISSION_RATE_TEXTS.required };
  if (/^-\d/.test(typed)) return { error: COMMISSION_RATE_TEXTS.range };
  const match = RATE_PATTERN.exec(typed);
  if (!match) return { error: COMMISSION_RATE_TEXTS.format };
  const whole = Number.parseInt(match[1] ?? '0', 10);
  const hundredths = Number.parseInt((match[2] ?? '').padEnd(2, '0'), 10);
  const bps = whole * BPS_PER_PERCENT + hundredths;
  if (bps > MAX_COMMISSION_BPS) return { error: COMMISSION_RATE_TEXTS.range };
  return { bps };
}

/** Basis points → the percentage people read: 500 → "5", 750 → "7.5", 725 → "7.25". */
export function formatCommissionRate(bps: number): string {
  if (!Number.isSafeInteger(bps) || bps < 0) throw new RangeError(`Not a commission rate: ${bps}`);
  const whole = Math.trunc(bps / BPS_PER_PERCENT);
  const rest = bps % BPS_PER_PERCENT;
  if (rest === 0) return String(whole);
  return `${whole}.${String(rest).padStart(2, '0').replace(/0$/, '')}`;
}
