import { importEnvelopeKey, sealEnvelope } from '@app/contracts';
import type { DatabaseHandle } from '@app/db';
import { type AppDependencies, buildApp } from '../src/app.js';
import { loadConfig } from '../src/config.js';
import { type RuntimeOptions, startRuntime } from '../src/runtime.js';
import { cloneTestDatabase, currentRun } from './test-database.js';

/**
 * One running product per test file on its own database clone (PGlite or PostgreSQL), with the
 * worker in process, fast job polling and no cron schedules run. `seal` builds a dt envelope the way the web app does.
 */
export async function startTestRuntime(
  options: Omit<RuntimeOptions, 'database'> = {},
  /** Further settings, as environment variables (e.g. the Stripe keys). */
  env: Record<string, string> = {},
  /** Another database than a fresh clone (the killed-process test reopens the one it crashed on). */
  given?: DatabaseHandle & { dispose(): Promise<void> },
) {
  const database = given ?? (await cloneTestDatabase());
  const config = loadConfig({
    DATA_DIR: currentRun().dir,
    LOG_LEVEL: 'silent',
    WEB_DIST: `${currentRun().dir}/no-web`,
    ...env,
  } as NodeJS.ProcessEnv);
  const runtime = await startRuntime(config, {
    database,
    seed: false,
    pollingIntervalSeconds: 0.5,
    // A recurring job runs when the test runs it (or the worker's start does), never by the clock's
    // cron beside it: a run holding a schedule made the test's own run skip it (decision 0123).
    cron: false,
    // Proof of work a test solves in a few milliseconds.
    altcha: { maxNumber: 20, cost: 10 },
    // The demo visitor simulator stays off unless a test turns it on.
    demoVisitors: false,
    ...options,
  });
  const key = await importEnvelopeKey(runtime.dtKey);
  return {
    ...runtime,
    config,
    seal: (body: unknown) => sealEnvelope(key, body),
    /** A second app on the same database and services, with other settings (proxies, CORS). */
    buildAppWith(overrides: Partial<AppDependencies['config']>) {
      return buildApp({
        config: { ...config, ...overrides },
        database,
        dtKey: key,
        authenticate: runtime.services.identity.authenticate,
        inScope: runtime.services.scope.inScope,
        audit: runtime.services.audit,
        routes: runtime.routes,
        pages: runtime.pages,
        logger: false,
      });
    },
    async close() {
      await runtime.close();
      await database.dispose();
    },
  };
}

export type TestRuntime = Awaited<ReturnType<typeof startTestRuntime>>;
