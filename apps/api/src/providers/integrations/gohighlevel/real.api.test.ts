import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoHighLevel, startFakeGoHighLevel } from '../../../../test/fake-gohighlevel.js';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';

/*
 * The product with GoHighLevel configured (GHL_CLIENT_ID, GHL_CLIENT_SECRET, GHL_API_BASE,
 * GHL_AUTHORIZE_URL; decision 0097), against a local fake of the API: the consent URL is
 * GoHighLevel's, the callback exchanges the code with the app's credentials, leads are upserted as
 * contacts with the campaign's tags and the delivery's key, an expired token is refreshed and kept,
 * a 422 is given up at once and a 503 retried.
 */

const AUTHORIZE = 'https://marketplace.example.com/oauth/chooselocation';
let fake: FakeGoHighLevel;
// The fake starts first: the runtime's settings name its address (hooks run in order).
beforeAll(async () => {
  fake = await startFakeGoHighLevel();
});
afterAll(() => fake?.close());
const kit = useIntegrationsRuntime({
  env: () => ({
    GHL_CLIENT_ID: fake.clientId,
    GHL_CLIENT_SECRET: fake.clientSecret,
    GHL_API_BASE: fake.base,
    GHL_AUTHORIZE_URL: AUTHORIZE,
  }),
});

const { get, post } = kit;
const db = () => kit.rt.database.db;
const ingest = (campaignId: number) => ingestLead(kit.rt, campaignId);
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId);
const sealed = async () =>
  (
    await queryRows<{ id: number; sealed_secrets: string }>(
      db(),
      sql`select id, sealed_secrets from integration_connections
           where company_id = ${kit.harbor.clientId} and provider = 'gohighlevel' and disconnected_at is null`,
    )
  )[0];

describe('GoHighLevel configured (the real adapter through the product)', () => {
  it("connects through GoHighLevel's consent and delivers contacts with the campaign's tags", async () => {
    const res = await post('/api/gohighlevel/v2/generateauthurl', { company_id: kit.harbor.clientId });
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
    const landing = await kit.rt.app.inject({ url: `${back.pathname}${back.search}` });
    expect(landing.headers.location).toMatch(/\/integrations\/gohighlevel\?connected=1$/);

    const checked = await get(`/api/general/check-connected-gohighlevel/${kit.harbor.clientId}`);
    expect(checked.json()).toEqual({
      connected: true,
      status: 'active',
      account_name: 'Fake location 2',
      location: { id: 'loc_2', name: 'Fake location 2' },
      sandbox: false,
    });
    expect((await get(`/api/gohighlevel/tags/${kit.harbor.clientId}`)).json()).toEqual({
      data: [{ id: 'tag_loc_2_1', name: 'existing tag' }],
    });
    expect(
      (await get(`/api/gohighlevel/v2/list-subaccounts-all/${kit.harbor.clientId}`)).json().data,
    ).toHaveLength(3);

    const connection = await sealed();
    const campaign = await insertCampaign(db());
    await db().execute(
      sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
          values (${campaign.id}, ${connection?.id}, true, ${JSON.stringify({ tags: ['Real', 'existing tag'] })}::jsonb)`,
    );
    const email = await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
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
    expect((await deliver(campaign.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
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
    const third = (await deliver(campaign.id))[2];
    expect(third).toMatchObject({ status: 'failed', attempts: 1 });
    expect(third?.last_error).toBe('GoHighLevel answered HTTP 422: phone must be a valid phone number');
    fake.failNext('POST /contacts/upsert', { status: 503, body: { message: 'Service Unavailable' } });
    await ingest(campaign.id);
    expect((await deliver(campaign.id))[3]).toMatchObject({ status: 'delivered', attempts: 2 });
    expect(fake.problems).toEqual([]);
  });
});
