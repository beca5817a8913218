import { createHash } from 'node:crypto';
import { WEBHOOK_ENDPOINT_TEXTS } from '@app/contracts';
import { apiKeys, DEMO, eq, queryRows, sql } from '@app/db';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { demoClient, insertCampaign } from '../../../../test/kits/campaigns.js';
import {
  callLog,
  companyByName,
  createKey,
  developerAgency,
  openApi,
} from '../../../../test/kits/developer.js';
import { localReceiversPermit, startReceiver } from '../../../../test/webhook-receiver.js';
import { loadOrCreateSecret } from '../../../lib/app-secrets.js';
import { retryPolicy } from '../../../lib/retry-policy.js';
import { createGuardedHttp } from '../../../providers/outbound/guarded-http.js';
import { createKeyTokens } from '../key-credentials.js';

/*
 * The Open API's webhook endpoints (decision 0106) end to end: a key connects its company's
 * webhook through the integrations module (the same connection a person sees), answers the signing
 * secret once (a retry with the same Idempotency-Key gets the same answer; the stored answer is
 * sealed), leads are then delivered signed with that secret; a campaign's own URL is set and
 * cleared; ids outside the key's reach are 404, a token without the webhook scopes 403, bad input a
 * 400 that changes nothing; every call is logged against the key.
 */

let rt: TestRuntime;
let api: ReturnType<typeof openApi>;
let token: string;
let keyId: number;
let northwind: number;
let harbor: { clientId: number; agencyId: number };

beforeAll(async () => {
  rt = await startTestRuntime(
    {
      integrations: {
        http: createGuardedHttp({ permit: localReceiversPermit }),
        checkHost: async () => {},
        webhookTimeoutMs: 2_000,
        engine: { idlePollMs: 20 },
        retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 }),
      },
      openApi: { rateLimit: { limit: 1000, windowSeconds: 60 } },
    },
    { IN_PROCESS_WORKER: 'false' },
  );
  api = openApi(rt);
  const { owner } = await developerAgency(rt);
  northwind = owner.company;
  const made = (await createKey(rt, owner)).json();
  token = (await api.token(made.client_id, made.secret_key)).json().access_token;
  const [key] = await rt.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, made.client_id));
  keyId = key?.id ?? 0;
  harbor = await demoClient(rt.database.db);
}, 120_000);
afterAll(() => rt?.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
let people = 0;
/** Stores a lead for the campaign through the lead engine's intake (as a vendor callback would). */
async function ingest(campaignId: number) {
  const email = `open.api.hook.${process.pid}.${++people}@example.com`;
  await rt.services.leads.intake.insert([
    {
      campaignId,
      source: 'vendor_callback' as const,
      payload: {
        id: `oa-${email}`,
        emailMd5: md5(email),
        firstName: 'Olive',
        lastName: 'Api',
        emails: [email],
        phones: ['303-555-0142'],
        address: { street: '2 Hook St', city: 'Denver', state: 'CO', zip: '80202' },
      },
    },
  ]);
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
  return email;
}

async function deliverUntil(done: () => boolean, timeoutMs = 20_000) {
  const until = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await rt.services.integrations.engine.drain();
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

describe('webhook endpoints', () => {
  let secret = '';

  it('creates the company’s endpoint once, answering its signing secret in that answer only', async () => {
    const receiver = await startReceiver();
    try {
      expect((await api.call('GET', '/webhook-endpoints', token)).json()).toEqual({ data: [] });
      const body = { url: receiver.url, tags: ['open-api'] };
      const created = await api.call('POST', '/webhook-endpoints', token, body, {
        'idempotency-key': 'hook-1',
      });
      expect(created.statusCode, created.body).toBe(201);
      expect(created.headers['cache-control']).toBe('no-store');
      const endpoint = created.json();
      expect(endpoint).toMatchObject({
        company_id: northwind,
        url: receiver.url,
        tags: ['open-api'],
        status: 'active',
        campaign_urls: [],
      });
      expect(endpoint.signing_secret).toMatch(/^whsec_/);
      secret = endpoint.signing_secret;

      // A retry with the same key (its answer lost) gets the same answer, secret included...
      const replay = await api.call('POST', '/webhook-endpoints', token, body, {
        'idempotency-key': 'hook-1',
      });
      expect(replay.headers['idempotent-replayed']).toBe('true');
      expect(replay.body).toBe(created.body);
      // ...which is stored sealed, never as plain text.
      const [stored] = await queryRows<{ body: string }>(
        rt.database.db,
        sql`select response->>'body' as body from idempotency_keys where key = 'hook-1'`,
      );
      expect(stored?.body.startsWith('sealed:v1:')).toBe(true);
      expect(stored?.body).not.toContain(secret);

      // Without the key, a second endpoint is a conflict; the first one is untouched.
      const again = await api.call('POST', '/webhook-endpoints', token, {
        url: 'https://other.example/hook',
      });
      expect(again.statusCode).toBe(409);
      expect(again.json()).toEqual({ error: { code: 'conflict', message: WEBHOOK_ENDPOINT_TEXTS.exists } });

      // Reads never show the secret; the connection is the one people see on /integrations.
      const listed = await api.call('GET', '/webhook-endpoints', token);
      expect(listed.json().data).toHaveLength(1);
      expect(listed.body).not.toContain('whsec_');
      const row = await rt.services.integrations.connections.find(northwind, 'webhook');
      expect(row?.settings).toEqual({ url: receiver.url, tags: ['open-api'] });
      expect(row?.sealed_secrets).not.toContain(secret);

      // Leads of its clients' campaigns now arrive there, signed with the secret answered once.
      const campaign = await insertCampaign(rt.database.db, { name: 'Open API hook campaign' });
      const email = await ingest(campaign.id);
      await deliverUntil(() => receiver.received.some((r) => r.body.includes(email)));
      const request = receiver.received.find((r) => r.body.includes(email));
      const event = new Webhook(secret).verify(request?.body ?? '', request?.headers ?? {}) as {
        data: { emails: string[] };
      };
      expect(event.data.emails).toEqual([email]);
    } finally {
      await receiver.close();
    }
  });

  it('updates the URL and tags, refusing a bad URL with its reason and changing nothing', async () => {
    const bad = await api.call('PATCH', `/webhook-endpoints/${northwind}`, token, { url: 'ftp://nope' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Enter a full web address starting with https:// or http://.');
    const before = await rt.services.integrations.connections.find(northwind, 'webhook');
    const updated = await api.call('PATCH', `/webhook-endpoints/${northwind}`, token, {
      url: 'http://127.0.0.1:9/moved',
      tags: ['moved'],
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json()).toMatchObject({ url: 'http://127.0.0.1:9/moved', tags: ['moved'] });
    const after = await rt.services.integrations.connections.find(northwind, 'webhook');
    expect(after?.id).toBe(before?.id);
    // The signing secret stays (receivers keep verifying), sealed as before.
    const unsealed = await rt.services.integrations.manage.unsealed(after as NonNullable<typeof after>);
    expect(unsealed.secrets.signingSecret).toBe(secret);
    const unknownField = await api.call('PATCH', `/webhook-endpoints/${northwind}`, token, { secret: 'x' });
    expect(unknownField.statusCode).toBe(400);
  });

  it("sets and clears a campaign's own URL, shown on the campaign and on the endpoint", async () => {
    const receiver = await startReceiver();
    try {
      const campaign = await insertCampaign(rt.database.db, { name: 'Own hook campaign' });
      const set = await api.call('PUT', `/campaigns/${campaign.id}/webhook`, token, {
        url: receiver.url,
        tags: ['vip'],
      });
      expect(set.statusCode, set.body).toBe(200);
      expect(set.json()).toEqual({
        campaign_id: campaign.id,
        data: [
          {
            company_id: northwind,
            from_agency: true,
            enabled: true,
            url: receiver.url,
            own_url: receiver.url,
            tags: ['vip'],
            status: 'active',
          },
        ],
      });
      const endpoint = (await api.call('GET', `/webhook-endpoints?company_id=${northwind}`, token)).json();
      expect(endpoint.data[0].campaign_urls).toContainEqual({
        campaign_id: campaign.id,
        url: receiver.url,
        tags: ['vip'],
        enabled: true,
      });
      const email = await ingest(campaign.id);
      await deliverUntil(() => receiver.received.some((r) => r.body.includes(email)));

      const cleared = await api.call('DELETE', `/campaigns/${campaign.id}/webhook`, token);
      expect(cleared.statusCode, cleared.body).toBe(200);
      expect(cleared.json().data[0]).toMatchObject({
        url: 'http://127.0.0.1:9/moved',
        own_url: null,
        tags: ['vip'],
      });
      const refused = await api.call('PUT', `/campaigns/${campaign.id}/webhook`, token, { url: 'not a url' });
      expect(refused.statusCode).toBe(400);
      expect(
        (await api.call('GET', `/campaigns/${campaign.id}/webhooks`, token)).json().data[0].own_url,
      ).toBe(null);
    } finally {
      await receiver.close();
    }
  });

  it("answers ids outside the key's reach as 404, and a client without an endpoint as 400", async () => {
    const summitClient = await companyByName(rt, DEMO.summit.clients[0]?.name ?? '');
    const foreign = await insertCampaign(rt.database.db, {
      clientName: DEMO.summit.clients[0]?.name,
      name: 'Summit hook',
    });
    for (const res of [
      await api.call('GET', `/webhook-endpoints?company_id=${summitClient.id}`, token),
      await api.call('POST', '/webhook-endpoints', token, {
        company_id: summitClient.id,
        url: 'http://127.0.0.1:9/x',
      }),
      await api.call('PATCH', `/webhook-endpoints/${summitClient.id}`, token, { tags: [] }),
      await api.call('DELETE', `/webhook-endpoints/${summitClient.id}`, token),
      await api.call('GET', `/campaigns/${foreign.id}/webhooks`, token),
      await api.call('PUT', `/campaigns/${foreign.id}/webhook`, token, { url: 'http://127.0.0.1:9/x' }),
      await api.call('DELETE', `/campaigns/${foreign.id}/webhook`, token),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    expect(await rt.services.integrations.connections.find(summitClient.id, 'webhook')).toBeNull();
    const none = await api.call('PATCH', `/webhook-endpoints/${harbor.clientId}`, token, { tags: [] });
    expect(none.statusCode).toBe(400);
    expect(none.json().error.message).toBe(WEBHOOK_ENDPOINT_TEXTS.none);
  });

  it('refuses a token without the webhook scopes with 403', async () => {
    const signingKey = await loadOrCreateSecret(rt.database.db, 'open_api_token_key');
    const tokens = createKeyTokens({ signingKey, ttlSeconds: 60 });
    const readOnly = await tokens.issue(keyId, ['webhooks:read']);
    expect((await api.call('GET', '/webhook-endpoints', readOnly)).statusCode).toBe(200);
    expect(
      (await api.call('PATCH', `/webhook-endpoints/${northwind}`, readOnly, { tags: [] })).statusCode,
    ).toBe(403);
    const campaignsOnly = await tokens.issue(keyId, ['campaigns:read']);
    expect((await api.call('GET', '/webhook-endpoints', campaignsOnly)).statusCode).toBe(403);
  });

  it('deletes the endpoint (disconnected as on the page), and logs every call against the key', async () => {
    const deleted = await api.call('DELETE', `/webhook-endpoints/${northwind}`, token);
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(deleted.json()).toEqual({ company_id: northwind, deleted: true });
    expect((await api.call('GET', '/webhook-endpoints', token)).json()).toEqual({ data: [] });
    expect(await rt.services.integrations.connections.find(northwind, 'webhook')).toBeNull();
    const [audit] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from user_logs
           where company_id = ${northwind} and description like '%the Webhooks integration'`,
    );
    expect(audit?.n).toBeGreaterThanOrEqual(3);
    const log = await callLog(rt, keyId);
    for (const route of ['/api/v1/webhook-endpoints', '/api/v1/webhook-endpoints/:company_id'])
      expect(log.some((l) => l.route === route)).toBe(true);
    expect(log.some((l) => l.route === '/api/v1/webhook-endpoints' && l.idempotencyKey === 'hook-1')).toBe(
      true,
    );
  });
});
