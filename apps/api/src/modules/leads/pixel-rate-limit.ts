/**
 * The pixel endpoint's rate limit per client address and campaign: a fixed window in this
 * process's memory. Page views are the product's hottest path, so they are not counted in the
 * database (the shared limiter costs a statement per hit); each process enforces the limit on
 * what it receives, which keeps one address from flooding one campaign's intake (decision 0046).
 */
export function createPixelRateLimit(options: { perMinute: number; now?: () => number }) {
  const now = options.now ?? Date.now;
  let windowStart = now();
  // Counts by campaign, then by address: two lookups of strings the request already holds, where
  // one `${ip}|${campaign}` key built and hashed anew on every view cost twice as much (decision 0056).
  let hits = new Map<string, Map<string, number>>();
  return {
    /** True when this hit is within the limit. */
    allow(ip: string, campaignId: string): boolean {
      const at = now();
      if (at - windowStart >= 60_000) {
        // A new window forgets every key: the maps never outgrow one minute of traffic.
        windowStart = at;
        hits = new Map();
      }
      let byAddress = hits.get(campaignId);
      if (!byAddress) {
        byAddress = new Map();
        hits.set(campaignId, byAddress);
      }
      const count = (byAddress.get(ip) ?? 0) + 1;
      byAddress.set(ip, count);
      return count <= options.perMinute;
    },
  };
}
