import { type Database, queryRows, sql } from '@app/db';

/**
 * The lead engine's lags, read for the metrics at each scrape: seconds since the oldest row that
 * is due and not yet done became due (0 when none is). Each reads one end of an index.
 */
export const leadLag = {
  /** The intake: the oldest row available to the ingest job (`lead_intake_available_idx`). */
  async ingest(db: Database): Promise<number> {
    return secondsOf(
      await queryRows<{ lag: number | null }>(
        db,
        sql`select extract(epoch from now() - min(available_at))::float8 as lag
              from lead_intake where available_at <= now()`,
      ),
    );
  },
  /** E-mail deliveries of leads: the oldest queued row due (`lead_deliveries_due_idx`). */
  async delivery(db: Database): Promise<number> {
    return secondsOf(
      await queryRows<{ lag: number | null }>(
        db,
        sql`select extract(epoch from now() - min(next_attempt_at))::float8 as lag
              from lead_deliveries where status = 'queued' and next_attempt_at <= now()`,
      ),
    );
  },
};

const secondsOf = (rows: { lag: number | null }[]) => Math.max(0, Number(rows[0]?.lag ?? 0));
