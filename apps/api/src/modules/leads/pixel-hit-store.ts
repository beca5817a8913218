import type { SqlExecutor } from '@app/db';

/** One key's hits: a campaign's public id and a client address. */
export interface PixelHitCount {
  campaign: string;
  ip: string;
  hits: number;
}

/** Where every process's pixel hits are summed (the shared table; tests may sum in memory). */
export interface PixelHitStore {
  /**
   * Adds this process's new hits of the minute starting `windowStart` and answers the cluster's totals
   * of those keys in that minute.
   */
  add(windowStart: Date, counts: readonly PixelHitCount[]): Promise<PixelHitCount[]>;
  /** Deletes the rows of minutes ended before `before`. */
  sweep(before: Date): Promise<void>;
}

// One multi-row upsert for every key a process saw in the last second: a key still on an older minute
// restarts at this minute's count; one already on a later minute (a slow process) is left alone.
const ADD = `insert into pixel_hits as h (campaign, ip, window_start, hits)
  select c, i, $1::timestamptz, n from unnest($2::text[], $3::text[], $4::int[]) as u (c, i, n)
  on conflict (campaign, ip) do update set
    hits = case when h.window_start = excluded.window_start then h.hits + excluded.hits else excluded.hits end,
    window_start = excluded.window_start
  where h.window_start <= excluded.window_start
  returning campaign, ip, hits`;

/** The `pixel_hits` table (decision 0118), through the same database's prepared statements. */
export function createPixelHitStore(sql: Pick<SqlExecutor, 'executePrepared'>): PixelHitStore {
  return {
    async add(windowStart, counts) {
      const { rows } = await sql.executePrepared('pixel_hits_add', ADD, [
        windowStart.toISOString(),
        counts.map((c) => c.campaign),
        counts.map((c) => c.ip),
        counts.map((c) => c.hits),
      ]);
      return rows.map((r) => ({ campaign: String(r.campaign), ip: String(r.ip), hits: Number(r.hits) }));
    },
    async sweep(before) {
      await sql.executePrepared('pixel_hits_sweep', 'delete from pixel_hits where window_start < $1', [
        before.toISOString(),
      ]);
    },
  };
}
