import {
  asCents,
  type Cents,
  centsToDollars,
  isCostModule,
  PAYMENT_TERMS,
  type ReportPeriod,
  type RootRevenueResponse,
} from '@app/contracts';
import { onboardingPrice, type PriceSheet, sumCents, wholesalePrice } from '@app/pricing';
import type { Ledger } from '../ledger/index.js';
import type { Principal } from '../tenancy/index.js';
import { collectedMoney, periodFor } from './report-period.js';
import { rangeOut, reportRange } from './report-range.js';
import type { AgencyOffer, RevenueRepository } from './revenue-repository.js';

const COLLECTED_NOTE =
  'Collected: money received through the payment gateway and recorded in the ledger (charges, application fees and Data Wallet top-ups, less refunds), by UTC day.';
const CONFIGURED_NOTE =
  'Configured: the fees set up for agencies (onboarding, setup and platform fees). These are prices, not money received.';

/** The ledger's read of collected money (the only code that sums money rows). */
export type CollectedBySource = Ledger['collectedBySource'];

/**
 * Root revenue: the money the system collected, per day and per period by source, from the ledger
 * (decisions 0035, 0083), and beside
 * it, labelled configured, the onboarding charge each new agency would pay and the setup and
 * platform fees live agencies' terms carry. Prices are layered by `@app/pricing` (the agency's own,
 * else its system's), amounts summed as whole cents.
 */
export function createRevenueService(
  repo: RevenueRepository,
  collectedBySource: CollectedBySource,
  now: () => Date = () => new Date(),
) {
  /** Per term: agencies offering it, and their setup and platform fees over their enabled modules. */
  function feesByTerm(offers: readonly AgencyOffer[], sheets: Map<number, PriceSheet>, system: PriceSheet) {
    return PAYMENT_TERMS.map((term) => {
      const onTerm = offers.filter((o) => o.term === term);
      const prices = onTerm.flatMap((o) =>
        o.module !== null && isCostModule(o.module)
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
    async rootRevenue(
      p: Principal,
      startDate: string,
      endDate: string,
      period?: ReportPeriod,
      /** The days' zone: the viewer's (decision 0094). */
      timeZone = 'UTC',
    ): Promise<RootRevenueResponse> {
      const range = reportRange(startDate, endDate, now(), timeZone);
      const unit = periodFor(range, period);
      const [systemOnboarding, created, offers, days] = await Promise.all([
        repo.onboardingSetting(p.rootCompanyId),
        repo.agenciesCreated(p.systemId, p.rootCompanyId, range),
        repo.offers(p.systemId, p.rootCompanyId),
        // One read by day: the per-day series, the periods and the totals all come from the same rows.
        collectedBySource({
          systemId: p.systemId,
          start: range.start,
          end: range.end,
          bucket: 'day',
          timeZone: range.timeZone,
        }),
      ]);
      const money = collectedMoney(days, range, unit);
      const sum = (pick: (d: (typeof days)[number]) => Cents) => sumCents(days.map(pick));
      const received = sum((d) => (d.source === 'refunds' ? asCents(0) : d.amount));
      const applicationFees = sum((d) => (d.source === 'refunds' ? asCents(0) : d.applicationFees));
      // Refunds are negative lines of money back; shown as what was given back.
      const refunds = asCents(-sum((d) => (d.source === 'refunds' ? d.amount : asCents(0))) || 0);
      const netOn = new Map<string, Cents>();
      for (const d of days) netOn.set(d.start, sumCents([netOn.get(d.start) ?? asCents(0), d.amount]));
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
        basis: 'collected',
        note: COLLECTED_NOTE,
        currency: 'USD',
        range: rangeOut(range),
        collected: {
          ...money,
          revenue: centsToDollars(asCents(received - applicationFees)),
          application_fees: centsToDollars(applicationFees),
          refunds: centsToDollars(refunds),
          series: created.days.map((date) => ({
            date,
            amount: centsToDollars(netOn.get(date) ?? asCents(0)),
          })),
        },
        configured_note: CONFIGURED_NOTE,
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
