import { AsyncLocalStorage } from 'node:async_hooks';
import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';

/**
 * The logger of the work in hand (a request's handler, a job's run or a drain loop's batch, their ids
 * bound), for everything its code logs.
 */
const workInHand = new AsyncLocalStorage<FastifyBaseLogger>();

/**
 * Runs a piece of work (a request's handler, a job's run) with its own logger: every line its code
 * writes through the process log carries the work's id, however deep the call that writes it.
 */
export const withWorkLog = <T>(log: FastifyBaseLogger, run: () => T): T => workInHand.run(log, run);

/**
 * What the modules log through (their `log` dependency): the logger of the request or job in hand,
 * else the process's own. The root logger is the app's (Fastify's pino), known once the app is
 * built; a line before that goes to the console.
 */
export function createProcessLog() {
  let root: FastifyBaseLogger | null = null;
  const target = () => workInHand.getStore() ?? root;
  return {
    /** The process's own logger from now on (the app's). */
    useRoot(logger: FastifyBaseLogger) {
      root = logger;
    },
    /** The logger a job's lines go to: the process's, with the job's id and name bound. */
    forJob(jobId: string, job: string): FastifyBaseLogger | null {
      return root?.child({ jobId, job }) ?? null;
    },
    /**
     * Runs one batch of a worker's drain loop (decision 0122) with a logger of its own: every line its
     * code writes carries the loop's name and the batch's id.
     */
    inBatch<T>(loop: string, run: () => Promise<T>): Promise<T> {
      const log = root?.child({ loop, batchId: randomUUID() });
      return log ? withWorkLog(log, run) : run();
    },
    warn(message: string, detail?: unknown) {
      const log = target();
      if (!log) console.warn(message, detail ?? '');
      else if (detail === undefined) log.warn(message);
      else log.warn({ detail }, message);
    },
    info(message: string, detail?: unknown) {
      const log = target();
      if (!log) console.info(message, detail ?? '');
      else if (detail === undefined) log.info(message);
      else log.info({ detail }, message);
    },
  };
}

export type ProcessLog = ReturnType<typeof createProcessLog>;
