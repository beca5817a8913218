import type { IntakeInsert } from './intake-repository.js';

/*
 * Group commit for the pixel endpoint (decision 0046): concurrent page views wait together for one
 * multi-row INSERT and are answered when it is committed, so an acknowledged view is a stored view,
 * and the database sees one statement per few hundred requests instead of one each. While an
 * insert runs, the next requests gather; the next insert starts as soon as it ends (no timer, so
 * a lone request is not delayed). The insert does not wait for the WAL flush (decision 0052): stored
 * and visible, not yet crash-proof, which a beacon that never retries cannot tell apart.
 */

export interface IntakeWriter {
  /** Resolves once the row is stored. */
  add(row: IntakeInsert): Promise<void>;
  /** Resolves when every row added so far is stored. */
  drain(): Promise<void>;
}

interface Waiting {
  row: IntakeInsert;
  resolve: () => void;
  reject: (err: unknown) => void;
}

export function createIntakeWriter(deps: {
  /** One INSERT of the rows (intake-repository.ts `createPageViewInsert`). */
  insert: (rows: readonly IntakeInsert[]) => Promise<void>;
  /** Called after each stored batch (wakes the ingest job). */
  onStored: () => void;
  /** Rows per INSERT at most. */
  maxBatch?: number;
}): IntakeWriter {
  const maxBatch = deps.maxBatch ?? 1000;
  let waiting: Waiting[] = [];
  let running: Promise<void> | null = null;

  const flush = async (): Promise<void> => {
    while (waiting.length > 0) {
      const batch = waiting.slice(0, maxBatch);
      waiting = waiting.slice(batch.length);
      try {
        await deps.insert(batch.map((w) => w.row));
        for (const w of batch) w.resolve();
      } catch (err) {
        for (const w of batch) w.reject(err);
      }
      deps.onStored();
    }
  };

  const start = () => {
    // Let the requests of this turn of the event loop join the first insert.
    running ??= new Promise<void>((resolve) => setImmediate(resolve)).then(flush).finally(() => {
      running = null;
      if (waiting.length > 0) start();
    });
  };

  return {
    add(row) {
      return new Promise<void>((resolve, reject) => {
        waiting.push({ row, resolve, reject });
        start();
      });
    },
    async drain() {
      while (running) await running;
    },
  };
}
