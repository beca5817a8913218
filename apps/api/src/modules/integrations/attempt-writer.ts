import type { AttemptRecord } from './delivery-repository.js';

/**
 * Writes the engine's attempts in batches without a timer: one write is under way at a time, and
 * every attempt that finishes meanwhile waits for the next, which takes them all. An idle engine
 * writes each attempt at once; a busy one writes tens per statement (decision 0108). Each caller's
 * promise settles when its own attempt is stored, so what follows it (the connection's failure
 * count, a circuit) still happens after. Not DataLoader: that batches one tick's calls, and
 * deliveries finish on separate ticks.
 */
export function createAttemptWriter(
  write: (batch: readonly AttemptRecord[]) => Promise<void>,
  maxBatch = 200,
) {
  let pending: { record: AttemptRecord; done: () => void; failed: (err: unknown) => void }[] = [];
  let writing = false;

  async function drain() {
    writing = true;
    while (pending.length > 0) {
      const batch = pending.slice(0, maxBatch);
      pending = pending.slice(batch.length);
      try {
        await write(batch.map((p) => p.record));
        for (const p of batch) p.done();
      } catch (err) {
        for (const p of batch) p.failed(err);
      }
    }
    writing = false;
  }

  return (record: AttemptRecord): Promise<void> =>
    new Promise<void>((done, failed) => {
      pending.push({ record, done, failed });
      if (!writing) void drain();
    });
}
