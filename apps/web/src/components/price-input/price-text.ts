import {
  asCents,
  asMicros,
  type Cents,
  centsToDollars,
  centsToMicros,
  FEE_MAX_DECIMALS,
  formatUsdCents,
  formatUsdMicros,
  isDollarText,
  MAX_DOLLAR_DIGITS,
  type Micros,
  microsToDollars,
  PER_LEAD_MAX_DECIMALS,
  parseDollarsToCents,
  parseDollarsToMicros,
} from '@app/contracts';
import { costPerLeadMinimumText } from '@app/pricing';

/**
 * Price input rules of spec 2 §5, kept free of React so they can be tested on their own: currency
 * text, only digits and one decimal point, formatted as US dollars on blur, anything else reset to 0,
 * and an optional floor that the value is raised to on blur.
 *
 * Amounts are integers in a minor unit (cents for fees, micro-dollars for per-lead prices). Parsing
 * and formatting are the contracts' money helpers, so the browser reads and shows an amount exactly as
 * the server does (and the floor hint is the server's own text).
 */

/** How amounts are held: cents (fees) or micro-dollars (per-lead prices). */
export type PriceUnit = 'cents' | 'micros';
/** The money type a unit's amounts have. */
export type AmountOf<U extends PriceUnit> = U extends 'cents' ? Cents : Micros;

/** Whole minor units as the unit's money type (checked: a fraction throws). */
export function amountOf<U extends PriceUnit>(units: number, unit: U): AmountOf<U> {
  return (unit === 'cents' ? asCents(units) : asMicros(units)) as AmountOf<U>;
}

/** Decimals a person may type: whole cents for fees, tenths of a cent for per-lead prices. */
export const MAX_DECIMALS: Record<PriceUnit, number> = {
  cents: FEE_MAX_DECIMALS,
  micros: PER_LEAD_MAX_DECIMALS,
};

/** Only digits and at most one decimal point (spec 2 §5); the empty text is allowed while typing. */
export function isPriceText(text: string): boolean {
  return text === '' || text === '.' || isDollarText(text);
}

/** Keys that edit or move without inserting text; they are always let through. */
const CONTROL_KEYS = new Set([
  'Backspace',
  'Delete',
  'Tab',
  'Enter',
  'Escape',
  'ArrowLeft',
  'ArrowRight',
  'ArrowUp',
  'ArrowDown',
  'Home',
  'End',
]);

export interface PriceKey {
  key: string;
  ctrlKey?: boolean;
  metaKey?: boolean;
  shiftKey?: boolean;
  altKey?: boolean;
}

/** Copy, cut and paste are blocked, also through their keyboard shortcuts (spec 2 §5). */
export function isClipboardShortcut(event: PriceKey): boolean {
  const key = event.key.toLowerCase();
  if ((event.ctrlKey || event.metaKey) && (key === 'c' || key === 'v' || key === 'x')) return true;
  // The older Windows shortcuts: Shift+Insert pastes, Ctrl+Insert copies, Shift+Delete cuts.
  if (key === 'insert' && (event.shiftKey || event.ctrlKey)) return true;
  return event.shiftKey === true && key === 'delete';
}

/**
 * Whether a key press may go through (`text` and the selection describe the input before the key):
 * control keys; a digit unless the result would have more decimals than the unit allows or more
 * dollar digits than the server accepts; a decimal point when the text would still hold only one.
 */
export function isAllowedPriceKey(
  event: PriceKey,
  text: string,
  unit: PriceUnit,
  selection: { start: number; end: number } = { start: text.length, end: text.length },
): boolean {
  if (isClipboardShortcut(event)) return false;
  if (CONTROL_KEYS.has(event.key)) return true;
  // Select all, undo and redo stay available; other shortcuts insert nothing either way.
  if (event.ctrlKey || event.metaKey) return ['a', 'z', 'y'].includes(event.key.toLowerCase());
  const result = text.slice(0, selection.start) + event.key + text.slice(selection.end);
  if (event.key === '.') return result.indexOf('.') === result.lastIndexOf('.');
  if (!/^\d$/.test(event.key)) return false;
  const [whole = '', fraction = ''] = result.split('.');
  return fraction.length <= MAX_DECIMALS[unit] && whole.replace(/^0+(?=\d)/, '').length <= MAX_DOLLAR_DIGITS;
}

/** Text to integer minor units, or null when the text is not a price (then the input resets to 0). */
export function parsePrice(text: string, unit: PriceUnit): number | null {
  return unit === 'cents' ? parseDollarsToCents(text) : parseDollarsToMicros(text);
}

/** Minor units as US dollars (en-US), e.g. '$1,234.50', '$0.125'. */
export function formatPrice(units: number, unit: PriceUnit): string {
  return unit === 'cents' ? formatUsdCents(asCents(units)) : formatUsdMicros(asMicros(units));
}

/** Minor units to the plain number text shown while editing (no '$', no grouping), e.g. '1234.5'. */
export function priceToEditText(units: number, unit: PriceUnit): string {
  const dollars = unit === 'cents' ? centsToDollars(asCents(units)) : microsToDollars(asMicros(units));
  // The wire's text without the zeros it pads the cents with: '1234.50' → '1234.5', '3.00' → '3'.
  return dollars.includes('.') ? dollars.replace(/0+$/, '').replace(/\.$/, '') : dollars;
}

export interface SettledPrice {
  units: number;
  /** What the input shows after blur: the formatted amount. */
  display: string;
  /** True when the typed value was below the floor and was raised to it. */
  raisedToMin: boolean;
}

/** Spec 2 §5 on blur: not a price → 0; below the floor → the floor; then formatted as dollars. */
export function settlePrice(text: string, unit: PriceUnit, min?: number | null): SettledPrice {
  const parsed = parsePrice(text, unit) ?? 0;
  const floor = min ?? 0;
  const raisedToMin = parsed < floor;
  const units = raisedToMin ? floor : parsed;
  return { units, display: formatPrice(units, unit), raisedToMin };
}

/**
 * Whether the '*Cost Per Lead Minimum {value}' hint shows: a floor above zero and a typed value
 * below it. Text that is not a price counts as 0, which is what it becomes on blur.
 */
export function isBelowMin(text: string, unit: PriceUnit, min?: number | null): boolean {
  if (!min || min <= 0) return false;
  return (parsePrice(text, unit) ?? 0) < min;
}

/** The floor hint of spec 2 §5, the same text the server answers with (floors are per-lead prices). */
export function minimumHint(min: number, unit: PriceUnit): string {
  return costPerLeadMinimumText(unit === 'micros' ? asMicros(min) : centsToMicros(asCents(min)));
}
