import { type Database, sql } from '@app/db';
import { Counter, Gauge, type Registry } from 'prom-client';
import type { QueueDepth } from '../jobs/queue-depth.js';

/** The database-wide reads behind the gauges, each given by the code that owns its table. */
export interface DatabaseReads {
  queues(db: Database): Promise<QueueDepth[]>;
  ingestLag(db: Database): Promise<number>;
  leadDeliveryLag(db: Database): Promise<number>;
  integrationDeliveryLag(db: Database): Promise<number>;
}

type Figures = {
  queues: QueueDepth[];
  ingestLag: number;
  leadDeliveryLag: number;
  integrationDeliveryLag: number;
};

/**
 * Gauges of the whole deployment (the same in every process), read at each scrape in one
 * transaction with a statement timeout, and awaited no longer than that: a slow or unreachable
 * database makes the scrape answer without them (and counts the miss) rather than hang.
 */
export function databaseGauges(deps: {
  registry: Registry;
  db: Database;
  reads: DatabaseReads;
  queueNames: readonly string[];
  timeoutMs: number;
}) {
  const registers = [deps.registry];
  const queueWaiting = new Gauge({
    name: 'job_queue_depth',
    help: 'Jobs of a queue created or waiting for a retry, due or not.',
    labelNames: ['queue'],
    registers,
  });
  const queueOldest = new Gauge({
    name: 'job_queue_oldest_due_seconds',
    help: 'Seconds since the oldest waiting job of a queue became due (0 = none due).',
    labelNames: ['queue'],
    registers,
  });
  const ingestLag = new Gauge({
    name: 'lead_ingest_lag_seconds',
    help: 'Seconds since the oldest lead intake row available to ingestion arrived (0 = none waits).',
    registers,
  });
  const leadDeliveryLag = new Gauge({
    name: 'lead_delivery_lag_seconds',
    help: 'Seconds since the oldest queued lead e-mail delivery became due (0 = none waits).',
    registers,
  });
  const integrationDeliveryLag = new Gauge({
    name: 'integration_delivery_lag_seconds',
    help: 'Seconds since the oldest queued integration delivery became due (0 = none waits).',
    registers,
  });
  const misses = new Counter({
    name: 'metrics_database_read_failures_total',
    help: 'Scrapes whose database-wide gauges were not read in time (or failed): they were left out.',
    registers,
  });
  const all = [queueWaiting, queueOldest, ingestLag, leadDeliveryLag, integrationDeliveryLag];

  const read = (): Promise<Figures> =>
    deps.db.transaction(async (tx) => {
      await tx.execute(sql`select set_config('statement_timeout', ${String(deps.timeoutMs)}, true)`);
      return {
        queues: await deps.reads.queues(tx),
        ingestLag: await deps.reads.ingestLag(tx),
        leadDeliveryLag: await deps.reads.leadDeliveryLag(tx),
        integrationDeliveryLag: await deps.reads.integrationDeliveryLag(tx),
      };
    });

  return {
    async refresh(): Promise<void> {
      let timer: NodeJS.Timeout | undefined;
      const deadline = new Promise<null>((resolve) => {
        timer = setTimeout(() => resolve(null), deps.timeoutMs);
      });
      const reading = read();
      // A read that ends after the deadline is dropped, its failure included.
      reading.catch(() => {});
      const figures = await Promise.race([reading, deadline]).catch(() => null);
      clearTimeout(timer);
      for (const gauge of all) gauge.reset();
      if (!figures) {
        misses.inc();
        return;
      }
      const waiting = new Map(figures.queues.map((q) => [q.queue, q]));
      for (const queue of new Set([...deps.queueNames, ...waiting.keys()])) {
        queueWaiting.set({ queue }, waiting.get(queue)?.waiting ?? 0);
        queueOldest.set({ queue }, waiting.get(queue)?.oldestDueSeconds ?? 0);
      }
      ingestLag.set(figures.ingestLag);
      leadDeliveryLag.set(figures.leadDeliveryLag);
      integrationDeliveryLag.set(figures.integrationDeliveryLag);
    },
  };
}
