/**
 * The process the killed-process test kills (onboarding-crash.api.test.ts): it starts the runtime on
 * the test's database (DATABASE_URL, or a PGlite data folder under DATA_DIR), with the sandbox made
 * to pause forever right after it stored a charge, and asks for the onboarding charge over HTTP with
 * the bearer token it is given. It prints `charged <id>` when the gateway holds the money; the test
 * then kills it with SIGKILL, so the charge is never recorded on our side.
 */
import { queryRows, sql } from '@app/db';
import { loadConfig } from '../src/config.js';
import { startRuntime } from '../src/runtime.js';

const token = process.env.CRASH_TOKEN;
const payload = process.env.CRASH_PAYLOAD;
if (!token || !payload) throw new Error('CRASH_TOKEN and CRASH_PAYLOAD are required');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent' });
const runtime = await startRuntime(config, {
  seed: false,
  pollingIntervalSeconds: 0.5,
  demoVisitors: false,
  sandbox: {
    async afterCharge(chargeId) {
      process.stdout.write(`charged ${chargeId}\n`);
      await new Promise(() => {}); // paused for good: the answer never comes back
    },
  },
});
process.stdout.write('ready\n');
// If no charge came after 90 s, say what the database is doing, so a test that waits in vain shows
// whether the connection itself was blocked (the test prints everything the child wrote).
setTimeout(async () => {
  const answered = await Promise.race([
    queryRows<{ state: string; n: number }>(
      runtime.database.db,
      sql`select state, count(*)::int as n from pgboss.job group by state`,
    ).then((rows) => `database answers; pg-boss jobs ${JSON.stringify(rows)}`),
    new Promise<string>((resolve) => setTimeout(() => resolve('database did not answer within 5 s'), 5_000)),
  ]).catch((error: Error) => `database query failed: ${error.message}`);
  process.stdout.write(`stuck 90 s after ready: ${answered}\n`);
}, 90_000).unref();
const res = await runtime.app.inject({
  method: 'POST',
  url: '/api/payment/customer',
  headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
  payload,
});
// Reached only if the pause did not hold: say so, so the test fails clearly.
process.stdout.write(`answered ${res.statusCode}\n`);
