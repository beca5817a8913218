import type { DatabaseHandle, PoolUsage } from '@app/db';
import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { type DatabaseReads, databaseGauges } from './database-gauges.js';

/** The latency buckets of every route, in seconds: the pixel's milliseconds to a slow export's seconds. */
const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export type RequestLatency = Histogram<'route' | 'method' | 'status_class'>;

/**
 * Node's default metrics describe the process, so they are collected once per process, in a registry
 * of their own: their collectors live as long as the process (the GC histogram's PerformanceObserver
 * is never disconnected), and a runtime's registry they were in could never be freed; a test process
 * that starts a runtime per file ran out of memory that way.
 */
let processDefaults: Registry | undefined;
function processMetrics(): Registry {
  if (!processDefaults) {
    processDefaults = new Registry();
    collectDefaultMetrics({ register: processDefaults });
  }
  return processDefaults;
}

/**
 * The runtime's Prometheus metrics (decision 0119), in a registry of its own (not prom-client's
 * global one, so two runtimes in one test process do not collide): request latency per route
 * pattern, job failures, the connection pool, the last reconciliation's differences, and the
 * database-wide gauges read at each scrape; a scrape adds Node's defaults for the process.
 */
export function createMetrics(deps: {
  database: DatabaseHandle;
  reads: DatabaseReads;
  /** Every job's queue name: a queue with nothing waiting answers 0, not nothing. */
  queueNames: readonly string[];
  /** How long a scrape waits for the database-wide gauges (also their statement timeout). */
  databaseTimeoutMs?: number;
}) {
  const registry = new Registry();

  const requestLatency: RequestLatency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time from routing a request to its last byte sent, by route pattern, method and status class.',
    labelNames: ['route', 'method', 'status_class'],
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const jobFailures = new Counter({
    name: 'job_failures_total',
    help: 'Runs of a job whose handler failed (each retry that fails counts again).',
    labelNames: ['job'],
    registers: [registry],
  });
  const reconciliationDifferences = new Gauge({
    name: 'billing_reconciliation_differences',
    help: "Differences the last billing reconciliation run of this process found (0 = the books match the gateways').",
    registers: [registry],
  });
  const reconciliationRunAt = new Gauge({
    name: 'billing_reconciliation_last_run_timestamp_seconds',
    help: 'When this process last finished a billing reconciliation run (Unix time).',
    registers: [registry],
  });

  const poolUsage = deps.database.poolUsage;
  if (poolUsage) {
    const pool = (name: string, help: string, read: (u: PoolUsage) => number) =>
      new Gauge({
        name,
        help,
        registers: [registry],
        collect() {
          this.set(read(poolUsage()));
        },
      });
    pool('db_pool_max_connections', "The database pool's size (DB_POOL_SIZE).", (u) => u.max);
    pool('db_pool_connections', 'Connections the database pool has open.', (u) => u.total);
    pool('db_pool_idle_connections', 'Open connections of the database pool that are idle.', (u) => u.idle);
    pool(
      'db_pool_waiting_requests',
      'Queries waiting for a connection of the database pool.',
      (u) => u.waiting,
    );
  }

  const gauges = databaseGauges({
    registry,
    db: deps.database.db,
    reads: deps.reads,
    queueNames: deps.queueNames,
    timeoutMs: deps.databaseTimeoutMs ?? 2_000,
  });

  /** The worker's drain loops (decision 0122), read at each scrape from their own counts. */
  let loops: () => Record<string, { batches: number; rows: number }> = () => ({});
  const loopCounter = (
    name: string,
    help: string,
    read: (taken: { batches: number; rows: number }) => number,
  ) => {
    const reported = new Map<string, number>();
    new Counter({
      name,
      help,
      labelNames: ['loop'],
      registers: [registry],
      collect() {
        for (const [loop, taken] of Object.entries(loops())) {
          const now = read(taken);
          this.inc({ loop }, now - (reported.get(loop) ?? 0));
          reported.set(loop, now);
        }
      },
    });
  };
  loopCounter(
    'drain_loop_rows_total',
    "Rows this process's drain loop took (its share of the cluster's work).",
    (t) => t.rows,
  );
  loopCounter('drain_loop_batches_total', "Batches this process's drain loop took.", (t) => t.batches);

  return {
    requestLatency,
    /** Where the drain loops' counts are read (the worker's loops, once they exist). */
    readDrainLoops(read: () => Record<string, { batches: number; rows: number }>) {
      loops = read;
    },
    /** A job's handler failed (the job queue calls it). */
    jobFailed(job: string) {
      jobFailures.inc({ job });
    },
    /** A reconciliation run finished with this many differences over every system and gateway. */
    reconciled(differences: number) {
      reconciliationDifferences.set(differences);
      reconciliationRunAt.set(Date.now() / 1000);
    },
    /** The exposition text of a scrape: the database-wide gauges are read first. */
    async scrape(): Promise<{ contentType: string; body: string }> {
      await gauges.refresh();
      const both = Registry.merge([processMetrics(), registry]);
      return { contentType: both.contentType, body: await both.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;
