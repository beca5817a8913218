import { loadConfig } from '../apps/api/src/config.js';
import { DEFAULT_ENGINE_SETTINGS } from '../apps/api/src/modules/integrations/index.js';
import { createGuardedHttp } from '../apps/api/src/providers/outbound/guarded-http.js';
import { startRuntime } from '../apps/api/src/runtime.js';
import { localReceiversPermit } from '../apps/api/test/webhook-receiver.js';

/**
 * A worker process for delivery.bench.ts: `apps/api/src/worker-main.ts` with one difference, the
 * integrations' guarded HTTP client given in code with the tests' permit (127.0.0.1 only beside
 * public addresses), because production takes no switch to reach loopback. Everything else — the
 * job queue, the lead engine's ingestion and the delivery engine with its default settings — is
 * the product's. Says `worker started` on stdout when ready; stops on SIGTERM.
 */
const config = loadConfig();
if (!config.databaseUrl) {
  console.error('delivery-worker needs DATABASE_URL');
  process.exit(1);
}
const runtime = await startRuntime(
  { ...config, inProcessWorker: true },
  {
    demoVisitors: false,
    pollingIntervalSeconds: 0.5,
    integrations: {
      http: createGuardedHttp({
        permit: localReceiversPermit,
        connectionsPerOrigin: DEFAULT_ENGINE_SETTINGS.perConnection,
      }),
      checkHost: async () => {},
    },
  },
);
console.log('worker started');
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, async () => {
    await runtime.close();
    process.exit(0);
  });
}
