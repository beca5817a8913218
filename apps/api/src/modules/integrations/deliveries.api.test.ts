import { CHANGES_SAVED } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import {
  deliveriesOf,
  deliverUntil,
  ingestLeads,
  useIntegrationsRuntime,
} from '../../../test/kits/integrations.js';
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

const kit = useIntegrationsRuntime({
  integrations: {
    http: createGuardedHttp({ permit: localReceiversPermit }),
    checkHost: async () => {},
    webhookTimeoutMs: 300,
    engine: { idlePollMs: 20, openAfter: 6, pauseAfter: 1_000, pauseAfterMs: 0 },
    retry: RETRY,
  },
});

/** Leads named Ivy: a tampered body is one with her name changed. */
const ingest = (campaignId: number, count: number) =>
  ingestLeads(kit.rt, campaignId, count, { firstName: 'Ivy' });

async function connectWebhook(url: string, companyId = kit.harbor.clientId, token = kit.token) {
  return send(
    kit.rt,
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

      const campaign = await insertCampaign(kit.rt.database.db);
      await ingest(campaign.id, 3);
      expect((await deliveriesOf(kit.rt, campaign.id)).map((d) => d.status)).toEqual([
        'queued',
        'queued',
        'queued',
      ]);
      await deliverUntil(kit.rt, async () =>
        (await deliveriesOf(kit.rt, campaign.id)).every((d) => d.status === 'delivered'),
      );

      const secret = await kit.rt.app.inject({
        url: `/api/integrations/${kit.harbor.clientId}/webhook/signing-secret`,
        headers: bearer(kit.token),
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
      const campaign = await insertCampaign(kit.rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(
        kit.rt,
        async () => (await deliveriesOf(kit.rt, campaign.id))[0]?.status === 'delivered',
      );
      const [delivery] = await deliveriesOf(kit.rt, campaign.id);
      expect(delivery).toMatchObject({ status: 'delivered', attempts: failures + 1, last_status: 200 });
      expect(new Set(receiver.received.map((r) => r.headers['webhook-id'])).size).toBe(1);
      const attempts = await kit.rt.app.inject({
        url: `/api/integrations/deliveries/${kit.harbor.clientId}/${delivery?.id}/attempts`,
        headers: bearer(kit.token),
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
      const campaign = await insertCampaign(kit.rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(
        kit.rt,
        async () => (await deliveriesOf(kit.rt, campaign.id))[0]?.status === 'delivered',
      );
      const rows = await queryRows<{ outcome: string; error: string | null }>(
        kit.rt.database.db,
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
      const campaign = await insertCampaign(kit.rt.database.db);
      await ingest(campaign.id, 1);
      await deliverUntil(
        kit.rt,
        async () => (await deliveriesOf(kit.rt, campaign.id))[0]?.status === 'failed',
      );
      expect((await deliveriesOf(kit.rt, campaign.id))[0]?.attempts).toBe(RETRY.maxAttempts);

      const list = await kit.rt.app.inject({
        url: `/api/integrations/deliveries/${kit.harbor.clientId}?status=failed&campaign_id=${campaign.id}`,
        headers: bearer(kit.token),
      });
      expect(list.json().data).toHaveLength(1);
      up = true;
      const replay = await kit.post('/api/integrations/deliveries/replay', {
        company_id: kit.harbor.clientId,
        all_failed: true,
        campaign_id: campaign.id,
      });
      expect(replay.json()).toMatchObject({ result: 'success', replayed: 1 });
      await deliverUntil(
        kit.rt,
        async () => (await deliveriesOf(kit.rt, campaign.id))[0]?.status === 'delivered',
      );
      expect((await deliveriesOf(kit.rt, campaign.id))[0]?.attempts).toBe(RETRY.maxAttempts + 1);
      const logged = await queryRows<{ description: string }>(
        kit.rt.database.db,
        sql`select description from user_logs where action = 'integration_deliveries_replayed'
             and company_id = ${kit.harbor.clientId} order by id desc limit 1`,
      );
      expect(logged[0]?.description).toMatch(/^Replayed 1 failed lead delivery/);
    } finally {
      await receiver.close();
    }
  });

  it('refuses other companies: another agency and another client get 404', async () => {
    const other = await signIn(kit.rt, DEMO.summit.owner.email);
    for (const url of [
      `/api/integrations/${kit.harbor.clientId}`,
      `/api/integrations/deliveries/${kit.harbor.clientId}`,
      `/api/integrations/${kit.harbor.clientId}/webhook/signing-secret`,
    ]) {
      const res = await kit.rt.app.inject({ url, headers: bearer(other.access_token) });
      expect(res.statusCode, url).toBe(404);
    }
    const save = await connectWebhook('https://example.com/hook', kit.harbor.clientId, other.access_token);
    expect(save.statusCode).toBe(404);
    const cedar = await signIn(kit.rt, DEMO.northwind.clients[1]?.contact.email ?? '');
    const res = await kit.rt.app.inject({
      url: `/api/integrations/${kit.harbor.clientId}`,
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
