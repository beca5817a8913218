import { type Cents, ZERO_CENTS } from '@app/contracts';
import { onboardingPrice } from '@app/pricing';
import type { ProfileRepository } from './profile-repository.js';

interface FeeCompany {
  id: number;
  kind: string;
  rootId: number;
  excludeOnboardCharge: boolean;
  isOnboardCharged: boolean;
}

/**
 * The onboarding fee a company's first card would pay now, as the card step shows it before paying:
 * agencies only, not excluded, not yet charged; the agency's own setting, else its system's
 * (`onboardingPrice`). The charge itself reads the settings again on the server, never this answer.
 */
export async function onboardingFeeDue(
  repo: Pick<ProfileRepository, 'onboardingSettingOf'>,
  company: FeeCompany,
): Promise<{ amountCents: Cents; enableCoupon: boolean }> {
  const none = { amountCents: ZERO_CENTS, enableCoupon: false };
  if (company.kind !== 'agency' || company.excludeOnboardCharge || company.isOnboardCharged) return none;
  return onboardingPrice(
    await repo.onboardingSettingOf(company.id),
    await repo.onboardingSettingOf(company.rootId),
  );
}
