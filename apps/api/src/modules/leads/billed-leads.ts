import { asMicros } from '@app/contracts';
import { type Database, type Executor, queryRows, sql } from '@app/db';
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
    const rows = await queryRows<{ n: number; c: string; w: string; r: string }>(
      tx,
      sql`select count(*)::int as n, client_price_micros::text as c, wholesale_micros::text as w,
                 root_fee_micros::text as r
            from leads
           where campaign_id = ${campaignId} and source <> 'test'
             and created_at >= ${window.from.toISOString()}::timestamptz
             and created_at < ${window.to.toISOString()}::timestamptz
           group by client_price_micros, wholesale_micros, root_fee_micros
           order by client_price_micros desc, wholesale_micros desc, root_fee_micros desc`,
    );
    return rows.map((row) => ({
      count: row.n,
      clientMicros: asMicros(Number(row.c)),
      wholesaleMicros: asMicros(Number(row.w)),
      rootFeeMicros: asMicros(Number(row.r)),
    }));
  };
}

export type PricedCounts = ReturnType<typeof createBilledLeads>;
