import {
  asCents,
  type Cents,
  isDollarText,
  ONBOARDING_AMOUNT_TEXTS,
  parseDollarsToCents,
  ZERO_CENTS,
} from '@app/contracts';
import { MAX_CHARGE_CENTS } from './charge-limits.js';

/**
 * Spec 2 §5: an onboarding charge is 0 (none) or strictly more than $0.50; and never more than one
 * card charge can carry (decision 0066).
 */
export const ONBOARDING_AMOUNT_ABOVE = asCents(50);

/**
 * The onboarding amount rule, for the server's check and the browser's alike: 0 disables,
 * otherwise strictly above $0.50, in whole cents. Returns the cents, or the spec's text for the
 * first rule broken. A number is read through its decimal text, never through arithmetic.
 */
export function onboardingAmountToCents(
  value: number | string,
): { ok: true; cents: Cents } | { ok: false; message: string } {
  const text = typeof value === 'number' ? (Number.isFinite(value) ? String(value) : '') : value.trim();
  const negative = text.startsWith('-');
  const unsigned = negative ? text.slice(1) : text;
  if (!isDollarText(unsigned)) return { ok: false, message: ONBOARDING_AMOUNT_TEXTS.invalid };
  if (negative) {
    return /[1-9]/.test(unsigned)
      ? { ok: false, message: ONBOARDING_AMOUNT_TEXTS.negative }
      : { ok: true, cents: ZERO_CENTS };
  }
  // Zeros past the cents change nothing (0.500 is 50 cents); anything else there is refused.
  const [whole = '', fraction = ''] = unsigned.split('.');
  const cents = parseDollarsToCents(`${whole}.${fraction.replace(/0+$/, '')}`);
  if (cents === null) return { ok: false, message: ONBOARDING_AMOUNT_TEXTS.invalid };
  if (cents > 0 && cents <= ONBOARDING_AMOUNT_ABOVE)
    return { ok: false, message: ONBOARDING_AMOUNT_TEXTS.notAboveHalf };
  if (cents > MAX_CHARGE_CENTS) return { ok: false, message: ONBOARDING_AMOUNT_TEXTS.tooLarge };
  return { ok: true, cents };
}

/** A stored onboarding setting (the `onboarding_settings` row of a company). */
export interface OnboardingSetting {
  amountCents: Cents;
  enableCoupon: boolean;
}

/**
 * The onboarding charge that applies to an agency: its own setting, else its system's (the root
 * company's), else none. Exclusion is the caller's: an excluded agency is charged nothing.
 */
export function onboardingPrice(
  own: OnboardingSetting | undefined,
  system: OnboardingSetting | undefined,
): OnboardingSetting {
  return own ?? system ?? { amountCents: ZERO_CENTS, enableCoupon: false };
}
