import {
  centsToDollars,
  ONBOARDING_AMOUNT_TEXTS,
  SETTING_SAVED,
  SUBSCRIPTION_CANCELLED,
  ZERO_CENTS,
} from '@app/contracts';
import { onboardingAmountToCents } from '@app/pricing';
import { badRequest, notFound } from '../../http-errors.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import { describeCampaignMinimums } from './campaign-minimums.js';
import { loadCompany, requireKind } from './settings-access.js';
import type { SettingsRepository } from './settings-repository.js';

/**
 * Cancel subscription, onboarding charge, package and the configured minimums: the small
 * account-level settings of spec 2 §7.
 */
export function createAccountSettingsService(deps: { repo: SettingsRepository; audit: AuditLog }) {
  const { repo } = deps;

  async function minimumsOf(systemId: number) {
    if (!(await repo.system(systemId))) throw notFound();
    return describeCampaignMinimums(await repo.campaignMinimums(systemId));
  }

  return {
    /** The agency owner cancels the agency's own subscription; repeating it changes nothing. */
    async cancelSubscription(p: Principal, companyId: number, ip: string) {
      const company = await loadCompany(repo.company, companyId);
      if (company.kind !== 'agency' || company.id !== p.companyId) throw notFound();
      const { at, changed } = await repo.cancelSubscription(company.id);
      if (changed) {
        await deps.audit.record(
          settingsEvent(
            p,
            company.id,
            'subscription_cancelled',
            `Cancelled the subscription of ${company.name}`,
            ip,
          ),
        );
      }
      return {
        result: 'success' as const,
        message: SUBSCRIPTION_CANCELLED,
        subscription_cancelled_at: at.toISOString(),
      };
    },

    /**
     * The onboarding charge: the system's (on its root company, paid by new agencies) or an
     * agency's (paid by its new clients). 0 switches it off.
     */
    async setOnboarding(
      p: Principal,
      companyId: number,
      amount: number | string,
      enableCoupon: boolean,
      ip: string,
    ) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['root', 'agency']);
      const parsed = onboardingAmountToCents(amount);
      if (!parsed.ok) {
        const field =
          parsed.message === ONBOARDING_AMOUNT_TEXTS.notAboveHalf
            ? ONBOARDING_AMOUNT_TEXTS.atMostHalf
            : parsed.message;
        throw badRequest(parsed.message, { amount: field });
      }
      await repo.saveOnboarding(company.id, parsed.cents, enableCoupon);
      await deps.audit.record(
        settingsEvent(
          p,
          company.id,
          'onboarding_charge_updated',
          parsed.cents === 0
            ? `Switched off the onboarding charge of ${company.name}`
            : `Set the onboarding charge of ${company.name} to $${centsToDollars(parsed.cents)}${enableCoupon ? ' (coupons allowed)' : ''}`,
          ip,
        ),
      );
      return { status: 'success' as const, result: 'success' as const, message: SETTING_SAVED };
    },

    async getOnboarding(companyId: number, companyRootId: number | undefined) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['root', 'agency']);
      if (companyRootId !== undefined && companyRootId !== company.rootId) throw notFound();
      const row = await repo.onboarding(company.id);
      const cents = row?.amountCents ?? ZERO_CENTS;
      return {
        result: 'success' as const,
        data: {
          amount: centsToDollars(cents),
          enable_coupon: row?.enableCoupon ?? false,
        },
      };
    },

    /** Only the platform's staff choose an agency's package (it decides how the agency is billed). */
    async setPackage(p: Principal, companyId: number, packageId: string, ip: string) {
      const company = await loadCompany(repo.company, companyId);
      requireKind(company, ['agency'], 'Packages are chosen for agencies.');
      await repo.setPackage(company.id, packageId);
      await deps.audit.record(
        settingsEvent(
          p,
          company.id,
          'package_updated',
          `Changed the package of ${company.name} from ${company.packageId || 'none'} to ${packageId || 'none'}`,
          ip,
        ),
      );
      return { result: 'success' as const, message: 'Data has been updated successfully' };
    },

    /** The system's Simplifi minimums (set on its root company with `simplifiminimums`). */
    async minValueSimplifi(systemId: number) {
      const { maxBid, dailyBudget } = await minimumsOf(systemId);
      return { data: { maxBid, dailyBudget } };
    },

    async minLeadDayEnhance(systemId: number) {
      return { clientMinLeadDayEnhance: (await minimumsOf(systemId)).enhanceMinLeadsPerDay };
    },
  };
}

export type AccountSettingsService = ReturnType<typeof createAccountSettingsService>;
