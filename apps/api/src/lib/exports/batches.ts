/**
 * Rows from the database a batch at a time, by keyset: `fetch(after, size)` answers up to `size`
 * rows after the key `after` (undefined: from the start), in key order. One batch is read ahead:
 * as soon as a batch has arrived the next one is asked for, so the database finds it while the
 * writer turns this one into bytes; the one after waits until this one has been taken. An export
 * holds at most two batches in memory, and each batch is its own statement: no transaction stays
 * open while the reader is slow. `limit` caps the rows in all.
 */
export async function* keysetBatches<T, K>(
  fetch: (after: K | undefined, size: number) => Promise<readonly T[]>,
  keyOf: (row: T) => K,
  { size = 1000, limit = Number.POSITIVE_INFINITY }: { size?: number; limit?: number } = {},
): AsyncGenerator<readonly T[]> {
  if (!(size > 0)) throw new RangeError(`Batch size must be positive: ${size}`);
  let want = Math.min(size, limit);
  if (!(want > 0)) return;
  let sent = 0;
  let next: Promise<readonly T[]> | undefined = fetch(undefined, want);
  try {
    while (next) {
      const batch: readonly T[] = await next;
      next = undefined;
      sent += batch.length;
      // A short batch is the last one.
      const last = batch.at(-1);
      if (batch.length === want && last !== undefined && sent < limit) {
        want = Math.min(size, limit - sent);
        next = fetch(keyOf(last), want);
      }
      if (batch.length > 0) yield batch;
    }
  } finally {
    // The reader left while a batch was on its way: nobody will take it, nor its failure.
    next?.catch(() => {});
  }
}
