import { type Database, queryRows, sql } from '@app/db';

/** One queue's waiting jobs: how many, and how long the oldest due one has waited to start. */
export interface QueueDepth {
  queue: string;
  /** Jobs created or waiting for a retry (pg-boss states below `active`), due or not. */
  waiting: number;
  /** Seconds since the oldest of them became due (its `start_after`); 0 when none is due. */
  oldestDueSeconds: number;
}

/**
 * Read straight from pg-boss's job table (the job queue's own schema): its partial index on
 * (name, start_after) WHERE state < 'active' holds exactly the waiting jobs, so the read is an
 * index-only scan of what waits, per queue partition. Queues with nothing waiting are absent.
 */
export async function queueDepths(db: Database): Promise<QueueDepth[]> {
  const rows = await queryRows<{ name: string; waiting: number; oldest: number | null }>(
    db,
    sql`select name, count(*)::int as waiting,
               extract(epoch from now() - min(start_after) filter (where start_after <= now()))::float8 as oldest
          from pgboss.job
         where state < 'active'
         group by name`,
  );
  return rows.map((r) => ({
    queue: r.name,
    waiting: Number(r.waiting),
    oldestDueSeconds: Math.max(0, Number(r.oldest ?? 0)),
  }));
}
