/**
 * The pixel endpoint's rate limit per client address and campaign: a fixed window in this
 * process's memory. Page views are the product's hottest path, so they are not counted in the
 * database (the shared limiter costs a statement per hit); each process enforces the limit on
 * what it receives, which keeps one address from flooding one campaign's intake (decision 0046).
 */
export function createPixelRateLimit(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let windowStart = now();
  let hits = new Map<string, number>();
  return {
    /** True when this hit is within the limit. */
    allow(ip: string, campaignId: string): boolean {
      const at = now();
      if (at - windowStart >= 60_000) {
        // A new window forgets every key: the map never outgrows one minute of traffic.
        windowStart = at;
        hits = new Map();
      }
      const key = `${ip}|${campaignId}`;
      const count = (hits.get(key) ?? 0) + 1;
      hits.set(key, count);
      return count <= options.perMinute;
    },
  };
}
