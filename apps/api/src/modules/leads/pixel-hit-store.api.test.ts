import { pixelHits, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cloneTestDatabase } from '../../../test/test-database.js';
import { createPixelHitStore } from './pixel-hit-store.js';
import { createPixelRateLimit } from './pixel-rate-limit.js';

let database: Awaited<ReturnType<typeof cloneTestDatabase>>;
beforeAll(async () => {
  database = await cloneTestDatabase();
});
afterAll(() => database.dispose());

describe('the pixel limit’s shared table', () => {
  it('sums two processes’ hits per key and minute, and refuses once the cluster is over', async () => {
    let now = Date.UTC(2026, 10, 30, 12, 0, 10);
    const limiter = () =>
      createPixelRateLimit({
        perMinute: 4,
        now: () => now,
        store: createPixelHitStore(database.sql),
        flushEveryMs: 0,
      });
    const one = limiter();
    const other = limiter();
    expect([1, 2].map(() => one.allow('198.51.100.1', '11111111'))).toEqual([true, true]);
    expect([1, 2].map(() => other.allow('198.51.100.1', '11111111'))).toEqual([true, true]);
    other.allow('198.51.100.2', '11111111');
    await Promise.all([one.flush(), other.flush()]);

    const rows = await queryRows<{ campaign: string; ip: string; hits: number }>(
      database.db,
      sql`select campaign, ip, hits from ${pixelHits} order by ip`,
    );
    expect(rows).toEqual([
      { campaign: '11111111', ip: '198.51.100.1', hits: 4 },
      { campaign: '11111111', ip: '198.51.100.2', hits: 1 },
    ]);
    // Whichever flushed second heard the total of 4: its next hit is the fifth, refused.
    expect([one.allow('198.51.100.1', '11111111'), other.allow('198.51.100.1', '11111111')]).toContain(false);

    // The next minute restarts the key's count, and the minute after sweeps what no one hit since.
    now += 60_000;
    expect(one.allow('198.51.100.1', '11111111')).toBe(true);
    await one.flush();
    now += 60_000;
    await one.flush();
    const left = await queryRows<{ ip: string; hits: number }>(
      database.db,
      sql`select ip, hits from ${pixelHits} order by ip`,
    );
    expect(left).toEqual([{ ip: '198.51.100.1', hits: 1 }]);
  });
});
