/**
 * The process the billing crash test kills (billing-crash.api.test.ts): it starts the runtime with
 * its worker on the test's database (DATABASE_URL, or a PGlite data folder under DATA_DIR) — the
 * worker's own at-start invoice run races the one this process asks for — and runs the invoice job
 * once, printing `done <totals>` if nothing stopped it. With CRASH_AT_CHARGE=n it kills itself with
 * SIGKILL at its n-th charge, where CRASH_POINT says: `before` (asked of the sandbox, nothing stored
 * yet), `after` (the gateway holds the money, our side never hears of it), or a number of
 * milliseconds after it, wherever the run then is (the charge's record, its follow-up, the next
 * invoice's transaction; PostgreSQL only: PGlite's queries never leave the timer a turn).
 */
import { loadConfig } from '../src/config.js';
import { startRuntime } from '../src/runtime.js';

const crashAt = Number(process.env.CRASH_AT_CHARGE ?? '0');
const point = process.env.CRASH_POINT ?? 'after';
const kill = () => process.kill(process.pid, 'SIGKILL');
let asked = 0;
let stored = 0;

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_VISITORS: 'off' });
const runtime = await startRuntime(config, {
  seed: false,
  pollingIntervalSeconds: 0.5,
  demoVisitors: false,
  sandbox: {
    async beforeCharge() {
      asked += 1;
      if (asked === crashAt && point === 'before') kill();
    },
    async afterCharge() {
      stored += 1;
      if (stored !== crashAt) return;
      if (point === 'after') kill();
      else if (point !== 'before') setTimeout(kill, Number(point));
    },
  },
});
process.stdout.write('ready\n');
const totals = await runtime.services.billing.invoicing.run({ batch: 10 });
process.stdout.write(`done ${JSON.stringify(totals)}\n`);
await runtime.close();
process.exit(0);
