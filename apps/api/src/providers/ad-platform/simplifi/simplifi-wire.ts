import {
  type Cents,
  centsFromWire,
  centsToDollars,
  type Micros,
  microsFromWire,
  microsToDollars,
} from '@app/contracts';

/*
 * Simpli.fi writes money as dollars (`"daily_budget": 100.0`, `"bid": 3.5`, `"total_spend": 11.05`)
 * These turn them into our integers by their digits (the contracts' wire parsers), never through
 * float arithmetic, and back into dollar text. (A CTR goal's percent: `simplifi-percent.ts`.)
 */

/** A JSON number or string of dollars as the digits it was written with. */
export const digits = (value: unknown): string | null =>
  typeof value === 'number' && Number.isFinite(value) && value >= 0
    ? // Shortest round-trip text of the parsed literal: the digits Simpli.fi wrote (100.0 → "100").
      String(value).includes('e')
      ? null
      : String(value)
    : typeof value === 'string' && /^\d+(\.\d+)?$/.test(value.trim())
      ? value.trim()
      : null;

/** Dollars (at most 2 decimals, as budgets and spend are) as cents; null when absent or not money. */
export function dollarsToCents(value: unknown): Cents | null {
  const text = digits(value);
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  // Spend may come with more decimals than cents: cut to the cent (Simpli.fi rounds its own reports).
  return centsFromWire(`${whole}.${fraction.slice(0, 2).padEnd(2, '0')}`);
}

/** Dollars (up to 6 decimals) as micro-dollars; null when absent or not money. */
export function dollarsToMicros(value: unknown): Micros | null {
  const text = digits(value);
  if (text === null) return null;
  const [whole = '0', fraction = ''] = text.split('.');
  return microsFromWire(`${whole}.${fraction.slice(0, 6).padEnd(6, '0')}`);
}

export const centsAsDollars = (cents: Cents): string => centsToDollars(cents);
export const microsAsDollars = (micros: Micros): string => microsToDollars(micros);
