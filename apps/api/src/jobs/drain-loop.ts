/*
 * A worker's loop over a table of due rows, for work too hot for one job per row and too steady for
 * a queue's runs (decision 0122). Every worker process runs one per table: `lanes` loops each take a
 * batch through `step` (which leases its rows with FOR UPDATE SKIP LOCKED, so the processes of a
 * cluster never take the same rows and each takes a share), work it, and take the next at once
 * while batches come back full. A partial batch means the lane caught up with the arrivals: it waits
 * `gatherMs` for the next ones to gather instead of leasing a handful at a time. An empty one: the
 * lane sleeps until woken (rows were written, in this process or, through a notification, in
 * another) or until `idlePollMs` passed, the safety net for a lost wake-up and for rows that become
 * due by time (a drip, a retry, a lease that ran out).
 */

export interface DrainLoopSettings {
  /** Batches worked at once in this process. */
  lanes: number;
  batchSize: number;
  /** How long a lane that caught up waits for rows to gather. */
  gatherMs: number;
  /** How long an idle lane sleeps when nobody wakes it. */
  idlePollMs: number;
}

export interface DrainLoop {
  start(): void;
  /** Stops taking batches; resolves once the batches in hand are done. */
  stop(): Promise<void>;
  /** Rows were written: sleeping lanes look at once. */
  wake(): void;
  /** What this process's loop took since it started (its share of the cluster's work, for metrics). */
  stats(): { batches: number; rows: number };
}

export function createDrainLoop(deps: {
  settings: DrainLoopSettings;
  /** Leases and works up to `limit` rows; answers how many it took (0: nothing was due). */
  step: (limit: number) => Promise<number>;
  /** Told of a failed batch, inside `around`. */
  onError: (err: unknown) => void;
  /** What each batch runs inside (the process log's batch logger, so its lines carry a batch id). */
  around?: (batch: () => Promise<number>) => Promise<number>;
}): DrainLoop {
  const { lanes, batchSize, gatherMs, idlePollMs } = deps.settings;
  let running = false;
  let lanesDone: Promise<unknown> = Promise.resolve();
  const sleepers = new Set<() => void>();
  const taken = { batches: 0, rows: 0 };

  const stoppers = new Set<() => void>();
  /**
   * Resolves after `ms`, or sooner when stopped, or when woken if `wakeable`: a lane gathering rows
   * is not woken by more rows arriving, which is what it waits for.
   */
  const pause = (ms: number, wakeable: boolean) =>
    new Promise<void>((resolve) => {
      const done = () => {
        clearTimeout(timer);
        sleepers.delete(done);
        stoppers.delete(done);
        resolve();
      };
      const timer = setTimeout(done, ms);
      stoppers.add(done);
      if (wakeable) sleepers.add(done);
    });

  /** One batch: the rows it took, or -1 when it failed. */
  const batch = async () => {
    try {
      return await deps.step(batchSize);
    } catch (err) {
      deps.onError(err);
      return -1;
    }
  };

  async function lane() {
    while (running) {
      const rows = await (deps.around ? deps.around(batch) : batch());
      if (rows < 0) {
        // A failed batch's rows stay leased until their lease runs out; the lane goes on after a rest.
        await pause(idlePollMs, false);
        continue;
      }
      if (rows > 0) {
        taken.batches += 1;
        taken.rows += rows;
      }
      if (rows >= batchSize) continue;
      if (rows > 0) await pause(gatherMs, false);
      else await pause(idlePollMs, true);
    }
  }

  return {
    start() {
      if (running) return;
      running = true;
      lanesDone = Promise.all(Array.from({ length: lanes }, lane));
    },
    async stop() {
      running = false;
      for (const stop of [...stoppers]) stop();
      await lanesDone;
    },
    wake() {
      for (const wakeUp of [...sleepers]) wakeUp();
    },
    stats: () => ({ ...taken }),
  };
}
