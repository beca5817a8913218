import { createHash } from 'node:crypto';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoHighLevel, startFakeGoHighLevel } from '../../../../test/fake-gohighlevel.js';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { demoClient, insertCampaign } from '../../../../test/kits/campaigns.js';
import { bearer, send, signIn } from '../../../../test/sign-in.js';
import { retryPolicy } from '../../../lib/retry-policy.js';

/*
 * The product with GoHighLevel configured (GHL_CLIENT_ID, GHL_CLIENT_SECRET, GHL_API_BASE,
 * GHL_AUTHORIZE_URL; decision 0097), against a local fake of the API: the consent URL is
 * GoHighLevel's, the callback exchanges the code with the app's credentials, leads are upserted as
 * contacts with the campaign's tags and the delivery's key, an expired token is refreshed and kept,
 * a 422 is given up at once and a 503 retried.
 */

let rt: TestRuntime;
let fake: FakeGoHighLevel;
let harbor: { clientId: number };
let token: string;
const AUTHORIZE = 'https://marketplace.example.com/oauth/chooselocation';

beforeAll(async () => {
  fake = await startFakeGoHighLevel();
  rt = await startTestRuntime(
    {
      integrations: {
        engine: { idlePollMs: 20 },
        retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 3 }),
      },
    },
    {
      IN_PROCESS_WORKER: 'false',
      GHL_CLIENT_ID: fake.clientId,
      GHL_CLIENT_SECRET: fake.clientSecret,
      GHL_API_BASE: fake.base,
      GHL_AUTHORIZE_URL: AUTHORIZE,
    },
  );
  harbor = await demoClient(rt.database.db);
  token = (await signIn(rt, DEMO.northwind.clients[0]?.contact.email ?? '')).access_token;
});
afterAll(async () => {
  await rt?.close();
  await fake?.close();
});

const db = () => rt.database.db;
const get = (url: string) => rt.app.inject({ url, headers: bearer(token) });
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
let people = 0;
async function ingest(campaignId: number) {
  const email = `real.${process.pid}.${++people}@example.com`;
  await rt.services.leads.intake.insert([
    {
      campaignId,
      source: 'vendor_callback' as const,
      payload: {
        id: `r-${email}`,
        emailMd5: md5(email),
        firstName: 'Rae',
        lastName: 'Real',
        emails: [email],
        phones: ['303-555-0177'],
        address: { street: '3 Real Rd', city: 'Boulder', state: 'CO', zip: '80301' },
      },
    },
  ]);
  while (await rt.services.leads.ingest.processNextBatch(500)) {}
  return email;
}
async function deliverAll(campaignId: number) {
  const until = Date.now() + 20_000;
  for (;;) {
    await rt.services.integrations.engine.drain();
    const rows = await queryRows<{ id: number; status: string; attempts: number; last_error: string | null }>(
      db(),
      sql`select id, status, attempts, last_error from integration_deliveries
           where campaign_id = ${campaignId} order by id`,
    );
    if (rows.every((r) => r.status === 'delivered' || r.status === 'failed')) return rows;
    if (Date.now() > until) throw new Error('deliveries did not finish in time');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}
const sealed = async () =>
  (
    await queryRows<{ id: number; sealed_secrets: string }>(
      db(),
      sql`select id, sealed_secrets from integration_connections
           where company_id = ${harbor.clientId} and provider = 'gohighlevel' and disconnected_at is null`,
    )
  )[0];

describe('GoHighLevel configured (the real adapter through the product)', () => {
  it("connects through GoHighLevel's consent and delivers contacts with the campaign's tags", async () => {
    const res = await send(
      rt,
      '/api/gohighlevel/v2/generateauthurl',
      { company_id: harbor.clientId },
      { token },
    );
    expect(res.statusCode, res.body).toBe(200);
    const consent = new URL(res.json().url);
    expect(`${consent.origin}${consent.pathname}`).toBe(AUTHORIZE);
    expect(consent.searchParams.get('client_id')).toBe(fake.clientId);
    // The person chooses a location on GoHighLevel, which sends the browser back with a code.
    const redirectUri = consent.searchParams.get('redirect_uri') ?? '';
    const code = fake.issueCode({
      locationId: 'loc_2',
      redirectUri,
      codeChallenge: consent.searchParams.get('code_challenge') ?? '',
    });
    const back = new URL(redirectUri);
    back.searchParams.set('code', code);
    back.searchParams.set('state', consent.searchParams.get('state') ?? '');
    const landing = await rt.app.inject({ url: `${back.pathname}${back.search}` });
    expect(landing.headers.location).toMatch(/\/integrations\/gohighlevel\?connected=1$/);

    const checked = await get(`/api/general/check-connected-gohighlevel/${harbor.clientId}`);
    expect(checked.json()).toEqual({
      connected: true,
      status: 'active',
      account_name: 'Fake location 2',
      location: { id: 'loc_2', name: 'Fake location 2' },
      sandbox: false,
    });
    expect((await get(`/api/gohighlevel/tags/${harbor.clientId}`)).json()).toEqual({
      data: [{ id: 'tag_loc_2_1', name: 'existing tag' }],
    });
    expect(
      (await get(`/api/gohighlevel/v2/list-subaccounts-all/${harbor.clientId}`)).json().data,
    ).toHaveLength(3);

    const connection = await sealed();
    const campaign = await insertCampaign(db());
    await db().execute(
      sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
          values (${campaign.id}, ${connection?.id}, true, ${JSON.stringify({ tags: ['Real', 'existing tag'] })}::jsonb)`,
    );
    const email = await ingest(campaign.id);
    const [delivery] = await deliverAll(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    const [upsert] = fake.calls('POST /contacts/upsert');
    expect(upsert?.headers).toMatchObject({
      version: '2021-07-28',
      'idempotency-key': `msg_${delivery?.id}`,
    });
    expect(upsert?.body).toMatchObject({ locationId: 'loc_2', email, tags: ['real', 'existing tag'] });
    expect(fake.contacts.get(`loc_2:${email}`)).toBeDefined();

    // An expired token: refreshed once, the delivery goes, the new tokens are sealed on the connection.
    fake.expireAccessTokens();
    await ingest(campaign.id);
    expect((await deliverAll(campaign.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(fake.calls('POST /oauth/token').map((r) => r.body.grant_type)).toEqual([
      'authorization_code',
      'refresh_token',
    ]);
    expect((await sealed())?.sealed_secrets).not.toBe(connection?.sealed_secrets);

    // 422: given up at once with GoHighLevel's message; 503: retried, then delivered.
    fake.failNext('POST /contacts/upsert', {
      status: 422,
      body: { statusCode: 422, message: ['phone must be a valid phone number'] },
    });
    await ingest(campaign.id);
    const third = (await deliverAll(campaign.id))[2];
    expect(third).toMatchObject({ status: 'failed', attempts: 1 });
    expect(third?.last_error).toBe('GoHighLevel answered HTTP 422: phone must be a valid phone number');
    fake.failNext('POST /contacts/upsert', { status: 503, body: { message: 'Service Unavailable' } });
    await ingest(campaign.id);
    expect((await deliverAll(campaign.id))[3]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(fake.problems).toEqual([]);
  });
});
