import { createHash } from 'node:crypto';
import { createServer } from 'node:net';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { demoClient, insertCampaign } from '../../test/kits/campaigns.js';
import type { Principal } from '../modules/tenancy/index.js';
import { demoWebhookOf, seedDemoIntegrations } from './demo-integrations.js';

/*
 * The demo's integrations (decision 0099): Harbor Dental's and Cedar Home's contacts connect the
 * GoHighLevel sandbox through the OAuth round trip at the demo's first start, and their leads then
 * become sandbox contacts, delivered in the console. The worker is off: the test drains the engine.
 */

let rt: TestRuntime;
beforeAll(async () => {
  // The app listens on the port it is configured with: the sandbox inbox is reached over real HTTP.
  const port = await freePort();
  rt = await startTestRuntime(
    { integrations: { engine: { idlePollMs: 20 } } },
    { IN_PROCESS_WORKER: 'false', PORT: String(port) },
  );
  await rt.app.listen({ port, host: '127.0.0.1' });
});
afterAll(() => rt?.close());

const db = () => rt.database.db;
/** What the runtime gives the demo step: the app, and the module's GoHighLevel (its sandbox here). */
const demoDeps = () => ({
  db: db(),
  app: rt.app,
  isSandbox: async () => true,
  crm: {
    sandbox: true,
    connected: async (companyId: number) =>
      (await rt.services.integrations.connections.find(companyId, 'gohighlevel')) !== null,
    startConsent: async (person: Principal) =>
      rt.services.integrations.authorize.start(person, person.companyId, 'gohighlevel', 'http://localhost'),
  },
  webhook: demoWebhookOf(rt.services.integrations, inbox()),
});
const inbox = () => {
  const served = rt.services.integrations.inbox;
  if (!served) throw new Error('the sandbox inbox is off');
  return served;
};
const connectionsOf = (companyId: number, provider = 'gohighlevel') =>
  queryRows<{ status: string; settings: Record<string, string>; sealed: boolean }>(
    db(),
    sql`select status, settings, sealed_secrets is not null as sealed from integration_connections
         where company_id = ${companyId} and provider = ${provider}`,
  );

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject()));
    });
  });
}

describe('demo integrations', () => {
  it('connect the demo clients to the GoHighLevel sandbox through the consent page, once', async () => {
    await seedDemoIntegrations(demoDeps());
    const harbor = await demoClient(db(), DEMO.northwind.clients[0].name);
    const cedar = await demoClient(db(), DEMO.northwind.clients[1].name);
    expect(await connectionsOf(harbor.clientId)).toEqual([
      {
        status: 'active',
        settings: expect.objectContaining({ location_id: 'sbx_loc_downtown' }),
        sealed: true,
      },
    ]);
    expect(await connectionsOf(cedar.clientId)).toEqual([
      {
        status: 'active',
        settings: expect.objectContaining({ location_id: 'sbx_loc_uptown' }),
        sealed: true,
      },
    ]);
    // Logged as the person's own act, like a connection made in the browser.
    const [logged] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_oauth_states where used_at is not null`,
    );
    expect(logged?.n).toBe(2);
    // Each has a webhook to its own sandbox inbox on this deployment (decision 0107).
    for (const client of [harbor, cedar])
      expect(await connectionsOf(client.clientId, 'webhook')).toEqual([
        {
          status: 'active',
          settings: expect.objectContaining({
            url: expect.stringMatching(/\/sandbox\/webhook-inbox\/inbox_/),
          }),
          sealed: true,
        },
      ]);

    // A second run (a later start that still counted as first) leaves the connections as they are.
    await seedDemoIntegrations(demoDeps());
    const [states] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_oauth_states`,
    );
    expect(states?.n).toBe(2);
    const [webhooks] = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_connections where provider = 'webhook'`,
    );
    expect(webhooks?.n).toBe(2);

    // A lead of Harbor's campaign becomes a contact in its sandbox sub-account, delivered.
    const campaign = await insertCampaign(db(), { clientName: DEMO.northwind.clients[0].name });
    const email = `demo.crm.${process.pid}@example.com`;
    await rt.services.leads.intake.insert([
      {
        campaignId: campaign.id,
        source: 'vendor_callback' as const,
        payload: {
          id: `demo-${email}`,
          emailMd5: createHash('md5').update(email).digest('hex'),
          firstName: 'Dana',
          lastName: 'Demo',
          emails: [email],
          phones: ['303-555-0177'],
          address: { street: '3 Demo St', city: 'Denver', state: 'CO', zip: '80204' },
        },
      },
    ]);
    while (await rt.services.leads.ingest.processNextBatch(500)) {}
    const deadline = Date.now() + 20_000;
    let rows: { status: string }[] = [];
    while (Date.now() < deadline) {
      await rt.services.integrations.engine.drain();
      rows = await queryRows<{ status: string }>(
        db(),
        sql`select status from integration_deliveries where campaign_id = ${campaign.id}`,
      );
      if (rows.length > 0 && rows.every((r) => r.status === 'delivered')) break;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
    expect(rows).toEqual([{ status: 'delivered' }, { status: 'delivered' }]);
    const contacts = await queryRows<{ location: string }>(
      db(),
      sql`select a.external_id as location from sandbox_integration_records r
            join sandbox_integration_accounts a on a.id = r.account_id
           where r.kind = 'contact' and r.idempotency_key = ${`contact:email:${email}`}`,
    );
    expect(contacts).toEqual([{ location: 'sbx_loc_downtown' }]);

    // … and a webhook in Harbor's inbox, its signature verified there, shown on the inbox's page.
    const [harborWebhook] = await connectionsOf(harbor.clientId, 'webhook');
    const url = new URL(String(harborWebhook?.settings.url));
    const token = url.pathname.split('/').pop() ?? '';
    const received = await inbox().received(token);
    expect(received).toEqual([
      expect.objectContaining({
        type: 'lead.created',
        lead: expect.objectContaining({ name: 'Dana Demo', emails: [email] }),
      }),
    ]);
    const page = await rt.app.inject({ url: url.pathname });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Dana Demo');
    expect(page.body).toContain('SANDBOX');
  });

  it('does nothing beside a real payment gateway', async () => {
    const before = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_oauth_states`,
    );
    await seedDemoIntegrations({ ...demoDeps(), isSandbox: async () => false });
    const after = await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from integration_oauth_states`,
    );
    expect(after).toEqual(before);
  });
});
