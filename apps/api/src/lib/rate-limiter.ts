import { type Database, eq, lt, rateLimits } from '@app/db';
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible';

export interface RateLimitRule {
  /** Hits allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/** A hit with the figures a `RateLimit-*` header carries. */
export interface RateLimitState {
  allowed: boolean;
  limit: number;
  remaining: number;
  /** Seconds until the window ends (and, when refused, until a retry may succeed). */
  resetSeconds: number;
}

/**
 * Fixed-window counters from `rate-limiter-flexible` (decision 0102) in its Drizzle store over the
 * product's own database, so every process shares them on PostgreSQL and the embedded PGlite
 * alike: one upsert per hit (a new or expired window starts at 1, otherwise the count goes up).
 * One limiter per rule; keys carry no prefix, so a key names the same counter whatever rule reads it.
 */
export function createRateLimiter(db: Database) {
  const limiters = new Map<string, RateLimiterDrizzle>();
  const limiterOf = (rule: RateLimitRule) => {
    const name = `${rule.limit}/${rule.windowSeconds}`;
    let limiter = limiters.get(name);
    if (!limiter) {
      limiter = new RateLimiterDrizzle({
        storeClient: db,
        schema: rateLimits,
        keyPrefix: '',
        points: rule.limit,
        duration: rule.windowSeconds,
        // A key's expired row is reused by its next hit; `sweep` deletes the ones no longer hit
        // (the library's own timer would fire into closed test databases).
        clearExpiredByTimeout: false,
      });
      limiters.set(name, limiter);
    }
    return limiter;
  };

  async function consume(key: string, rule: RateLimitRule): Promise<RateLimitState> {
    let res: RateLimiterRes;
    let allowed = true;
    try {
      res = await limiterOf(rule).consume(key, 1);
    } catch (refused) {
      if (!(refused instanceof RateLimiterRes)) throw refused;
      res = refused;
      allowed = false;
    }
    return {
      allowed,
      limit: rule.limit,
      remaining: res.remainingPoints,
      resetSeconds: Math.max(1, Math.ceil(res.msBeforeNext / 1000)),
    };
  }

  return {
    consume,

    async hit(key: string, rule: RateLimitRule): Promise<RateLimitResult> {
      const state = await consume(key, rule);
      return state.allowed ? { allowed: true } : { allowed: false, retryAfterSeconds: state.resetSeconds };
    },

    /** Deletes counters whose window ended more than an hour ago. */
    async sweep(): Promise<void> {
      await db.delete(rateLimits).where(lt(rateLimits.expire, new Date(Date.now() - 3_600_000)));
    },

    /** Forgets a key (a successful sign-in clears its failure counter). */
    async reset(key: string): Promise<void> {
      await db.delete(rateLimits).where(eq(rateLimits.key, key));
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
