import { type Database, queryRows, rateLimitCounters, sql } from '@app/db';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Fixed-window counters in the database, so every process shares them. One statement per hit:
 * a new or expired window starts at 1, otherwise the count goes up.
 */
export function createRateLimiter(db: Database) {
  return {
    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const window = sql`make_interval(secs => ${rule.windowSeconds})`;
      const rows = await queryRows<{ hits: number; retry_after: number }>(
        db,
        sql`
        insert into ${rateLimitCounters} (key, window_start, hits) values (${key}, now(), 1)
        on conflict (key) do update set
          hits = case when ${rateLimitCounters.windowStart} < now() - ${window} then 1 else ${rateLimitCounters.hits} + 1 end,
          window_start = case when ${rateLimitCounters.windowStart} < now() - ${window} then now() else ${rateLimitCounters.windowStart} end
        returning hits, extract(epoch from (window_start + ${window} - now()))::int as retry_after`,
      );
      const row = rows[0];
      if (!row || row.hits <= rule.limit) return { allowed: true };
      return { allowed: false, retryAfterSeconds: Math.max(1, Number(row.retry_after)) };
    },

    /** Forgets a key (a successful sign-in clears its failure counter). */
    async reset(key: string): Promise<void> {
      await db.execute(sql`delete from ${rateLimitCounters} where key = ${key}`);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
