import { type Database, queryRows, sql } from '@app/db';

/**
 * Seconds since the oldest queued integration delivery became due (0 when none is), read for the
 * metrics at each scrape. The due index leads with the connection, so the oldest is found per
 * connection (one probe of `integration_deliveries_due_idx` each) rather than by reading every
 * queued row of a backlog.
 */
export async function integrationDeliveryLag(db: Database): Promise<number> {
  const rows = await queryRows<{ lag: number | null }>(
    db,
    sql`select extract(epoch from now() - min(due.next_attempt_at))::float8 as lag
          from integration_connections c
          cross join lateral (
            select d.next_attempt_at from integration_deliveries d
             where d.connection_id = c.id and d.status = 'queued' and d.next_attempt_at <= now()
             order by d.next_attempt_at limit 1
          ) due`,
  );
  return Math.max(0, Number(rows[0]?.lag ?? 0));
}
