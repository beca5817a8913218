import { describe, expect, it } from 'vitest';
import { createPixelRateLimit } from './pixel-rate-limit.js';

describe('createPixelRateLimit', () => {
  it('counts each address and campaign apart, and forgets every count at the next window', () => {
    let now = 0;
    const limit = createPixelRateLimit({ perMinute: 2, now: () => now });
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
    const limit = createPixelRateLimit({ perMinute: 1 });
    expect(limit.allow('1|2', '3')).toBe(true);
    expect(limit.allow('1', '2|3')).toBe(true);
  });
});
