import type { DatabaseHandle } from '@app/db';
import PgBoss from 'pg-boss';
import type { z } from 'zod';
import { type ProcessLog, withWorkLog } from '../lib/process-log.js';
import type { JobHandler, JobSpec } from './define-job.js';

/** When a queued job may start: at once, or this many seconds on (a vendor that said "come back later"). */
export interface EnqueueOptions {
  startAfterSeconds?: number;
}

export interface JobQueue {
  enqueue<S extends z.ZodType>(
    job: JobSpec<S>,
    payload: z.infer<S>,
    options?: EnqueueOptions,
  ): Promise<string>;
  /** Queues one job per payload in a single statement. */
  enqueueMany<S extends z.ZodType>(job: JobSpec<S>, payloads: readonly z.infer<S>[]): Promise<void>;
  /** Queues a recurring job now, unless a run is already queued (then null). */
  trigger<S extends z.ZodType>(job: JobSpec<S>, payload: z.infer<S>): Promise<string | null>;
  /** Starts consuming jobs with these handlers (the worker role). */
  work(handlers: readonly JobHandler[]): Promise<void>;
  stop(): Promise<void>;
}

/**
 * How often the queue's maintenance runs (one instance per interval, cluster-wide): it fails the
 * active runs older than their `expireInSeconds`, so a killed worker's stately run is given up
 * at most this long after it expired (pg-boss's default is 120 s).
 */
export const MAINTENANCE_INTERVAL_SECONDS = 20;
/** How often an idle worker asks for a job, unless a start says otherwise (tests poll faster). */
export const DEFAULT_POLLING_SECONDS = 2;

export interface JobQueueOptions {
  pollingIntervalSeconds?: number;
  /**
   * false: this process turns no schedule into jobs (pg-boss's timekeeper off). The schedules are still
   * stored, and any other process's timekeeper runs them. The API tests start so: the runs a test makes
   * of a recurring job are then its only runs, never raced by the cron's (default true).
   */
  cron?: boolean;
  /** Queues no longer in the product: deleted with their schedules and jobs. */
  retired?: readonly string[];
  onError?: (err: unknown) => void;
  /** Each job's handler logs through a child of this log with the job's id and name. */
  log?: Pick<ProcessLog, 'forJob'>;
  /** Told of every failed run of a job (its handler threw; pg-boss retries it if it may). */
  onJobFailed?: (job: string) => void;
}

/**
 * pg-boss on the product's own database: PostgreSQL through its own pool, PGlite through the
 * executeSql adapter of @app/db. One queue per job spec.
 */
export async function startJobQueue(
  database: DatabaseHandle,
  specs: readonly JobSpec[],
  options: JobQueueOptions = {},
): Promise<JobQueue> {
  const boss =
    database.kind === 'postgres'
      ? new PgBoss({
          connectionString: database.url,
          schema: 'pgboss',
          max: 4,
          maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
          schedule: options.cron ?? true,
        })
      : new PgBoss({
          db: database.sql as PgBoss.Db,
          schema: 'pgboss',
          maintenanceIntervalSeconds: MAINTENANCE_INTERVAL_SECONDS,
          schedule: options.cron ?? true,
        });
  // pg-boss reports background failures (maintenance, polling) as events; never drop them silently.
  boss.on(
    'error',
    options.onError ?? ((err) => console.warn('job queue error:', err instanceof Error ? err.message : err)),
  );
  await boss.start();
  // Declared under the queues' advisory lock (decision 0116): pg-boss makes each queue's partition
  // table as it declares it, and processes declaring the same queues at once on a new database
  // deadlocked on that DDL.
  await database.exclusively('leadorbit.job-queues', async () => {
    for (const job of specs) {
      const settings = {
        name: job.name,
        retryLimit: job.retryLimit,
        retryDelay: job.retryDelaySeconds,
        retryBackoff: true,
        policy: job.recurring ? ('stately' as const) : ('standard' as const),
        ...(job.expireInSeconds ? { expireInSeconds: job.expireInSeconds } : {}),
      };
      // Created once; an existing queue keeps its stored settings unless they are written again, so a
      // changed spec (a new expiry) reaches databases made before it.
      await boss.createQueue(job.name, settings);
      await boss.updateQueue(job.name, settings);
      // Stored in pg-boss's schedule table (an upsert): every instance's clock queues it, once a minute at most.
      if (job.recurring) await boss.schedule(job.name, job.recurring.cron, {}, { tz: 'UTC' });
    }
    // A queue's schedule and jobs go with it (pg-boss cascades), so nothing queues a retired job again.
    for (const name of options.retired ?? []) await boss.deleteQueue(name);
  });
  const known = new Set(specs.map((s) => s.name));

  return {
    async enqueue(job, payload, options = {}) {
      if (!known.has(job.name)) throw new Error(`job ${job.name} is not registered`);
      const data = job.payload.parse(payload) as object;
      const id = await boss.send(
        job.name,
        data,
        options.startAfterSeconds ? { startAfter: Math.ceil(options.startAfterSeconds) } : {},
      );
      if (!id) throw new Error(`job ${job.name} was not queued`);
      return id;
    },
    async enqueueMany(job, payloads) {
      if (!known.has(job.name)) throw new Error(`job ${job.name} is not registered`);
      if (!payloads.length) return;
      // insert() takes the queue's retry policy, as send() does.
      await boss.insert(
        payloads.map((payload) => ({ name: job.name, data: job.payload.parse(payload) as object })),
      );
    },
    async trigger(job, payload) {
      if (!known.has(job.name) || !job.recurring) throw new Error(`job ${job.name} is not a recurring job`);
      return boss.send(job.name, job.payload.parse(payload) as object);
    },
    async work(handlers) {
      for (const { spec, handle } of handlers) {
        if (!known.has(spec.name)) throw new Error(`job ${spec.name} is not registered`);
        await boss.work<object>(
          spec.name,
          {
            includeMetadata: true,
            pollingIntervalSeconds: options.pollingIntervalSeconds ?? DEFAULT_POLLING_SECONDS,
          },
          async ([item]) => {
            if (!item) return;
            const run = async () => {
              const payload = spec.payload.parse(item.data);
              await handle(payload, {
                retryCount: item.retryCount,
                isLastAttempt: item.retryCount >= item.retryLimit,
              });
            };
            const log = options.log?.forJob(item.id, spec.name);
            try {
              await (log ? withWorkLog(log, run) : run());
            } catch (err) {
              options.onJobFailed?.(spec.name);
              log?.error({ err, retryCount: item.retryCount }, 'job failed');
              throw err;
            }
          },
        );
      }
    },
    async stop() {
      await boss.stop({ graceful: true, wait: true, timeout: 10_000 });
    },
  };
}
