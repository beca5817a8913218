import { createServer } from 'node:http';
import { loadConfig } from '../../apps/api/src/config.js';
import type { Clock } from '../../apps/api/src/lib/clock.js';
import { startRuntime } from '../../apps/api/src/runtime.js';

/**
 * The product as `npm start` runs it, for browser tests that move time (decision 0084): its money
 * clock is the real time plus an offset, and one more path, `POST /__e2e/clock/advance?days=N`, moves
 * the offset and runs the invoice job at once (as its ten-minute schedule would), and the ad
 * platform's sync, budget renewal and stats pull. Only this e2e entry
 * has it — production's `main.ts` has no clock control — and it answers only with the token the
 * Playwright config passes in E2E_CLOCK_TOKEN.
 */
const token = process.env.E2E_CLOCK_TOKEN;
if (!token) throw new Error('E2E_CLOCK_TOKEN is required');
let offsetMs = 0;
const clock: Clock = { now: () => new Date(Date.now() + offsetMs) };

const config = loadConfig();
const runtime = await startRuntime(config, { clock });
await runtime.app.ready();

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  if (!url.pathname.startsWith('/__e2e/')) return runtime.app.routing(req, res);
  if (
    req.method !== 'POST' ||
    url.pathname !== '/__e2e/clock/advance' ||
    req.headers['x-e2e-token'] !== token
  ) {
    res.writeHead(404).end();
    return;
  }
  const days = Number.parseInt(url.searchParams.get('days') ?? '', 10);
  if (!Number.isSafeInteger(days) || days < 1 || days > 400) {
    res.writeHead(400).end();
    return;
  }
  offsetMs += days * 86_400_000;
  void (async () => {
    try {
      const done = await runtime.services.billing.invoicing.run();
      const mailed = await runtime.services.billing.invoiceMail.send();
      // The ad platform's jobs as their schedules would have run them by now (decision 0115): the
      // campaigns synced, budgets renewed, the sandbox's days pulled into the stats.
      const ads = runtime.services.adCampaigns;
      await ads.sync.syncDue();
      const renewed = await ads.renewDue();
      const pulled = await ads.stats.pullDue();
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ now: clock.now().toISOString(), ...done, mailed, renewed, pulled }));
    } catch (error) {
      res.writeHead(500).end(String(error));
    }
  })();
});
server.listen(config.port, config.host);
for (const signal of ['SIGINT', 'SIGTERM'] as const)
  process.on(signal, () => {
    server.close();
    void runtime.close().then(() => process.exit(0));
  });
