import { describe, expect, it } from 'vitest';
import {
  AMOUNT_TOO_LARGE,
  asCents,
  asMicros,
  centsToDollars,
  costPerLeadMinimumText,
  FEE_AMOUNT_INVALID,
  feeDollarsSchema,
  formatUsdCents,
  formatUsdMicros,
  isDollarText,
  microsToDollars,
  PER_LEAD_AMOUNT_INVALID,
  parseDollarsToCents,
  parseDollarsToMicros,
  perLeadDollarsSchema,
} from './money.js';
import { ONBOARDING_AMOUNT_TEXTS, onboardingAmountToCents } from './settings.js';

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
    expect(centsToDollars(0)).toBe('0');
    expect(centsToDollars(5)).toBe('0.05');
    expect(centsToDollars(1250)).toBe('12.50');
    expect(centsToDollars(100)).toBe('1.00');
    expect(microsToDollars(0)).toBe('0');
    expect(microsToDollars(500_000)).toBe('0.50');
    expect(microsToDollars(125_000)).toBe('0.125');
    expect(microsToDollars(1)).toBe('0.000001');
    expect(microsToDollars(3_000_000)).toBe('3.00');
  });

  it('round-trips every value it produces', () => {
    for (const cents of [0, 1, 9, 10, 99, 100, 101, 12345, 999_999_999]) {
      expect(parseDollarsToCents(centsToDollars(cents))).toBe(cents);
    }
    for (const micros of [0, 1000, 10_000, 125_000, 500_000, 1_000_000, 7_777_000]) {
      expect(parseDollarsToMicros(microsToDollars(micros))).toBe(micros);
    }
  });

  it('shows US dollars with thousands separators', () => {
    expect(formatUsdCents(0)).toBe('$0.00');
    expect(formatUsdCents(123_450)).toBe('$1,234.50');
    expect(formatUsdCents(100_000_000)).toBe('$1,000,000.00');
    expect(formatUsdMicros(500_000)).toBe('$0.50');
    expect(formatUsdMicros(125_000)).toBe('$0.125');
    expect(formatUsdMicros(1_234_000_000)).toBe('$1,234.00');
  });

  it('writes the floor hint the same way on both sides', () => {
    expect(costPerLeadMinimumText(750_000)).toBe('*Cost Per Lead Minimum $0.75');
    expect(costPerLeadMinimumText(1_250_000)).toBe('*Cost Per Lead Minimum $1.25');
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

describe('onboarding amount (spec 2 §5)', () => {
  it.each([
    [0, 0],
    ['0', 0],
    ['0.00', 0],
    [0.51, 51],
    ['1', 100],
    [25.5, 2550],
    ['100.10', 10010],
  ])('%j is %i cents', (value, cents) => {
    expect(onboardingAmountToCents(value)).toEqual({ ok: true, cents });
  });

  it.each([
    [0.5, ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.01', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.50', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    [-1, ONBOARDING_AMOUNT_TEXTS.negative],
    ['-0.75', ONBOARDING_AMOUNT_TEXTS.negative],
    ['abc', ONBOARDING_AMOUNT_TEXTS.invalid],
    ['', ONBOARDING_AMOUNT_TEXTS.invalid],
    [Number.NaN, ONBOARDING_AMOUNT_TEXTS.invalid],
    ['1.005', ONBOARDING_AMOUNT_TEXTS.invalid], // step 0.01
    ['1e3', ONBOARDING_AMOUNT_TEXTS.invalid],
  ])('%j is refused: %s', (value, message) => {
    expect(onboardingAmountToCents(value)).toEqual({ ok: false, message });
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
