import { microsFromDb } from '@app/contracts';
import {
  and,
  count,
  type Database,
  desc,
  type Executor,
  eq,
  gte,
  leads,
  lt,
  ne,
  queryRows,
  sql,
} from '@app/db';
import type { PricedLeads, RootFeeLeads } from '@app/pricing';

/** A campaign's invoice window: its leads delivered in [from, to). */
export interface BilledWindow {
  campaignId: number;
  from: Date;
  to: Date;
}

/**
 * The leads campaigns delivered in their windows, counted per price triple frozen on them, for their
 * invoices (decision 0074): one read for a whole batch of campaigns, each window bounded on the
 * (campaign_id, created_at, id) index. A site test's lead is not one the client bought (decision
 * 0050): never counted. Highest prices first, as invoices print them.
 */
export function createBilledLeads(db: Database) {
  async function pricedCountsOf(
    windows: readonly BilledWindow[],
    tx: Executor = db,
  ): Promise<Map<number, PricedLeads[]>> {
    const found = new Map<number, PricedLeads[]>(windows.map((w) => [w.campaignId, []]));
    if (windows.length === 0) return found;
    const values = sql.join(
      windows.map(
        (w) =>
          sql`(${w.campaignId}::int, ${w.from.toISOString()}::timestamptz, ${w.to.toISOString()}::timestamptz)`,
      ),
      sql`, `,
    );
    const rows = await queryRows<{
      campaign_id: number;
      count: number;
      client_micros: string | number;
      wholesale_micros: string | number;
      root_fee_micros: string | number;
    }>(
      tx,
      sql`select w.campaign_id, count(*)::int as count, l.client_price_micros as client_micros,
                 l.wholesale_micros, l.root_fee_micros
            from (values ${values}) as w(campaign_id, from_at, to_at)
            join leads l on l.campaign_id = w.campaign_id
                        and l.created_at >= w.from_at and l.created_at < w.to_at
                        and l.source <> 'test'
           group by w.campaign_id, l.client_price_micros, l.wholesale_micros, l.root_fee_micros
           order by w.campaign_id, l.client_price_micros desc, l.wholesale_micros desc, l.root_fee_micros desc`,
    );
    for (const r of rows)
      found.get(r.campaign_id)?.push({
        count: r.count,
        clientMicros: microsFromDb(r.client_micros),
        wholesaleMicros: microsFromDb(r.wholesale_micros),
        rootFeeMicros: microsFromDb(r.root_fee_micros),
      });
    return found;
  }

  return {
    pricedCountsOf,
    /** One campaign's window (a final invoice, a catch-up). */
    async pricedCounts(
      campaignId: number,
      window: { from: Date; to: Date },
      tx: Executor = db,
    ): Promise<PricedLeads[]> {
      return (await pricedCountsOf([{ campaignId, ...window }], tx)).get(campaignId) ?? [];
    },
  };
}

export type BilledLeads = ReturnType<typeof createBilledLeads>;
export type PricedCounts = BilledLeads['pricedCounts'];
export type PricedCountsOf = BilledLeads['pricedCountsOf'];

/**
 * The leads a system's campaigns delivered in [from, to), counted per root fee frozen on them: its
 * root-fee statement for the month (decision 0081). Site tests' leads are not counted (no one bought
 * them; their prices are 0). Read from the (system_id, created_at) index.
 */
export function createRootFeeCounts(db: Database) {
  return async function rootFeeCounts(
    systemId: number,
    window: { from: Date; to: Date },
  ): Promise<RootFeeLeads[]> {
    return db
      .select({ count: count(), rootFeeMicros: leads.rootFeeMicros })
      .from(leads)
      .where(
        and(
          eq(leads.systemId, systemId),
          ne(leads.source, 'test'),
          gte(leads.createdAt, window.from),
          lt(leads.createdAt, window.to),
        ),
      )
      .groupBy(leads.rootFeeMicros)
      .orderBy(desc(leads.rootFeeMicros));
  };
}

export type RootFeeCounts = ReturnType<typeof createRootFeeCounts>;

/**
 * When a system's campaigns delivered their first lead (site tests' left out), or null: from that
 * month on, its root-fee statements are owed (decision 0088). The first row of the (system_id,
 * created_at) index that is not a test.
 */
export function createFirstDelivery(db: Database) {
  return async function firstDeliveredAt(systemId: number): Promise<Date | null> {
    const [row] = await db
      .select({ at: leads.createdAt })
      .from(leads)
      .where(and(eq(leads.systemId, systemId), ne(leads.source, 'test')))
      .orderBy(leads.createdAt)
      .limit(1);
    return row?.at ?? null;
  };
}

export type FirstDelivery = ReturnType<typeof createFirstDelivery>;
