import { and, count, type Database, desc, type Executor, eq, gte, leads, lt, ne } from '@app/db';
import type { PricedLeads, RootFeeLeads } from '@app/pricing';

/**
 * The leads a campaign delivered in [from, to), counted per price triple frozen on them, for its
 * invoice (decision 0074). A site test's lead is not one the client bought (decision 0050): never
 * counted. Read from the campaign's (campaign_id, created_at, id) index.
 */
export function createBilledLeads(db: Database) {
  return async function pricedCounts(
    campaignId: number,
    window: { from: Date; to: Date },
    tx: Executor = db,
  ): Promise<PricedLeads[]> {
    const rows = await tx
      .select({
        count: count(),
        clientMicros: leads.clientPriceMicros,
        wholesaleMicros: leads.wholesaleMicros,
        rootFeeMicros: leads.rootFeeMicros,
      })
      .from(leads)
      .where(
        and(
          eq(leads.campaignId, campaignId),
          ne(leads.source, 'test'),
          gte(leads.createdAt, window.from),
          lt(leads.createdAt, window.to),
        ),
      )
      .groupBy(leads.clientPriceMicros, leads.wholesaleMicros, leads.rootFeeMicros)
      .orderBy(desc(leads.clientPriceMicros), desc(leads.wholesaleMicros), desc(leads.rootFeeMicros));
    return rows;
  };
}

export type PricedCounts = ReturnType<typeof createBilledLeads>;

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
