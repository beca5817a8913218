import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TOO_LARGE,
  asCents,
  asMicros,
  centsFromWire,
  centsToDollars,
  centsToMicros,
  FEE_AMOUNT_INVALID,
  feeDollarsSchema,
  formatUsdCents,
  formatUsdMicros,
  formatUsdText,
  isDollarText,
  microsFromWire,
  microsToDollars,
  PER_LEAD_AMOUNT_INVALID,
  parseDollarsToCents,
  parseDollarsToMicros,
  perLeadDollarsSchema,
} from './money.js';

describe('dollar strings', () => {
  it.each([
    ['0', 0],
    ['0.5', 50],
    ['.5', 50],
    ['1.', 100],
    ['12.50', 1250],
    ['007.05', 705],
    [' 3 ', 300],
    ['9999999.99', 999_999_999],
  ])('fee %s is %i cents', (text, cents) => {
    expect(parseDollarsToCents(text)).toBe(cents);
  });

  it.each(['', '.', '1.234', '-1', '1,000', '$5', '1e3', '1.2.3', 'abc', '10000000', ' 1 2', 'NaN', '0x10'])(
    'fee %j is refused',
    (text) => {
      expect(parseDollarsToCents(text)).toBeNull();
    },
  );

  it.each([
    ['0', 0],
    ['0.125', 125_000],
    ['0.05', 50_000],
    ['1.5', 1_500_000],
    ['25', 25_000_000],
  ])('per-lead %s is %i micro-dollars', (text, micros) => {
    expect(parseDollarsToMicros(text)).toBe(micros);
  });

  it('allows three decimals per lead, not four', () => {
    expect(parseDollarsToMicros('0.0125')).toBeNull();
    expect(parseDollarsToMicros('0.012')).toBe(12_000);
  });

  it('formats back to the wire string', () => {
    expect(centsToDollars(asCents(0))).toBe('0');
    expect(centsToDollars(asCents(5))).toBe('0.05');
    expect(centsToDollars(asCents(1250))).toBe('12.50');
    expect(centsToDollars(asCents(100))).toBe('1.00');
    expect(microsToDollars(asMicros(0))).toBe('0');
    expect(microsToDollars(asMicros(500_000))).toBe('0.50');
    expect(microsToDollars(asMicros(125_000))).toBe('0.125');
    expect(microsToDollars(asMicros(1))).toBe('0.000001');
    expect(microsToDollars(asMicros(3_000_000))).toBe('3.00');
  });

  it('round-trips every value it produces', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 12345, 999_999_999]) {
      expect(parseDollarsToCents(centsToDollars(asCents(cents)))).toBe(cents);
    }
    for (const micros of [0, 1000, 10_000, 125_000, 500_000, 1_000_000, 7_777_000]) {
      expect(parseDollarsToMicros(microsToDollars(asMicros(micros)))).toBe(micros);
    }
  });

  it('reads back what the wire carries, to the last unit', () => {
    expect(centsFromWire('12.50')).toBe(1250);
    expect(centsFromWire('0')).toBe(0);
    expect(centsFromWire('1.234')).toBeNull();
    expect(microsFromWire('0.000001')).toBe(1);
    expect(microsFromWire('1.234567')).toBe(1_234_567);
    expect(microsFromWire('1.2345678')).toBeNull();
    expect(microsFromWire('abc')).toBeNull();
    for (const micros of [0, 1, 999_999, 1_234_567, 9_999_999_999_999]) {
      expect(microsFromWire(microsToDollars(asMicros(micros)))).toBe(micros);
    }
  });

  it('turns cents into micro-dollars exactly', () => {
    expect(centsToMicros(asCents(0))).toBe(0);
    expect(centsToMicros(asCents(1))).toBe(10_000);
    expect(centsToMicros(asCents(999_999_999))).toBe(9_999_999_990_000);
  });

  it('shows US dollars with thousands separators', () => {
    expect(formatUsdCents(asCents(0))).toBe('$0.00');
    expect(formatUsdCents(asCents(123_450))).toBe('$1,234.50');
    expect(formatUsdCents(asCents(100_000_000))).toBe('$1,000,000.00');
    expect(formatUsdMicros(asMicros(500_000))).toBe('$0.50');
    expect(formatUsdMicros(asMicros(125_000))).toBe('$0.125');
    expect(formatUsdMicros(asMicros(1_234_000_000))).toBe('$1,234.00');
  });

  it('shows a wire amount with its cents, zero included', () => {
    expect(formatUsdText('0')).toBe('$0.00');
    expect(formatUsdText('30.00')).toBe('$30.00');
    expect(formatUsdText('1234.5')).toBe('$1,234.50');
    expect(formatUsdText('-149.00')).toBe('-$149.00');
    expect(formatUsdText('-0')).toBe('$0.00');
    expect(formatUsdText('0.125')).toBe('$0.125');
    expect(formatUsdText('n/a')).toBe('n/a');
  });

  it('recognises the price-input characters of spec 2 §5', () => {
    expect(isDollarText('12.5')).toBe(true);
    expect(isDollarText('12.')).toBe(true);
    expect(isDollarText('1.2.3')).toBe(false);
    expect(isDollarText('1a')).toBe(false);
  });
});

describe('dollar schemas', () => {
  it('turn strings into integers with clear texts', () => {
    expect(feeDollarsSchema.parse('12.50')).toBe(1250);
    expect(perLeadDollarsSchema.parse('0.125')).toBe(125_000);
    expect(feeDollarsSchema.safeParse('12.505').error?.issues[0]?.message).toBe(FEE_AMOUNT_INVALID);
    expect(perLeadDollarsSchema.safeParse('abc').error?.issues[0]?.message).toBe(PER_LEAD_AMOUNT_INVALID);
    expect(feeDollarsSchema.safeParse('12345678').error?.issues[0]?.message).toBe(AMOUNT_TOO_LARGE);
    expect(feeDollarsSchema.safeParse(12).success).toBe(false);
  });
});

describe('asCents / asMicros', () => {
  it('accept whole amounts, negative ones too (refunds, credits)', () => {
    expect(asCents(1250)).toBe(1250);
    expect(asCents(-300)).toBe(-300);
    expect(asMicros(125_000)).toBe(125_000);
  });
  it('refuse fractions, NaN and unsafe integers', () => {
    expect(() => asCents(12.5)).toThrow(RangeError);
    expect(() => asCents(Number.NaN)).toThrow(RangeError);
    expect(() => asMicros(2 ** 53)).toThrow(RangeError);
  });
});
