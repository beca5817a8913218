import {
  type Cents,
  COST_MODULES,
  type CostModule,
  centsToDollars,
  PAYMENT_TERMS,
  type RootRevenueResponse,
} from '@app/contracts';
import { onboardingPrice, type PriceSheet, sumCents, wholesalePrice } from '@app/pricing';
import type { Principal } from '../tenancy/index.js';
import { reportRange } from './report-range.js';
import type { AgencyOffer, RevenueRepository } from './revenue-repository.js';

const CONFIGURED_ONLY =
  'No charges are recorded yet: these are the fees configured for agencies, not money received.';

const isCostModule = (module: string | null): module is CostModule =>
  COST_MODULES.includes(module as CostModule);

/**
 * Root revenue as configured (no charges are recorded yet): the onboarding charge each new agency
 * would pay and the setup and platform fees live agencies' terms carry. Prices are layered by
 * `@app/pricing` (the agency's own, else its system's), amounts summed as whole cents.
 */
export function createRevenueService(repo: RevenueRepository, now: () => Date = () => new Date()) {
  /** Per term: agencies offering it, and their setup and platform fees over their enabled modules. */
  function feesByTerm(offers: readonly AgencyOffer[], sheets: Map<number, PriceSheet>, system: PriceSheet) {
    return PAYMENT_TERMS.map((term) => {
      const onTerm = offers.filter((o) => o.term === term);
      const prices = onTerm.flatMap((o) =>
        isCostModule(o.module)
          ? [wholesalePrice({ agency: sheets.get(o.agencyId) ?? [], system }, o.module, term)]
          : [],
      );
      return {
        term,
        agencies: new Set(onTerm.map((o) => o.agencyId)).size,
        setup_fee: centsToDollars(sumCents(prices.map((p) => p.setupFeeCents))),
        platform_fee: centsToDollars(sumCents(prices.map((p) => p.platformFeeCents))),
      };
    });
  }

  return {
    async rootRevenue(p: Principal, startDate: string, endDate: string): Promise<RootRevenueResponse> {
      const range = reportRange(startDate, endDate, now());
      const [systemOnboarding, created, offers] = await Promise.all([
        repo.onboardingSetting(p.rootCompanyId),
        repo.agenciesCreated(p.systemId, p.rootCompanyId, range),
        repo.offers(p.systemId, p.rootCompanyId),
      ]);
      const agencyIds = [...new Set(offers.map((o) => o.agencyId))];
      const priceRows = await repo.prices([p.rootCompanyId, ...agencyIds]);
      const sheets = new Map<number, PriceSheet>();
      for (const row of priceRows) sheets.set(row.companyId, [...(sheets.get(row.companyId) ?? []), row]);

      const charged = created.agencies.filter((a) => !a.excluded);
      const chargeOn = (date?: string): Cents =>
        sumCents(
          charged
            .filter((a) => date === undefined || a.date === date)
            .map((a) => onboardingPrice(a.own, systemOnboarding).amountCents),
        );
      return {
        basis: 'configured',
        note: CONFIGURED_ONLY,
        currency: 'USD',
        range,
        onboarding: {
          price: centsToDollars(onboardingPrice(undefined, systemOnboarding).amountCents),
          agencies_created: created.agencies.length,
          agencies_excluded: created.agencies.length - charged.length,
          configured: centsToDollars(chargeOn()),
          series: created.days.map((date) => ({ date, amount: centsToDollars(chargeOn(date)) })),
        },
        by_term: feesByTerm(offers, sheets, sheets.get(p.rootCompanyId) ?? []),
        agencies_created: created.days.map((date) => ({
          date,
          value: created.agencies.filter((a) => a.date === date).length,
        })),
      };
    },
  };
}

export type RevenueService = ReturnType<typeof createRevenueService>;
