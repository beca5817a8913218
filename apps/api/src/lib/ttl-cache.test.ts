import { describe, expect, it } from 'vitest';
import { TtlCache } from './ttl-cache.js';

describe('TtlCache', () => {
  it('serves hits until the entry expires, then loads again', async () => {
    let now = 0;
    const cache = new TtlCache<number>(1000, 10, () => now);
    let loads = 0;
    const load = async () => ++loads;
    expect(await cache.get('a', load)).toBe(1);
    now = 999;
    expect(await cache.get('a', load)).toBe(1);
    now = 1000;
    expect(await cache.get('a', load)).toBe(2);
  });

  it('shares one load among concurrent misses and evicts the oldest entry when full', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    let loads = 0;
    const slow = () => new Promise<string>((r) => setTimeout(() => r(`v${++loads}`), 10));
    const results = await Promise.all([cache.get('k', slow), cache.get('k', slow), cache.get('k', slow)]);
    expect(results).toEqual(['v1', 'v1', 'v1']);
    await cache.get('b', async () => 'b');
    await cache.get('c', async () => 'c'); // evicts 'k'
    expect(await cache.get('k', async () => 'reloaded')).toBe('reloaded');
  });

  it('does not cache a failed load', async () => {
    const cache = new TtlCache<string>(60_000, 2);
    await expect(cache.get('x', async () => Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(await cache.get('x', async () => 'ok')).toBe('ok');
  });

  it('gives a fresh value (null too) at once, and a promise of the load otherwise', async () => {
    let now = 0;
    const cache = new TtlCache<number | null>(1000, 10, () => now);
    let loads = 0;
    const load = async () => {
      loads += 1;
      return null;
    };
    const first = cache.valueOrLoad('gone', load);
    expect(first).toBeInstanceOf(Promise);
    expect(await first).toBeNull();
    // A cached null is an answer, not a miss: no second load, no promise.
    expect(cache.valueOrLoad('gone', load)).toBeNull();
    expect(loads).toBe(1);
    now = 1000;
    expect(cache.valueOrLoad('gone', load)).toBeInstanceOf(Promise);
    expect(loads).toBe(2);
  });
});
