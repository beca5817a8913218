import type { Cents, PaymentTerm } from '@app/contracts';
import { agencyPrices, type Database, inArray, onboardingSettings, queryRows, sql } from '@app/db';
import { createCompanyReads } from '../tenancy/index.js';
import type { ReportRange } from './report-range.js';

/** An agency created on a day of the range, with its own onboarding setting if it has one. */
export interface CreatedAgency {
  date: string;
  excluded: boolean;
  own: { amountCents: Cents; enableCoupon: boolean } | undefined;
}

/** A term a live agency offers, with one module it has enabled (null: none). */
export interface AgencyOffer {
  agencyId: number;
  term: PaymentTerm;
  module: string | null;
}

/**
 * The stored figures behind root revenue: onboarding settings, the agencies created per day, what
 * live agencies offer and their cost settings. It reads rows only; `@app/pricing` layers and sums
 * them (revenue-service.ts), so no price rule lives in SQL.
 */
export function createRevenueRepository(db: Database) {
  return {
    onboardingSetting: createCompanyReads(db).onboardingSetting,

    /** Every day of the range (yyyy-MM-dd) and the agencies of the root company created on it. */
    async agenciesCreated(systemId: number, rootId: number, r: ReportRange) {
      const rows = await queryRows<{ date: string; agency_id: number | null; excluded: boolean | null }>(
        db,
        sql`select to_char(d.day, 'YYYY-MM-DD') as date, a.id as agency_id, a.exclude_onboard_charge as excluded
              from generate_series(${r.start}::date, ${r.end}::date, interval '1 day') d(day)
              left join companies a
                on (a.created_at at time zone ${r.timeZone})::date = d.day::date
               and a.system_id = ${systemId} and a.root_id = ${rootId} and a.kind = 'agency'
               and a.deleted_at is null
             order by d.day, a.id`,
      );
      // Amounts come through the typed query builder: raw SQL would answer int8 as text on pg.
      const ids = rows.flatMap((row) => (row.agency_id === null ? [] : [row.agency_id]));
      const settings =
        ids.length === 0
          ? []
          : await db.select().from(onboardingSettings).where(inArray(onboardingSettings.companyId, ids));
      const ownOf = new Map(settings.map((s) => [s.companyId, s]));
      const days: string[] = [];
      const agencies: CreatedAgency[] = [];
      for (const row of rows) {
        if (days.at(-1) !== row.date) days.push(row.date);
        if (row.agency_id === null) continue;
        const own = ownOf.get(row.agency_id);
        agencies.push({
          date: row.date,
          excluded: row.excluded === true,
          own: own && { amountCents: own.amountCents, enableCoupon: own.enableCoupon },
        });
      }
      return { days, agencies };
    },

    /** Per live agency of the root company: each payment term it offers × each module it has enabled. */
    async offers(systemId: number, rootId: number): Promise<AgencyOffer[]> {
      const rows = await queryRows<{ agency_id: number; term: PaymentTerm; module: string | null }>(
        db,
        sql`select a.id as agency_id, t.term::text as term, m.module::text as module
              from companies a
              join company_payment_terms t on t.company_id = a.id and t.enabled
              left join company_modules m on m.company_id = a.id and m.enabled
             where a.system_id = ${systemId} and a.root_id = ${rootId} and a.kind = 'agency'
               and a.deleted_at is null`,
      );
      return rows.map((r) => ({ agencyId: r.agency_id, term: r.term, module: r.module }));
    },

    /** The cost settings of these companies. */
    prices: (companyIds: readonly number[]) =>
      companyIds.length === 0
        ? Promise.resolve([])
        : db
            .select()
            .from(agencyPrices)
            .where(inArray(agencyPrices.companyId, [...companyIds])),
  };
}

export type RevenueRepository = ReturnType<typeof createRevenueRepository>;
