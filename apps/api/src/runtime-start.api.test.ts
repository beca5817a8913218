import { queryRows, sql } from '@app/db';
import { afterAll, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../test/harness.js';

let rt: TestRuntime | undefined;
afterAll(() => rt?.close());

/*
 * On PGlite the in-process worker shares the process's one thread and one connection with the app.
 * A first start's jobs are heavy (the demo's vendor lists generate 50,000 sandbox people), and when
 * they ran while Fastify loaded its plugins, a plugin waiting for its own file reads (the docs page,
 * the web build) missed Fastify's 10 s deadline and the first `npm start` crashed on a busy machine
 * ("Plugin did not start in time"). The worker may take a job only once every plugin has loaded.
 */
it('takes no job before the app has loaded every plugin', async () => {
  const startedAt = new Date();
  let lastRouteAt = 0;
  rt = await startTestRuntime({
    onRouteRegistered: () => {
      lastRouteAt = Date.now();
    },
  });
  // Loaded by the runtime itself, not left to `listen` (which would load them beside the worker).
  expect(lastRouteAt, 'every route is registered when the runtime has started').toBeGreaterThan(0);
  // The start queues the payments janitor at once: wait until the worker has taken it.
  let jobs: { name: string; started_on: Date }[] = [];
  await expect
    .poll(
      async () => {
        jobs = await queryRows<{ name: string; started_on: Date }>(
          rt!.database.db,
          sql`select name, started_on from pgboss.job
               where created_on >= ${startedAt.toISOString()}::timestamptz and started_on is not null
               order by started_on`,
        );
        return jobs.some((job) => job.name === 'payments.settle-pending');
      },
      { timeout: 30_000, interval: 200 },
    )
    .toBe(true);
  // pg-boss's own timekeeper queues and works its cron hand-offs (`__pgboss__send-it`) from boss.start(),
  // whatever the product's worker does: on a start slower than its cron interval (a loaded machine)
  // they ran before the last route, and they are not the product's jobs.
  const early = jobs.filter(
    (job) => new Date(job.started_on).getTime() < lastRouteAt && !job.name.startsWith('__pgboss__'),
  );
  expect(early.map((job) => job.name)).toEqual([]);
});
