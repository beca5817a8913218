import { DEMO, queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { demoClient, insertCampaign } from '../../../test/kits/campaigns.js';
import { ingestLeads, useIntegrationsRuntime } from '../../../test/kits/integrations.js';
import { send, signIn } from '../../../test/sign-in.js';
import { localReceiversPermit, startReceiver } from '../../../test/webhook-receiver.js';
import { retryPolicy } from '../../lib/retry-policy.js';
import { createProviderRegistry } from '../../providers/integrations/registry.js';
import { createWebhookProvider } from '../../providers/integrations/webhook/index.js';
import { createGuardedHttp } from '../../providers/outbound/guarded-http.js';
import { createLeadPayloads } from '../leads/index.js';
import { createConnectionRepository } from './connection-repository.js';
import { createDeliveryEngine, PAUSED_FAILING } from './delivery-engine.js';
import { createDeliveryRepository } from './delivery-repository.js';

/*
 * The delivery engine under load and failure (issue 23, decision 0096): a connection that keeps
 * failing opens its circuit and is paused with one e-mail to its owner; two engines (two workers)
 * share the queue and deliver each lead once; a dead endpoint with a thousand leads waiting does
 * not hold back another client's deliveries.
 */

const RETRY = retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 });
const http = createGuardedHttp({ permit: localReceiversPermit, connectionsPerOrigin: 8 });

const kit = useIntegrationsRuntime({
  integrations: {
    http,
    checkHost: async () => {},
    webhookTimeoutMs: 2_000,
    engine: { idlePollMs: 20, openAfter: 3, pauseAfter: 5, pauseAfterMs: 0 },
    retry: RETRY,
  },
});

const ingest = (campaignId: number, count: number) => ingestLeads(kit.rt, campaignId, count);

const statusCounts = (campaignId: number) =>
  queryRows<{ status: string; n: number }>(
    kit.rt.database.db,
    sql`select status, count(*)::int as n from integration_deliveries where campaign_id = ${campaignId}
         group by status order by status`,
  );

async function connect(companyEmail: string, companyId: number, url: string) {
  const { access_token } = await signIn(kit.rt, companyEmail);
  const res = await send(
    kit.rt,
    '/api/saveintegration',
    { company_id: companyId, slug: 'webhook', settings: { url } },
    { token: access_token },
  );
  expect(res.statusCode).toBe(200);
  return res.json().connection.id as number;
}

/** A second worker's engine on the same database (its own pool of connections and slots). */
function secondEngine() {
  const db = kit.rt.database.db;
  return createDeliveryEngine({
    deliveries: createDeliveryRepository(db),
    connections: createConnectionRepository(db),
    providers: createProviderRegistry([createWebhookProvider({ http, checkHost: async () => {} })]),
    secrets: kit.rt.services.secrets,
    retry: RETRY,
    leadPayloads: createLeadPayloads(db),
    // Webhooks send every lead to the one URL, whoever the client: no campaign's client is needed.
    campaignClients: async () => new Map(),
    notifyPaused: async () => {},
    settings: { idlePollMs: 20 },
    log: () => {},
  });
}

describe('delivery engine', () => {
  it('opens the circuit of a failing connection and pauses it, telling its owner once', async () => {
    const receiver = await startReceiver(() => 500);
    try {
      const cedar = await demoClient(kit.rt.database.db, DEMO.northwind.clients[1]?.name);
      const owner = DEMO.northwind.clients[1]?.contact.email ?? '';
      const connectionId = await connect(owner, cedar.clientId, receiver.url);
      const campaign = await insertCampaign(kit.rt.database.db, {
        clientName: DEMO.northwind.clients[1]?.name,
      });
      await ingest(campaign.id, 10);
      const engine = kit.rt.services.integrations.engine;
      const state = async () =>
        (
          await queryRows<{
            status: string;
            paused_reason: string | null;
            circuit_open_until: string | null;
          }>(
            kit.rt.database.db,
            sql`select status, paused_reason, circuit_open_until from integration_connections where id = ${connectionId}`,
          )
        )[0];
      const until = Date.now() + 20_000;
      while ((await state())?.status !== 'paused' && Date.now() < until) {
        await engine.drain();
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      const paused = await state();
      expect(paused).toMatchObject({ status: 'paused', paused_reason: PAUSED_FAILING });
      expect(paused?.circuit_open_until).not.toBeNull();
      // Paused: nothing more is sent, however long the engine runs.
      const sent = receiver.received.length;
      await engine.drain();
      expect(receiver.received.length).toBe(sent);
      const mails = await queryRows<{ subject: string }>(
        kit.rt.database.db,
        sql`select subject from email_messages where to_address = ${owner} and subject like '%integration was paused'`,
      );
      expect(mails.map((m) => m.subject)).toEqual(['Your Webhooks integration was paused']);
    } finally {
      await receiver.close();
    }
  });

  it('two workers share the queue and deliver each lead exactly once', async () => {
    const receiver = await startReceiver();
    const other = secondEngine();
    try {
      const harbor = await demoClient(kit.rt.database.db);
      await connect(DEMO.northwind.clients[0]?.contact.email ?? '', harbor.clientId, receiver.url);
      const campaign = await insertCampaign(kit.rt.database.db);
      await ingest(campaign.id, 200);
      await Promise.all([kit.rt.services.integrations.engine.drain(), other.drain()]);
      expect(await statusCounts(campaign.id)).toEqual([{ status: 'delivered', n: 200 }]);
      const ids = receiver.received.map((r) => r.headers['webhook-id']);
      expect(ids).toHaveLength(200);
      expect(new Set(ids).size).toBe(200);
    } finally {
      await other.stop();
      await receiver.close();
    }
  });

  it("a dead endpoint with 1,000 leads waiting does not hold back another client's deliveries", async () => {
    const dead = await startReceiver(() => 'hang');
    const alive = await startReceiver();
    try {
      const summit = await demoClient(kit.rt.database.db, DEMO.summit.clients[0]?.name);
      await connect(DEMO.summit.clients[0]?.contact.email ?? '', summit.clientId, dead.url);
      const deadCampaign = await insertCampaign(kit.rt.database.db, {
        clientName: DEMO.summit.clients[0]?.name,
      });
      const started = Date.now();
      await ingest(deadCampaign.id, 1_000);
      const ingestMs = Date.now() - started;

      const harbor = await demoClient(kit.rt.database.db);
      await connect(DEMO.northwind.clients[0]?.contact.email ?? '', harbor.clientId, alive.url);
      const liveCampaign = await insertCampaign(kit.rt.database.db);
      await ingest(liveCampaign.id, 20);

      const engine = kit.rt.services.integrations.engine;
      engine.start();
      const t0 = Date.now();
      const until = t0 + 20_000;
      while (
        alive.received.filter((r) => r.body.includes(liveCampaign.publicId)).length < 20 &&
        Date.now() < until
      )
        await new Promise((resolve) => setTimeout(resolve, 10));
      const liveMs = Date.now() - t0;
      await engine.stop();
      expect(await statusCounts(liveCampaign.id)).toEqual([{ status: 'delivered', n: 20 }]);
      // The dead endpoint holds at most its own slots: nearly all of its leads are still waiting.
      const waiting = (await statusCounts(deadCampaign.id))
        .filter((s) => s.status === 'queued' || s.status === 'sending')
        .reduce((sum, s) => sum + s.n, 0);
      expect(waiting).toBeGreaterThan(950);
      console.log(
        `dead endpoint: 1,000 leads ingested in ${ingestMs} ms; another client's 20 deliveries done in ${liveMs} ms while ${waiting} waited for the dead one`,
      );
    } finally {
      await dead.close();
      await alive.close();
    }
  });
});
