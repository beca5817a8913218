import { z } from 'zod';

/**
 * Money on the wire is a dollar string ("12.50"); in the database it is integer cents (fees) or
 * integer micro-dollars (per-lead prices). These helpers are the only place the two meet, on the
 * server and in the browser alike, so both parse and show amounts the same way. No floats.
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
export function parseDollars(text: string, scale: number, maxDecimals: number): number | null {
  const trimmed = text.trim();
  if (!isDollarText(trimmed)) return null;
  const [whole = '', fraction = ''] = trimmed.split('.');
  if (fraction.length > maxDecimals) return null;
  const digits = whole.replace(/^0+(?=\d)/, '');
  if (digits.length > MAX_DOLLAR_DIGITS) return null;
  return Number(digits || '0') * 10 ** scale + Number(fraction.padEnd(scale, '0') || '0');
}

export const parseDollarsToCents = (text: string) => parseDollars(text, 2, FEE_MAX_DECIMALS);
export const parseDollarsToMicros = (text: string) => parseDollars(text, 6, PER_LEAD_MAX_DECIMALS);

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
export const centsToDollars = (cents: number) => toDollarString(cents, 2, 2);
/** Micro-dollars as the wire's dollar string: 0 → '0', 500000 → '0.50', 125000 → '0.125'. */
export const microsToDollars = (micros: number) => toDollarString(micros, 6, 2);

const withThousands = (dollarText: string) => {
  const [whole = '0', fraction] = dollarText.replace('-', '').split('.');
  const grouped = whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${dollarText.startsWith('-') ? '-' : ''}$${grouped}${fraction ? `.${fraction}` : ''}`;
};

/** Cents shown as US dollars: 123450 → '$1,234.50', 0 → '$0.00'. */
export const formatUsdCents = (cents: number) => withThousands(cents === 0 ? '0.00' : centsToDollars(cents));
/** Micro-dollars shown as US dollars with the decimals they need: '$0.50', '$0.125'. */
export const formatUsdMicros = (micros: number) =>
  withThousands(micros === 0 ? '0.00' : microsToDollars(micros));

/** The floor hint of spec 2 §5 (server error and browser hint say the same). */
export const costPerLeadMinimumText = (minimumMicros: number) =>
  `*Cost Per Lead Minimum ${formatUsdMicros(minimumMicros)}`;

const dollarSchema = (parse: (t: string) => number | null, invalid: string) =>
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
