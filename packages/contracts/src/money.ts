import { z } from 'zod';

/**
 * The one wire convention for money (decision 0028): every amount in a request or a response is a
 * dollar string ("12.50", "0.125", "0"); in code and in the database it is `Cents` (fees, charges)
 * or `Micros` (per-lead prices). This file is the only place the two meet, on the server and in
 * the browser alike: `parseDollarsTo*` / `*FromWire` read a string, `*ToDollars` write one. No
 * floats: digits are read as integers and joined, never divided or multiplied as decimals.
 */

declare const centsBrand: unique symbol;
declare const microsBrand: unique symbol;
/** Whole US cents: every fee, charge, refund and ledger amount. A plain number is not one until checked. */
export type Cents = number & { readonly [centsBrand]: true };
/** Whole micro-dollars (10^-6 USD): per-lead unit prices, which need sub-cent precision. */
export type Micros = number & { readonly [microsBrand]: true };

function assertWholeAmount(value: number, unit: string): void {
  if (!Number.isSafeInteger(value)) throw new RangeError(`Not a whole number of ${unit}: ${value}`);
}
/** The one way a number becomes `Cents`: it must be a safe integer (a float is a bug, so it throws). */
export function asCents(value: number): Cents {
  assertWholeAmount(value, 'cents');
  return value as Cents;
}
/** The one way a number becomes `Micros`: it must be a safe integer. */
export function asMicros(value: number): Micros {
  assertWholeAmount(value, 'micro-dollars');
  return value as Micros;
}

/** No money: what an unset amount reads as. */
export const ZERO_CENTS = asCents(0);
export const ZERO_MICROS = asMicros(0);

/** An exact BigInt result (a product of leads and micro-dollars, rounded) as `Cents`; throws past 2^53. */
export function centsFromBigInt(value: bigint): Cents {
  if (value > BigInt(Number.MAX_SAFE_INTEGER) || value < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`Not a safe amount of cents: ${value}`);
  return asCents(Number(value));
}

/** A micro-dollar column as a raw query answers it: a number (PGlite) or int8 text (node-postgres). */
export function microsFromDb(value: string | number | bigint): Micros {
  const whole = BigInt(value);
  if (whole > BigInt(Number.MAX_SAFE_INTEGER) || whole < BigInt(Number.MIN_SAFE_INTEGER))
    throw new RangeError(`Not a safe amount of micro-dollars: ${whole}`);
  return asMicros(Number(whole));
}

/** Fees (setup fee, platform fee, onboarding charge, minimum spend): whole cents. */
export const FEE_MAX_DECIMALS = 2;
/** Per-lead prices: tenths of a cent (stored as micro-dollars, so finer values stay exact). */
export const PER_LEAD_MAX_DECIMALS = 3;
/** At most 7 digits of dollars (under $10,000,000): keeps micro-dollars far below 2^53. */
export const MAX_DOLLAR_DIGITS = 7;

export const FEE_AMOUNT_INVALID =
  'Enter an amount in US dollars: digits and one decimal point, at most 2 decimals (e.g. 12.50).';
export const PER_LEAD_AMOUNT_INVALID =
  'Enter a price in US dollars: digits and one decimal point, at most 3 decimals (e.g. 0.125).';
export const AMOUNT_TOO_LARGE = 'The amount must be less than $10,000,000.';

/** The price-input rule of spec 2 §5: digits and at most one decimal point, nothing else. */
export const isDollarText = (text: string): boolean => /^(\d+(\.\d*)?|\.\d+)$/.test(text);

/**
 * Parses a dollar string into an integer amount of `10^scale` units (2 → cents, 6 → micros), or
 * null when it is not digits with one optional point, has more than `maxDecimals` decimals, or is
 * too large. Surrounding spaces are ignored.
 */
function parseDollars(text: string, scale: number, maxDecimals: number): number | null {
  const trimmed = text.trim();
  if (!isDollarText(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.split('.');
  if (fraction.length > maxDecimals) return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DOLLAR_DIGITS) return null;
  return Number(digits || '0') * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
}

const asAmount = <T>(value: number | null, make: (v: number) => T): T | null =>
  value === null ? null : make(value);

/** A fee typed by a person (at most 2 decimals) as `Cents`, or null when it breaks the rule. */
export const parseDollarsToCents = (text: string): Cents | null =>
  asAmount(parseDollars(text, 2, FEE_MAX_DECIMALS), asCents);
/** A per-lead price typed by a person (at most 3 decimals) as `Micros`, or null. */
export const parseDollarsToMicros = (text: string): Micros | null =>
  asAmount(parseDollars(text, 6, PER_LEAD_MAX_DECIMALS), asMicros);

/** A fee as the wire carries it (what `centsToDollars` wrote) back as `Cents`; null if it is not one. */
export const centsFromWire = (text: string): Cents | null => asAmount(parseDollars(text, 2, 2), asCents);
/** A per-lead price as the wire carries it (up to 6 decimals) back as `Micros`; null if not one. */
export const microsFromWire = (text: string): Micros | null => asAmount(parseDollars(text, 6, 6), asMicros);

function toDollarString(amount: number, scale: number, minDecimals: number): string {
  if (!Number.isSafeInteger(amount)) throw new RangeError(`Not an integer amount: ${amount}`);
  if (amount === 0) return '0';
  const sign = amount < 0 ? '-' : '';
  const abs = Math.abs(amount);
  const unit = 10 ** scale;
  const whole = Math.floor(abs / unit);
  const fraction = String(abs % unit)
    .padStart(scale, '0')
    .replace(/0+$/, '')
    .padEnd(minDecimals, '0');
  return `${sign}${whole}${fraction ? `.${fraction}` : ''}`;
}

/** Cents as the wire's dollar string: 0 → '0', 1250 → '12.50'. */
export const centsToDollars = (cents: Cents) => toDollarString(cents, 2, 2);
/** Micro-dollars as the wire's dollar string: 0 → '0', 500000 → '0.50', 125000 → '0.125'. */
export const microsToDollars = (micros: Micros) => toDollarString(micros, 6, 2);

/**
 * Cents as the number a spreadsheet cell stores (Excel keeps every number as a double): only for
 * writing a file a person opens, never for arithmetic here. Parsed from the exact dollar string, so
 * the cell shows what the CSV would say.
 */
export const centsToSpreadsheetNumber = (cents: Cents): number => Number(centsToDollars(cents));

/** Micro-dollars in one cent. */
export const MICROS_PER_CENT = 10_000;
/** Whole cents as micro-dollars (exact: a cent is 10,000 micro-dollars). */
export const centsToMicros = (cents: Cents): Micros => asMicros(cents * MICROS_PER_CENT);

const withThousands = (dollarText: string) => {
  const [whole = '0', fraction] = dollarText.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${dollarText.startsWith('-') ? '-' : ''}$${grouped}${fraction ? `.${fraction}` : ''}`;
};

/** Cents shown as US dollars: 123450 → '$1,234.50', 0 → '$0.00'. */
export const formatUsdCents = (cents: Cents) => withThousands(cents === 0 ? '0.00' : centsToDollars(cents));
/** Micro-dollars shown as US dollars with the decimals they need: '$0.50', '$0.125'. */
export const formatUsdMicros = (micros: Micros) =>
  withThousands(micros === 0 ? '0.00' : microsToDollars(micros));

/**
 * A dollar string of the wire ('12.50', '0', '-149.00', a per-lead '0.125') as people read money:
 * always with cents ('$0.00', '-$149.00', '$0.125'). The one way a screen shows a wire amount; text
 * that is no amount is shown as sent rather than guessed at.
 */
export function formatUsdText(text: string): string {
  const negative = text.startsWith('-');
  const digits = negative ? text.slice(1) : text;
  const cents = centsFromWire(digits);
  const sign = (amount: number) => (negative && amount !== 0 ? -amount : amount);
  if (cents !== null) return formatUsdCents(asCents(sign(cents)));
  const micros = microsFromWire(digits);
  return micros === null ? text : formatUsdMicros(asMicros(sign(micros)));
}

const dollarSchema = <T>(parse: (t: string) => T | null, invalid: string) =>
  z
    .string()
    .max(32, invalid)
    .transform((text, ctx) => {
      const value = parse(text);
      if (value === null) {
        const tooLarge =
          isDollarText(text.trim()) &&
          (text.trim().split('.')[0] ?? '').replace(/^0+/, '').length > MAX_DOLLAR_DIGITS;
        ctx.addIssue({ code: 'custom', message: tooLarge ? AMOUNT_TOO_LARGE : invalid });
        return z.NEVER;
      }
      return value;
    });

/** A fee as a dollar string → integer cents. */
export const feeDollarsSchema = dollarSchema(parseDollarsToCents, FEE_AMOUNT_INVALID);
/** A per-lead price as a dollar string → integer micro-dollars. */
export const perLeadDollarsSchema = dollarSchema(parseDollarsToMicros, PER_LEAD_AMOUNT_INVALID);
