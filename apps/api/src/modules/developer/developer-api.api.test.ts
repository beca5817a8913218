import { createHash } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DEVELOPER_TEXTS } from '@app/contracts';
import { apiKeys, campaigns, companies, DEMO, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import {
  acceptDeveloperAgreement,
  callLog,
  companyByName,
  createKey,
  developerAgency,
  feeOperations,
  keyState,
  openApi,
} from '../../../test/kits/developer.js';
import { del, post, type Who } from '../../../test/kits/users.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import { sweepDoneKeys } from '../../lib/idempotency.js';
import { createKeyTokens } from './key-credentials.js';

/**
 * The Developer API (decision 0100) end to end through the app: keys after the developer agreement
 * with the one-time fee charged once, the client-credentials exchange, a key's reach (its company's
 * campaigns only), Idempotency-Key under 50 concurrent POSTs, RateLimit headers and the 429,
 * rotation, revocation, expiry, and the call log.
 */
let rt: TestRuntime;
let owner: Who;
let api: ReturnType<typeof openApi>;
let clientId: string;
let secret: string;
let token: string;

const RATE = { limit: 400, windowSeconds: 60 };

beforeAll(async () => {
  rt = await startTestRuntime({ openApi: { rateLimit: RATE, idempotency: { waitMs: 60_000 } } });
  api = openApi(rt);
  ({ owner } = await developerAgency(rt, { accept: false }));
}, 120_000);
afterAll(() => rt?.close());

describe('keys', () => {
  it('refuses a key before the developer agreement, then makes one and charges the fee once', async () => {
    const refused = await createKey(rt, owner);
    expect(refused.statusCode, refused.body).toBe(409);
    expect(refused.json().error.message).toBe(DEVELOPER_TEXTS.agreementFirst);
    await acceptDeveloperAgreement(rt, owner);

    const made = await createKey(rt, owner);
    expect(made.statusCode, made.body).toBe(200);
    const body = made.json();
    expect(body.client_id).toMatch(/^lo_[0-9a-f]{32}$/);
    expect(body.secret_key).toMatch(/^los_/);
    expect(body.base_url).toMatch(/\/api\/v1$/);
    clientId = body.client_id;
    secret = body.secret_key;

    // The secret is kept only as a hash and never shown again.
    const [row] = await rt.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId));
    expect(row?.secretSha256).not.toContain(secret);
    const state = (await keyState(rt, owner)).json();
    expect(state).toMatchObject({
      client_id: clientId,
      secret_key: null,
      api_mode: 'T',
      is_marketing_services_agreement_developer: 'T',
      first_time_charge: '49.00',
      fee_paid: true,
    });
    expect(JSON.stringify(state)).not.toContain(secret);

    const fees = await feeOperations(rt, owner.company);
    expect(fees.map((f) => [f.status, f.amount])).toEqual([['succeeded', 4900]]);
    const [company] = await rt.database.db.select().from(companies).where(eq(companies.id, owner.company));
    expect(company?.apiKeyGeneratedAt).not.toBeNull();
  });

  it('exchanges the credentials for a short-lived token (HTTP Basic, form-encoded, or JSON)', async () => {
    const res = await api.token(clientId, secret);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const body = res.json();
    expect(body).toMatchObject({ token_type: 'Bearer', expires_in: 900 });
    token = body.access_token;
    const json = await api.call('POST', '/oauth/token', null, {
      grant_type: 'client_credentials',
      client_id: clientId,
      client_secret: secret,
    });
    expect(json.statusCode, json.body).toBe(200);
    for (const [id, wrong] of [
      [clientId, `${secret}x`],
      ['lo_nobody', secret],
    ] as const) {
      const refused = await api.token(id, wrong);
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({
        error: { code: 'invalid_client', message: DEVELOPER_TEXTS.invalidClient },
      });
    }
    const grant = await api.call('POST', '/oauth/token', null, { grant_type: 'password' });
    expect(grant.json().error.code).toBe('unsupported_grant_type');
  });
});

describe('the Open API', () => {
  it("lists the key's company's campaigns only, with RateLimit headers", async () => {
    const res = await api.call('GET', '/campaigns?limit=200', token);
    expect(res.statusCode, res.body).toBe(200);
    expect(Number(res.headers['ratelimit-limit'])).toBe(RATE.limit);
    expect(Number(res.headers['ratelimit-remaining'])).toBeLessThan(RATE.limit);
    expect(Number(res.headers['ratelimit-reset'])).toBeGreaterThan(0);
    const rows = res.json().data as { client_id: number; status: string }[];
    expect(rows.length).toBeGreaterThan(0);
    const northwindClients = (
      await rt.database.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.parentId, owner.company))
    ).map((c) => c.id);
    for (const r of rows) expect(northwindClients).toContain(r.client_id);
    // Clean wire names: no legacy fields, no 'T'/'F'.
    expect(JSON.stringify(res.json())).not.toMatch(/leadspeek|"T"|"F"/);
  });

  it("answers another company's campaign and client as 404, like an unknown id", async () => {
    const foreign = await insertCampaign(rt.database.db, {
      clientName: DEMO.summit.clients[0]?.name,
      name: 'Summit only',
    });
    const peak = await companyByName(rt, DEMO.summit.clients[0]?.name ?? '');
    for (const res of [
      await api.call('PATCH', `/campaigns/${foreign.id}`, token, { name: 'Taken over' }),
      await api.call('POST', `/campaigns/${foreign.id}/pause`, token),
      await api.call('GET', `/campaigns?client_id=${peak.id}`, token),
      await api.call('POST', '/campaigns', token, { client_id: peak.id, module: 'local', name: 'Not mine' }),
      await api.call('PATCH', '/campaigns/999999', token, { name: 'Nobody' }),
    ]) {
      expect(res.statusCode, res.body).toBe(404);
      expect(res.json()).toEqual({ error: { code: 'not_found', message: 'Not found' } });
    }
    const [still] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, foreign.id));
    expect(still?.name).toBe('Summit only');
  });

  it('makes one campaign of 50 concurrent POSTs with one Idempotency-Key, and refuses the key for another body', async () => {
    const harbor = await companyByName(rt, DEMO.northwind.clients[0]?.name ?? '');
    const body = {
      client_id: harbor.id,
      module: 'local',
      name: 'Made through the API',
      site_url: 'https://www.harbordental.example/',
      require_email: true,
    };
    const answers = await Promise.all(
      Array.from({ length: 50 }, () =>
        api.call('POST', '/campaigns', token, body, { 'idempotency-key': 'create-1' }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(50).fill(201));
    const distinct = [
      ...new Set(answers.map((a) => `${JSON.stringify(a.headers['content-type'])} ${a.body}`)),
    ];
    expect(distinct, distinct.join('\n')).toHaveLength(1);
    expect(answers.filter((a) => a.headers['idempotent-replayed'] === 'true')).toHaveLength(49);
    const made = await rt.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.name, 'Made through the API'));
    expect(made).toHaveLength(1);
    expect(answers[0]?.json()).toMatchObject({
      id: made[0]?.id,
      module: 'local',
      status: 'stopped',
      client_id: harbor.id,
    });

    const reused = await api.call(
      'POST',
      '/campaigns',
      token,
      { ...body, name: 'Other' },
      { 'idempotency-key': 'create-1' },
    );
    expect(reused.statusCode).toBe(422);
    expect(reused.json().error.code).toBe('idempotency_key_reused');
    const invalid = await api.call('POST', '/campaigns', token, { ...body, name: '' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().error.fields).toHaveProperty('name');
  });

  it('updates and pauses its own campaign', async () => {
    const [mine] = await rt.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.name, 'Made through the API'));
    const updated = await api.call('PATCH', `/campaigns/${mine?.id}`, token, {
      name: 'Renamed through the API',
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect(updated.json().name).toBe('Renamed through the API');
    const running = await insertCampaign(rt.database.db, { name: 'Running for the API', status: 'running' });
    const paused = await api.call('POST', `/campaigns/${running.id}/pause`, token);
    expect(paused.statusCode, paused.body).toBe(200);
    expect(paused.json().status).toBe('paused');
  });

  it('pages leads by cursor from a time', async () => {
    const campaign = await insertCampaign(rt.database.db, { name: 'Lead feed' });
    const start = new Date(Date.now() - 60_000);
    const stored = [];
    for (let i = 0; i < 5; i++)
      stored.push(
        await insertLead(rt.database.db, campaign, {
          createdAt: new Date(start.getTime() + i * 1000),
          firstName: `Lead${i}`,
        }),
      );
    const seen: number[] = [];
    let cursor: string | null = null;
    do {
      const q = `/leads?campaign_id=${campaign.id}&since=${encodeURIComponent(start.toISOString())}&limit=2${cursor ? `&cursor=${cursor}` : ''}`;
      const res = await api.call('GET', q, token);
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().data.map((l: { id: number }) => l.id));
      cursor = res.json().next_cursor;
    } while (cursor);
    expect(seen).toEqual(stored.map((l) => l.id));
    const later = await api.call(
      'GET',
      `/leads?campaign_id=${campaign.id}&since=${encodeURIComponent(new Date(start.getTime() + 3000).toISOString())}`,
      token,
    );
    expect(later.json().data.map((l: { first_name: string }) => l.first_name)).toEqual(['Lead3', 'Lead4']);
    expect((await api.call('GET', '/leads?cursor=nonsense', token)).statusCode).toBe(400);
  });

  it("adds and lists the company's suppression entries", async () => {
    const added = await api.call('POST', '/suppression-entries', token, {
      emails: ['Jane.Doe@Example.com'],
      md5s: ['0123456789ABCDEF0123456789abcdef'],
    });
    expect(added.statusCode, added.body).toBe(200);
    expect(added.json()).toEqual({ added: 2, already_listed: 0 });
    const again = await api.call('POST', '/suppression-entries', token, { emails: ['jane.doe@example.com'] });
    expect(again.json()).toEqual({ added: 0, already_listed: 1 });
    const listed = await api.call('GET', '/suppression-entries', token);
    expect(
      listed
        .json()
        .data.map((e: { md5: string }) => e.md5)
        .sort(),
    ).toEqual(
      [
        '0123456789abcdef0123456789abcdef',
        createHash('md5').update('jane.doe@example.com').digest('hex'),
      ].sort(),
    );
  });

  it('serves its own OpenAPI document: the Open API operations only, in clean names', async () => {
    const res = await rt.app.inject({ url: '/api/v1/openapi.json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json();
    expect(doc.info.title).toBe('LeadOrbit Open API');
    expect(Object.keys(doc.paths).sort()).toEqual([
      '/campaigns',
      '/campaigns/{id}',
      '/campaigns/{id}/pause',
      '/campaigns/{id}/webhook',
      '/campaigns/{id}/webhooks',
      '/leads',
      '/oauth/token',
      '/suppression-entries',
      '/webhook-endpoints',
      '/webhook-endpoints/{company_id}',
    ]);
    expect(res.body).not.toMatch(/leadspeek|"dt"/);
  });

  it('logs every call against its key', async () => {
    const [key] = await rt.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId));
    const log = await callLog(rt, key?.id ?? 0);
    expect(log.length).toBeGreaterThan(50);
    expect(
      log.some(
        (l) => l.route === '/api/v1/campaigns' && l.method === 'POST' && l.idempotencyKey === 'create-1',
      ),
    ).toBe(true);
    expect(log.some((l) => l.route === '/api/v1/oauth/token' && l.status === 401)).toBe(true);
  });
});

describe('rate limits, rotation, revocation, expiry', () => {
  it('answers 429 with Retry-After once the window is spent', async () => {
    const small = await startTestRuntime({ openApi: { rateLimit: { limit: 5, windowSeconds: 60 } } });
    try {
      const { owner: o } = await developerAgency(small);
      const made = (await createKey(small, o)).json();
      const t = (await openApi(small).token(made.client_id, made.secret_key)).json().access_token;
      const answers = [];
      for (let i = 0; i < 7; i++) answers.push(await openApi(small).call('GET', '/campaigns', t));
      expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 429, 429]);
      expect(answers.map((a) => Number(a.headers['ratelimit-remaining']))).toEqual([4, 3, 2, 1, 0, 0, 0]);
      const refused = answers[5]!;
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      expect(refused.json().error.code).toBe('rate_limited');
    } finally {
      await small.close();
    }
  }, 120_000);

  it('rotates: the old key and its tokens stop, the new one works, the fee is not charged again', async () => {
    const rotated = await post(rt, `/v1/developer/userapi/${owner.company}/rotate`, {}, owner.token);
    expect(rotated.statusCode, rotated.body).toBe(200);
    const fresh = rotated.json();
    expect(fresh.client_id).not.toBe(clientId);
    expect((await api.call('GET', '/campaigns', token)).statusCode).toBe(401);
    expect((await api.token(clientId, secret)).statusCode).toBe(401);
    clientId = fresh.client_id;
    secret = fresh.secret_key;
    token = (await api.token(clientId, secret)).json().access_token;
    expect((await api.call('GET', '/campaigns', token)).statusCode).toBe(200);
    expect(await feeOperations(rt, owner.company)).toHaveLength(1);
  });

  it('refuses an expired token and a token of another signer', async () => {
    const [key] = await rt.database.db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId));
    const signingKey = await loadOrCreateSecret(rt.database.db, 'open_api_token_key');
    const shortLived = await createKeyTokens({ signingKey, ttlSeconds: 1 }).issue(key?.id ?? 0, [
      'campaigns:read',
    ]);
    expect((await api.call('GET', '/campaigns', shortLived)).statusCode).toBe(200);
    await sleep(2100);
    const expired = await api.call('GET', '/campaigns', shortLived);
    expect(expired.statusCode).toBe(401);
    expect(expired.json().error.code).toBe('invalid_token');
    const forged = await createKeyTokens({ signingKey: 'not ours', ttlSeconds: 60 }).issue(key?.id ?? 0, [
      'campaigns:read',
    ]);
    expect((await api.call('GET', '/campaigns', forged)).statusCode).toBe(401);
    // A token with fewer scopes than its key: the scope it lacks is a 403.
    const readOnly = await createKeyTokens({ signingKey, ttlSeconds: 60 }).issue(key?.id ?? 0, [
      'campaigns:read',
    ]);
    expect(
      (await api.call('POST', '/suppression-entries', readOnly, { emails: ['a@b.example'] })).statusCode,
    ).toBe(403);
  });

  it('revokes: every token of the key is refused at once, and the exchange too', async () => {
    const revoked = await del(rt, `/v1/developer/userapi/${owner.company}`, owner.token);
    expect(revoked.statusCode, revoked.body).toBe(200);
    expect((await api.call('GET', '/campaigns', token)).statusCode).toBe(401);
    expect((await api.token(clientId, secret)).statusCode).toBe(401);
    const state = (await keyState(rt, owner)).json();
    expect(state.client_id).toBeNull();
    const [company] = await rt.database.db.select().from(companies).where(eq(companies.id, owner.company));
    expect(company?.apiKeyGeneratedAt).toBeNull();
  });

  it('resets developer mode when the platform turns it off: keys stop, the agreement is asked again', async () => {
    const made = (await createKey(rt, owner)).json();
    const t = (await api.token(made.client_id, made.secret_key)).json().access_token;
    expect((await api.call('GET', '/campaigns', t)).statusCode).toBe(200);
    await rt.services.developer.keys.resetCompany(owner.company);
    await rt.services.agreements.agreements.resetDeveloper(owner.company);
    expect((await api.call('GET', '/campaigns', t)).statusCode).toBe(401);
    const state = (await keyState(rt, owner)).json();
    expect(state).toMatchObject({ client_id: null, is_marketing_services_agreement_developer: 'F' });
  });
});

describe('the hourly sweep', () => {
  it('runs, and forgets done Open API keys once they are old', async () => {
    const sweep = rt.handlers.find((h) => h.spec.name === 'open-api.sweep');
    await sweep?.handle({}, { retryCount: 0, isLastAttempt: true });
    const [kept] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from idempotency_keys where scope like 'open-api:%'`,
    );
    expect(kept?.n).toBeGreaterThan(0);
    expect(await sweepDoneKeys(rt.database.db, 'open-api:', 0)).toBeGreaterThan(0);
  });
});
