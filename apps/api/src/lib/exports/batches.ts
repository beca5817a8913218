/**
 * Rows from the database a batch at a time, by keyset: `fetch(after, size)` answers up to `size`
 * rows after the key `after` (undefined: from the start), in key order. The next batch is asked for
 * only when the previous one has been consumed, so an export holds one batch in memory, and no
 * transaction stays open while the reader is slow. `limit` caps the rows in all.
 */
export async function* inBatches<T, K>(
  fetch: (after: K | undefined, size: number) => Promise<readonly T[]>,
  keyOf: (row: T) => K,
  { size = 1000, limit = Number.POSITIVE_INFINITY }: { size?: number; limit?: number } = {},
): AsyncGenerator<T> {
  if (!(size > 0)) throw new RangeError(`Batch size must be positive: ${size}`);
  let after: K | undefined;
  let sent = 0;
  while (sent < limit) {
    const want = Math.min(size, limit - sent);
    const batch = await fetch(after, want);
    for (const row of batch) yield row;
    sent += batch.length;
    // A short batch is the last one.
    const last = batch.at(-1);
    if (batch.length < want || last === undefined) return;
    after = keyOf(last);
  }
}
