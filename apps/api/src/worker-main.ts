import { loadConfig } from './config.js';
import { startMetricsListener } from './metrics/metrics-listener.js';
import { startRuntime } from './runtime.js';

/**
 * A job worker on its own (PostgreSQL deployments that run web and worker separately, with
 * IN_PROCESS_WORKER=false on the web processes). PGlite allows one process, so it runs in-process.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('The separate worker needs DATABASE_URL; on PGlite the worker runs inside `npm start`.');
  process.exit(1);
}
// The demo's visitors are sent by the web process (`npm start`), never a second time from here.
const runtime = await startRuntime({ ...config, inProcessWorker: true }, { demoVisitors: false });
// The worker serves no HTTP; its metrics (job failures, pool, Node) are scraped on a private listener.
const metricsListener =
  config.metrics.port === null
    ? null
    : await startMetricsListener({ ...config.metrics, port: config.metrics.port, metrics: runtime.metrics });
console.log(
  `worker started${runtime.seeded ? ' (seeded the demo)' : ''}${metricsListener ? ` (metrics on ${config.metrics.host}:${metricsListener.port})` : ''}`,
);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await metricsListener?.close();
    await runtime.close();
    process.exit(0);
  });
}
