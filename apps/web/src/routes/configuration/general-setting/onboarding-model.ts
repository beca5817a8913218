import { type Cents, ONBOARDING_AMOUNT_TEXTS } from '@app/contracts';
import { onboardingAmountToCents } from '@app/pricing';

export type OnboardingCheck =
  | { ok: true; cents: Cents }
  | {
      ok: false;
      /** Shown under the amount. */
      fieldError: string;
      /** Shown as a warning when Save is pressed anyway. */
      notice: string;
    };

/**
 * Spec 2 §5 / §9: 0 disables; otherwise strictly more than $0.50 in steps of 0.01; negative and
 * non-numbers refused, with the spec's texts (the contracts' rule, the same the server applies).
 * For 0 < x ≤ 0.5 the spec has two texts: like the server (message 'Amount must be greater than 0.5 if
 * not zero.', field 'Amount can not be less than or equal to 0.5.') the field shows the second and
 * the warning the first.
 */
export function checkOnboardingAmount(text: string): OnboardingCheck {
  const result = onboardingAmountToCents(text);
  if (result.ok) return result;
  const fieldError =
    result.message === ONBOARDING_AMOUNT_TEXTS.notAboveHalf
      ? ONBOARDING_AMOUNT_TEXTS.atMostHalf
      : result.message;
  return { ok: false, fieldError, notice: result.message };
}
