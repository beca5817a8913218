import { asCents, ONBOARDING_AMOUNT_TEXTS } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { onboardingAmountToCents, onboardingPrice } from './onboarding.js';

describe('onboarding amount (spec 2 §5)', () => {
  it.each([
    [0, 0],
    ['0', 0],
    ['0.00', 0],
    ['-0', 0],
    [0.51, 51],
    ['0.51', 51],
    ['1', 100],
    [25.5, 2550],
    ['100.10', 10010],
    ['999999.99', 99_999_999],
  ])('%j is %i cents', (value, cents) => {
    expect(onboardingAmountToCents(value)).toEqual({ ok: true, cents });
  });

  it.each([
    [0.5, ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.01', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.50', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    ['0.500', ONBOARDING_AMOUNT_TEXTS.notAboveHalf],
    [-1, ONBOARDING_AMOUNT_TEXTS.negative],
    ['-0.75', ONBOARDING_AMOUNT_TEXTS.negative],
    ['abc', ONBOARDING_AMOUNT_TEXTS.invalid],
    ['', ONBOARDING_AMOUNT_TEXTS.invalid],
    [Number.NaN, ONBOARDING_AMOUNT_TEXTS.invalid],
    [Number.POSITIVE_INFINITY, ONBOARDING_AMOUNT_TEXTS.invalid],
    ['1.005', ONBOARDING_AMOUNT_TEXTS.invalid], // step 0.01
    ['1e3', ONBOARDING_AMOUNT_TEXTS.invalid],
    ['10000000', ONBOARDING_AMOUNT_TEXTS.invalid],
    // More than one card charge can carry: it could never be charged.
    ['1000000', ONBOARDING_AMOUNT_TEXTS.tooLarge],
    ['9999999.99', ONBOARDING_AMOUNT_TEXTS.tooLarge],
  ])('%j is refused: %s', (value, message) => {
    expect(onboardingAmountToCents(value)).toEqual({ ok: false, message });
  });
});

describe('onboardingPrice: the agency’s own setting, else the system’s, else none', () => {
  const own = { amountCents: asCents(25_000), enableCoupon: true };
  const system = { amountCents: asCents(50_000), enableCoupon: false };
  it.each([
    ['own wins', own, system, own],
    ['falls back to the system', undefined, system, system],
    [
      'an own setting of 0 is a choice, not a gap',
      { amountCents: asCents(0), enableCoupon: false },
      system,
      { amountCents: 0, enableCoupon: false },
    ],
    ['nothing set', undefined, undefined, { amountCents: 0, enableCoupon: false }],
  ] as const)('%s', (_name, a, b, expected) => {
    expect(onboardingPrice(a, b)).toEqual(expected);
  });
});
