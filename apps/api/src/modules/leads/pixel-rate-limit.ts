import type { PixelHitCount, PixelHitStore } from './pixel-hit-store.js';

const WINDOW_MS = 60_000;

interface KeyCount {
  /** The cluster's total at the last flush (this process's flushed hits included). */
  cluster: number;
  /** This process's hits since then. */
  pending: number;
}

/**
 * The pixel endpoint's rate limit per client address and campaign, shared by every API process
 * (decision 0118) without a statement per view: each view is counted here, in memory, and about once a
 * second the keys seen are flushed to the shared store in one upsert that answers the cluster's totals.
 * A view is allowed while the cluster's last total plus this process's newer hits stay within the
 * limit, so across N processes a key overshoots by at most what the others let through in one flush
 * interval. Windows are wall-clock minutes, the same in every process.
 */
export function createPixelRateLimit(options: {
  perMinute: number;
  store: PixelHitStore;
  now?: () => number;
  /** How often counts are flushed (tests flush by hand: 0). */
  flushEveryMs?: number;
  log?: (message: string) => void;
}) {
  const now = options.now ?? Date.now;
  const log = options.log ?? ((message: string) => console.warn(message));
  let window = Math.floor(now() / WINDOW_MS);
  // Counts by campaign, then by address: two lookups of strings the request already holds, where
  // one `${ip}|${campaign}` key built and hashed anew on every view cost twice as much (decision 0056).
  let counts = new Map<string, Map<string, KeyCount>>();
  let flushing: Promise<void> | null = null;
  let swept = window;

  function rollWindow(at: number) {
    const current = Math.floor(at / WINDOW_MS);
    if (current !== window) {
      // A new minute forgets every key (an old minute's unflushed hits no longer count anywhere).
      window = current;
      counts = new Map();
    }
  }

  async function flushOnce(): Promise<void> {
    rollWindow(now());
    const flushedWindow = window;
    const flushedCounts = counts;
    const sent: PixelHitCount[] = [];
    for (const [campaign, byAddress] of flushedCounts)
      for (const [ip, count] of byAddress)
        if (count.pending > 0) sent.push({ campaign, ip, hits: count.pending });
    if (sent.length > 0) {
      // Every process upserts its keys in the same order, so two flushes never wait on each other in a cycle.
      sent.sort((a, b) => (a.campaign === b.campaign ? cmp(a.ip, b.ip) : cmp(a.campaign, b.campaign)));
      const totals = await options.store.add(new Date(flushedWindow * WINDOW_MS), sent);
      const sentOf = new Map(sent.map((s) => [`${s.campaign}\u0000${s.ip}`, s.hits]));
      for (const total of totals) {
        const count = flushedCounts.get(total.campaign)?.get(total.ip);
        if (!count) continue;
        count.pending -= sentOf.get(`${total.campaign}\u0000${total.ip}`) ?? 0;
        count.cluster = total.hits;
      }
    }
    if (flushedWindow - swept >= 1) {
      swept = flushedWindow;
      // Rows of minutes before the last one are no one's window any more.
      await options.store.sweep(new Date((flushedWindow - 1) * WINDOW_MS));
    }
  }

  /** Flushes this process's counts; concurrent calls share one flush. */
  function flush(): Promise<void> {
    flushing ??= flushOnce().finally(() => {
      flushing = null;
    });
    return flushing;
  }

  const timer =
    (options.flushEveryMs ?? 1_000) > 0
      ? setInterval(
          () => void flush().catch((err) => log(`pixel rate limit: could not flush counts: ${String(err)}`)),
          options.flushEveryMs ?? 1_000,
        )
      : null;
  timer?.unref();

  return {
    /** True when this hit is within the limit. */
    allow(ip: string, campaignId: string): boolean {
      rollWindow(now());
      let byAddress = counts.get(campaignId);
      if (!byAddress) {
        byAddress = new Map();
        counts.set(campaignId, byAddress);
      }
      let count = byAddress.get(ip);
      if (!count) {
        count = { cluster: 0, pending: 0 };
        byAddress.set(ip, count);
      }
      count.pending += 1;
      return count.cluster + count.pending <= options.perMinute;
    },
    flush,
    /** Stops the flushes and sends what is counted. */
    async stop(): Promise<void> {
      if (timer) clearInterval(timer);
      await flush();
    },
  };
}

const cmp = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);
