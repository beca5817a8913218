/**
 * The process the ingest takeover test kills (ingest-takeover.api.test.ts): it starts the runtime with
 * its worker on the test's database (DATABASE_URL, or a PGlite data folder under DATA_DIR) and sends
 * page views to the demo's running local campaign without pause, so its ingest loop stays busy. After
 * the first ten views it leases a batch itself, as its loop's lanes do before they claim, and prints
 * `ingest leased <the batch's highest intake id>`; the test then kills it with SIGKILL, so that batch
 * is never finished by its worker.
 */
import { DEMO_CAMPAIGNS } from '@app/db';
import { loadConfig } from '../src/config.js';
import { startRuntime } from '../src/runtime.js';

const people = Number(process.env.CRASH_PEOPLE);
const seed = process.env.CRASH_SEED;
if (!people || !seed) throw new Error('CRASH_PEOPLE and CRASH_SEED are required');
const campaign = DEMO_CAMPAIGNS.find((c) => c.module === 'local' && c.status === 'running');
if (!campaign) throw new Error('no running local demo campaign');

const config = loadConfig({ ...process.env, LOG_LEVEL: 'silent', DEMO_VISITORS: 'off' });
const runtime = await startRuntime(config, {
  seed: false,
  pollingIntervalSeconds: 0.5,
  demoVisitors: false,
  identities: { people, seed },
});
process.stdout.write('ready\n');

let sent = 0;
let reported = false;
for (;;) {
  sent += 1;
  const res = await runtime.app.inject({
    method: 'POST',
    url: '/api/px/v',
    headers: { 'content-type': 'text/plain;charset=UTF-8' },
    payload: JSON.stringify({
      campaignId: campaign.publicId,
      url: 'https://client-site.example/pricing',
      referrer: '',
      visitorId: `crash-visitor-${String(sent).padStart(8, '0')}`,
    }),
    remoteAddress: `198.51.100.${(sent % 250) + 1}`,
  });
  if (res.statusCode !== 204) process.stdout.write(`page view answered ${res.statusCode}: ${res.body}\n`);
  if (!reported && sent >= 10) {
    await runtime.services.leads.flushIntake();
    const batch = await runtime.services.leads.intake.lease(50, { anyCampaign: true });
    if (batch.length > 0) {
      reported = true;
      process.stdout.write(`ingest leased ${Math.max(...batch.map((row) => row.id))}\n`);
    }
  }
  await new Promise((resolve) => setTimeout(resolve, 50));
}
