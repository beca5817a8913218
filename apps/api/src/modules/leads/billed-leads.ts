import { and, count, type Database, desc, type Executor, eq, gte, leads, lt, ne } from '@app/db';
import type { PricedLeads } from '@app/pricing';

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
