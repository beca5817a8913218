import { loadConfig } from './config.js';
import { demoLoginsText } from './demo-logins.js';
import { startMetricsListener } from './metrics/metrics-listener.js';
import { startRuntime } from './runtime.js';

/** `npm start`: API, web app and (by default) the job worker in one process. */
const config = loadConfig();
const runtime = await startRuntime(config);
await runtime.app.listen({ port: config.port, host: config.host });
const port = (runtime.app.server.address() as { port: number }).port;
// `/metrics` on a private listener too, when asked (decision 0119); the main port's needs the token.
const metricsListener =
  config.metrics.port === null
    ? null
    : await startMetricsListener({ ...config.metrics, port: config.metrics.port, metrics: runtime.metrics });
const where = config.databaseUrl ? 'PostgreSQL' : `PGlite in ${config.dataDir}`;
const seeded = runtime.seeded ? '; seeded the demo' : '';
console.log(
  `\nReady on http://localhost:${port} (database: ${where}; worker: ${config.inProcessWorker ? 'in process' : 'separate'}${seeded})`,
);
console.log(`API docs: http://localhost:${port}/api/docs`);
if (metricsListener) console.log(`Metrics: http://${config.metrics.host}:${metricsListener.port}/metrics`);
console.log(`${demoLoginsText(port)}\n`);

let stopping = false;
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, async () => {
    if (stopping) return;
    stopping = true;
    console.log(`\n${signal}: shutting down`);
    try {
      await metricsListener?.close();
      await runtime.close();
      process.exit(0);
    } catch (err) {
      console.error('shutdown failed', err);
      process.exit(1);
    }
  });
}
