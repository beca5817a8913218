import { createHash } from 'node:crypto';
import { CHANGES_SAVED } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { demoClient, insertCampaign } from '../../../test/kits/campaigns.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { localReceiversPermit, startReceiver } from '../../../test/webhook-receiver.js';
import { retryPolicy } from '../../lib/retry-policy.js';
import { createGuardedHttp } from '../../providers/outbound/guarded-http.js';

/*
 * Lead delivery to integrations (issue 23, decision 0096), end to end through the routes: a client
 * connects a webhook to a local receiver, leads stored for its campaigns are delivered signed the
 * Standard Webhooks way, failures are retried with the same idempotency key, given up after the
 * last attempt, replayed from the console, and a connection that keeps failing opens its circuit
 * and is paused with an e-mail to its owner. The worker is off: each test drains the engine itself.
 */

const RETRY = retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 4 });

let rt: TestRuntime;
let harbor: { clientId: number; agencyId: number };
let clientToken: string;
beforeAll(async () => {
  rt = await startTestRuntime(
    {
      integrations: {
        http: createGuardedHttp({ permit: localReceiversPermit }),
        checkHost: async () => {},
        webhookTimeoutMs: 300,
        engine: { idlePollMs: 20, openAfter: 6, pauseAfter: 1_000, pauseAfterMs: 0 },
        retry: RETRY,
      },
    },
    { IN_PROCESS_WORKER: 'false' },
  );
  harbor = await demoClient(rt.database.db);
  clientToken = (await signIn(rt, DEMO.northwind.clients[0]?.contact.email ?? '')).access_token;
});
afterAll(() => rt.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
let people = 0;
async function ingest(campaignId: number, count: number) {
  const rows = Array.from({ length: count }, () => {
    const email = `integration.${process.pid}.${++people}@example.com`;
    return {
      campaignId,
      source: 'vendor_callback' as const,
      payload: {
        id: `i-${email}`,
        emailMd5: md5(email),
        firstName: 'Ivy',
        lastName: 'Integrated',
        emails: [email],
        phones: ['303-555-0199'],
        address: { street: '1 Hook St', city: 'Denver', state: 'CO', zip: '80202' },
      },
    };
  });
  await rt.services.leads.intake.insert(rows);
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
}

const engine = () => rt.services.integrations.engine;

/** Drains the engine until `done` holds (retries become due a few milliseconds later). */
async function deliverUntil(done: () => Promise<boolean>, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!(await done())) {
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await engine().drain();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

const deliveriesOf = (campaignId: number) =>
  queryRows<{
    id: number;
    status: string;
    attempts: number;
    last_status: number | null;
    last_error: string | null;
  }>(
    rt.database.db,
    sql`select id, status, attempts, last_status, last_error from integration_deliveries
         where campaign_id = ${campaignId} order by id`,
  );

async function connectWebhook(url: string, companyId = harbor.clientId, token = clientToken) {
  return send(
    rt,
    '/api/saveintegration',
    { company_id: companyId, slug: 'webhook', settings: { url } },
    { token },
  );
}

describe('integration deliveries', () => {
  it('connects a webhook, delivers each lead once, signed the Standard Webhooks way', async () => {
    const receiver = await startReceiver();
    try {
      const res = await connectWebhook(receiver.url);
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ result: 'success', message: CHANGES_SAVED });
      expect(res.json().connection.settings).toEqual({ url: receiver.url, tags: [] });
      expect(res.body).not.toContain('whsec_');

      const campaign = await insertCampaign(rt.database.db);
      await ingest(campaign.id, 3);
      expect((await deliveriesOf(campaign.id)).map((d) => d.status)).toEqual(['queued', 'queued', 'queued']);
      await deliverUntil(async () =>
        (await deliveriesOf(campaign.id)).every((d) => d.status === 'delivered'),
      );

      const secret = await rt.app.inject({
        url: `/api/integrations/${harbor.clientId}/webhook/signing-secret`,
        headers: bearer(clientToken),
      });
      expect(secret.statusCode).toBe(200);
      const verifier = new Webhook(secret.json().signing_secret);
      const mine = receiver.received.filter((r) => r.body.includes(campaign.publicId));
      // At least once: a request whose answer was lost is sent again with the same webhook-id.
      expect(new Set(mine.map((r) => r.headers['webhook-id'])).size).toBe(3);
      for (const request of mine) {
        const event = verifier.verify(request.body, request.headers) as {
          type: string;
          data: { campaign: { id: string } };
        };
        expect(event.type).toBe('lead.created');
        expect(event.data.campaign.id).toBe(campaign.publicId);
        expect(request.headers['idempotency-key']).toBe(request.headers['webhook-id']);
      }
      // A tampered body fails verification.
      const first = mine[0] as (typeof mine)[number];
      expect(() => verifier.verify(first.body.replace('Ivy', 'Eve'), first.headers)).toThrow();
    } finally {
      await receiver.close();
    }
  });

  it('retries a failing receiver with the same key: delivered once, N + 1 attempts recorded', async () => {
    const failures = 2;
    const receiver = await startReceiver((n) => (n <= failures ? 503 : 200));
    try {
      await connectWebhook(receiver.url);
      const campaign = await insertCampaign(rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(async () => (await deliveriesOf(campaign.id))[0]?.status === 'delivered');
      const [delivery] = await deliveriesOf(campaign.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: failures + 1, last_status: 200 });
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const attempts = await rt.app.inject({
        url: `/api/integrations/deliveries/${harbor.clientId}/${delivery?.id}/attempts`,
        headers: bearer(clientToken),
      });
      expect(
        attempts.json().data.map((a: { outcome: string; http_status: number }) => [a.outcome, a.http_status]),
      ).toEqual([
        ['failed', 503],
        ['failed', 503],
        ['delivered', 200],
      ]);
    } finally {
      await receiver.close();
    }
  });

  it('times out a hanging receiver and retries it', async () => {
    const receiver = await startReceiver((n) => (n === 1 ? 'hang' : 200));
    try {
      await connectWebhook(receiver.url);
      const campaign = await insertCampaign(rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(async () => (await deliveriesOf(campaign.id))[0]?.status === 'delivered');
      const rows = await queryRows<{ outcome: string; error: string | null }>(
        rt.database.db,
        sql`select a.outcome, a.error from integration_delivery_attempts a
              join integration_deliveries d on d.id = a.delivery_id
             where d.campaign_id = ${campaign.id} order by a.attempt`,
      );
      expect(rows[0]?.outcome).toBe('failed');
      expect(rows[0]?.error).toMatch(/did not answer within/);
      expect(rows.at(-1)?.outcome).toBe('delivered');
    } finally {
      await receiver.close();
    }
  });

  it('gives a delivery up after its last attempt, and replays it from the console (logged)', async () => {
    let up = false;
    const receiver = await startReceiver(() => (up ? 200 : 500));
    try {
      await connectWebhook(receiver.url);
      const campaign = await insertCampaign(rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(async () => (await deliveriesOf(campaign.id))[0]?.status === 'failed');
      expect((await deliveriesOf(campaign.id))[0]?.attempts).toBe(RETRY.maxAttempts);

      const list = await rt.app.inject({
        url: `/api/integrations/deliveries/${harbor.clientId}?status=failed&campaign_id=${campaign.id}`,
        headers: bearer(clientToken),
      });
      expect(list.json().data).toHaveLength(1);
      up = true;
      const replay = await send(
        rt,
        '/api/integrations/deliveries/replay',
        { company_id: harbor.clientId, all_failed: true, campaign_id: campaign.id },
        { token: clientToken },
      );
      expect(replay.json()).toMatchObject({ result: 'success', replayed: 1 });
      await deliverUntil(async () => (await deliveriesOf(campaign.id))[0]?.status === 'delivered');
      expect((await deliveriesOf(campaign.id))[0]?.attempts).toBe(RETRY.maxAttempts + 1);
      const logged = await queryRows<{ description: string }>(
        rt.database.db,
        sql`select description from user_logs where action = 'integration_deliveries_replayed'
             and company_id = ${harbor.clientId} order by id desc limit 1`,
      );
      expect(logged[0]?.description).toMatch(/^Replayed 1 failed lead delivery/);
    } finally {
      await receiver.close();
    }
  });

  it('refuses other companies: another agency and another client get 404', async () => {
    const other = await signIn(rt, DEMO.summit.owner.email);
    for (const url of [
      `/api/integrations/${harbor.clientId}`,
      `/api/integrations/deliveries/${harbor.clientId}`,
      `/api/integrations/${harbor.clientId}/webhook/signing-secret`,
    ]) {
      const res = await rt.app.inject({ url, headers: bearer(other.access_token) });
      expect(res.statusCode, url).toBe(404);
    }
    const save = await connectWebhook('https://example.com/hook', harbor.clientId, other.access_token);
    expect(save.statusCode).toBe(404);
    const cedar = await signIn(rt, DEMO.northwind.clients[1]?.contact.email ?? '');
    const res = await rt.app.inject({
      url: `/api/integrations/${harbor.clientId}`,
      headers: bearer(cedar.access_token),
    });
    expect(res.statusCode).toBe(404);
  });

  it('refuses a URL that is not a web address', async () => {
    const res = await connectWebhook('ftp://example.com/hook');
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Enter a full web address starting with https:// or http://.');
  });
});
