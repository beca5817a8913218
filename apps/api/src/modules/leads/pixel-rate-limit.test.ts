import { describe, expect, it } from 'vitest';
import type { PixelHitCount, PixelHitStore } from './pixel-hit-store.js';
import { createPixelRateLimit } from './pixel-rate-limit.js';

/** The shared table's rules in memory: counts per key and minute, summed over every process. */
function memoryStore(): PixelHitStore & { rows: Map<string, { window: number; hits: number }> } {
  const rows = new Map<string, { window: number; hits: number }>();
  return {
    rows,
    async add(windowStart, counts) {
      const window = windowStart.getTime();
      const totals: PixelHitCount[] = [];
      for (const { campaign, ip, hits } of counts) {
        const key = `${campaign}\u0000${ip}`;
        const row = rows.get(key);
        if (row && row.window > window) continue;
        const next = { window, hits: row && row.window === window ? row.hits + hits : hits };
        rows.set(key, next);
        totals.push({ campaign, ip, hits: next.hits });
      }
      return totals;
    },
    async sweep(before) {
      for (const [key, row] of rows) if (row.window < before.getTime()) rows.delete(key);
    },
  };
}

describe('createPixelRateLimit', () => {
  it('counts each address and campaign apart, and forgets every count at the next window', () => {
    let now = 0;
    const limit = createPixelRateLimit({
      perMinute: 2,
      now: () => now,
      store: memoryStore(),
      flushEveryMs: 0,
    });
    expect([1, 2, 3].map(() => limit.allow('203.0.113.1', '12345678'))).toEqual([true, true, false]);
    // Another address on that campaign, and that address on another campaign, have their own counts.
    expect(limit.allow('203.0.113.2', '12345678')).toBe(true);
    expect(limit.allow('203.0.113.1', '87654321')).toBe(true);
    now = 59_999;
    expect(limit.allow('203.0.113.1', '12345678')).toBe(false);
    now = 60_000;
    expect(limit.allow('203.0.113.1', '12345678')).toBe(true);
  });

  it('keeps an address and a campaign apart even where their texts could run together', () => {
    const limit = createPixelRateLimit({ perMinute: 1, store: memoryStore(), flushEveryMs: 0 });
    expect(limit.allow('1|2', '3')).toBe(true);
    expect(limit.allow('1', '2|3')).toBe(true);
  });

  it('sums two processes’ hits once they flush: the limit holds for the cluster', async () => {
    let now = 120_000;
    const store = memoryStore();
    const one = createPixelRateLimit({ perMinute: 5, now: () => now, store, flushEveryMs: 0 });
    const other = createPixelRateLimit({ perMinute: 5, now: () => now, store, flushEveryMs: 0 });
    expect([1, 2, 3].map(() => one.allow('203.0.113.9', '12345678'))).toEqual([true, true, true]);
    expect([1, 2].map(() => other.allow('203.0.113.9', '12345678'))).toEqual([true, true]);
    await one.flush();
    await other.flush();
    expect(store.rows.get('12345678\u0000203.0.113.9')).toEqual({ window: 120_000, hits: 5 });
    // The other process now knows of the first one's three: the sixth hit anywhere is refused.
    expect(other.allow('203.0.113.9', '12345678')).toBe(false);
    // The first one flushed before the other did: until its next flush it lets one more through (the
    // overshoot of one flush interval), then it hears the cluster's total and refuses too.
    expect(one.allow('203.0.113.9', '12345678')).toBe(true);
    await one.flush();
    expect(store.rows.get('12345678\u0000203.0.113.9')?.hits).toBe(6);
    expect(one.allow('203.0.113.9', '12345678')).toBe(false);
    // Another address is untouched; the next minute starts again and sweeps the old rows.
    expect(one.allow('203.0.113.10', '12345678')).toBe(true);
    now = 180_000;
    expect(one.allow('203.0.113.9', '12345678')).toBe(true);
    await one.flush();
    now = 240_000;
    await one.flush();
    expect(store.rows.has('12345678\u0000203.0.113.10')).toBe(false);
  });
});
