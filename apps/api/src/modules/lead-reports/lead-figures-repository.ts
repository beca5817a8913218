import { asMicros, type CampaignModule, type Micros } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { whole } from './driver-numbers.js';
import {
  campaignScopeSql,
  dayAfter,
  dayStart,
  type LeadFilter,
  type LeadScope,
  leadWhereSql,
} from './lead-filter-sql.js';

/** Which frozen price a sum reads: what the client paid, or what the agency paid the platform. */
export type PriceColumn = 'client' | 'wholesale';
const PRICE_SQL = { client: sql`l.client_price_micros`, wholesale: sql`l.wholesale_micros` };

/** So many leads at one unit price, in a group (a day, a campaign): what `chargeForLeads` sums. */
export interface PricedCount {
  group: string;
  unitPrice: Micros;
  leads: number;
}

export interface CampaignSummary {
  id: number;
  publicId: string;
  name: string;
  clientName: string;
  module: CampaignModule;
  systemId: number;
}

/**
 * The lead report's counts and sums. Amounts are never added here: each query answers counts per
 * unit price, and `@app/pricing` turns them into cents (rounded once, decision 0028).
 */
export function createLeadFiguresRepository(db: Database) {
  const priced = (rows: { grp: string; price: string; n: number }[]): PricedCount[] =>
    rows.map((r) => ({ group: r.grp, unitPrice: asMicros(whole(r.price)), leads: whole(r.n) }));

  return {
    /** Leads per day (in the filter's zone) and unit price. */
    async perDay(f: LeadFilter, price: PriceColumn): Promise<PricedCount[]> {
      return priced(
        await queryRows(
          db,
          sql`select to_char(l.created_at at time zone ${f.timeZone}, 'YYYY-MM-DD') as grp,
                ${PRICE_SQL[price]}::text as price, count(*)::int as n
              from leads l where ${leadWhereSql(f)} group by 1, 2`,
        ),
      );
    },

    /** Leads per campaign and unit price. */
    async perCampaign(f: LeadFilter, price: PriceColumn): Promise<PricedCount[]> {
      return priced(
        await queryRows(
          db,
          sql`select l.campaign_id::text as grp, ${PRICE_SQL[price]}::text as price, count(*)::int as n
              from leads l where ${leadWhereSql(f)} group by 1, 2`,
        ),
      );
    },

    /**
     * The first and newest lead's days in a zone. Per campaign (each campaign's first and last
     * lead is one index probe) so a whole system's span costs no scan of its leads.
     */
    async span(scope: LeadScope, timeZone: string): Promise<{ first: string | null; last: string | null }> {
      const [row] = await queryRows<{ first: string | null; last: string | null }>(
        db,
        sql`select to_char(min(f.created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as first,
              to_char(max(n.created_at) at time zone ${timeZone}, 'YYYY-MM-DD') as last
            from campaigns k
            cross join lateral (select l.created_at from leads l where l.campaign_id = k.id
              order by l.created_at asc limit 1) f
            cross join lateral (select l.created_at from leads l where l.campaign_id = k.id
              order by l.created_at desc limit 1) n
            where ${campaignScopeSql(scope, 'k')}`,
      );
      return { first: row?.first ?? null, last: row?.last ?? null };
    },

    /** The campaigns of a scope (removed ones too: their leads and charges stay on the record). */
    async campaigns(scope: LeadScope, module?: CampaignModule): Promise<CampaignSummary[]> {
      const rows = await queryRows<Record<string, unknown>>(
        db,
        sql`select k.id, k.public_id, k.name, cl.name as client_name, k.module, k.system_id
            from campaigns k join companies cl on cl.id = k.client_id
            where ${campaignScopeSql(scope, 'k')} ${module ? sql`and k.module = ${module}` : sql``}
            order by k.id`,
      );
      return rows.map((r) => ({
        id: whole(r.id),
        publicId: String(r.public_id),
        name: String(r.name),
        clientName: String(r.client_name),
        module: r.module as CampaignModule,
        systemId: whole(r.system_id),
      }));
    },

    /** Running, live campaigns of a scope in a module. */
    async running(scope: LeadScope, module: CampaignModule): Promise<number> {
      const [row] = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from campaigns k
            where ${campaignScopeSql(scope, 'k')} and k.module = ${module}
              and k.status = 'running' and k.removed_at is null and not k.archived`,
      );
      return whole(row?.n ?? 0);
    },

    /** Refusals per step and reason in a range of days, most frequent first (`limit` of them). */
    async rejections(
      scope: LeadScope,
      range: { start: string; end: string; timeZone: string },
      o: { module?: CampaignModule; limit?: number } = {},
    ): Promise<{ step: string; reason: string; count: number }[]> {
      const rows = await queryRows<{ step: string; reason: string; n: number }>(
        db,
        sql`select r.step, r.reason, count(*)::int as n
            from campaigns k join lead_rejections r on r.campaign_id = k.id
             and r.created_at >= ${dayStart(range.start, range.timeZone)}
             and r.created_at < ${dayAfter(range.end, range.timeZone)}
            where ${campaignScopeSql(scope, 'k')} ${o.module ? sql`and k.module = ${o.module}` : sql``}
            group by 1, 2 order by 3 desc, 1, 2
            ${o.limit ? sql`limit ${o.limit}` : sql``}`,
      );
      return rows.map((r) => ({ step: r.step, reason: r.reason, count: whole(r.n) }));
    },

    /**
     * Whose lists a campaign's suppression rejections name (decision 0092): the system (its root
     * company), the agency, the client and the campaign itself.
     */
    async listOwnerNames(campaignId: number): Promise<Record<string, string>> {
      const [row] = await queryRows<{ system: string; agency: string; client: string; campaign: string }>(
        db,
        sql`select r.name as system, a.name as agency, c.name as client, k.name as campaign
              from campaigns k
              join companies c on c.id = k.client_id
              join companies a on a.id = k.agency_id
              join companies r on r.id = c.root_id
             where k.id = ${campaignId}`,
      );
      if (!row) return {};
      return {
        opted_out: row.system,
        suppressed_agency: row.agency,
        suppressed_client: row.client,
        suppressed_campaign: row.campaign,
      };
    },

    /** The time zone a campaign counts its days in. */
    async campaignZone(campaignId: number): Promise<string | null> {
      const [row] = await queryRows<{ time_zone: string }>(
        db,
        sql`select time_zone from campaigns where id = ${campaignId}`,
      );
      return row?.time_zone ?? null;
    },
  };
}

export type LeadFiguresRepository = ReturnType<typeof createLeadFiguresRepository>;
