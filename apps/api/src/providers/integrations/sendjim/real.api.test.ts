import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeSendJim, startFakeSendJim } from '../../../../test/fake-sendjim.js';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';
import { SIGN_IN_AGAIN } from './core.js';

/*
 * The product with SendJim configured (SENDJIM_CLIENT_KEY, SENDJIM_CLIENT_SECRET, SENDJIM_API_BASE,
 * SENDJIM_OAUTH_BASE; decision 0105), against a local fake of its Public API v3: the sign-in URL is
 * SendJim's, its redirect back with `requestToken` completes the connection through the module's
 * callback (the grant traded with the app's key and secret), the QuickSends are listed with the
 * 'Quick Send' label, leads are mailed the campaign's QuickSend with its tags and the delivery's
 * key, a refusal in the body's `Code` is given up at once, a 503 retried, a removed grant ends in
 * "sign in again".
 */

let fake: FakeSendJim;
// The fake starts first: the runtime's settings name its address (hooks run in order).
beforeAll(async () => {
  fake = await startFakeSendJim();
});
afterAll(() => fake?.close());
const kit = useIntegrationsRuntime({
  env: () => ({
    SENDJIM_CLIENT_KEY: fake.clientKey,
    SENDJIM_CLIENT_SECRET: fake.clientSecret,
    SENDJIM_API_BASE: fake.apiBase,
    SENDJIM_OAUTH_BASE: fake.oauthBase,
  }),
});

const { get, post } = kit;
const db = () => kit.rt.database.db;
/** The lead whose fields the contact SendJim is sent is checked against. */
const RAE = {
  firstName: 'Rae',
  lastName: 'Real',
  phones: ['303-555-0177'],
  address: { street: '3 Real Rd', city: 'Boulder', state: 'CO', zip: '80301' },
};
const ingest = (campaignId: number) => ingestLead(kit.rt, campaignId, RAE);
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, 'sendjim');

describe('SendJim configured (the real adapter through the product)', () => {
  it("connects through SendJim's sign-in and mails each lead the campaign's QuickSend", async () => {
    const res = await post('/api/sendjim/generateauthurl', { company_id: kit.harbor.clientId });
    expect(res.statusCode, res.body).toBe(200);
    const signInPage = new URL(res.json().url);
    expect(`${signInPage.origin}${signInPage.pathname}`).toBe(`${fake.oauthBase}/OAuth/Account`);
    expect(signInPage.searchParams.get('clientKey')).toBe(fake.clientKey);
    // The person signs in on SendJim, which sends the browser back with a request token.
    const back = new URL(signInPage.searchParams.get('callbackUrl') ?? '');
    back.searchParams.set('requestToken', fake.issueRequestToken());
    back.searchParams.set('expires', new Date(Date.now() + 600_000).toISOString());
    back.searchParams.set('state', signInPage.searchParams.get('state') ?? '');
    const landing = await kit.rt.app.inject({ url: `${back.pathname}${back.search}` });
    expect(landing.headers.location).toMatch(/\/integrations\/sendjim\?connected=1$/);
    expect(fake.calls('POST /OAuth/Grant')[0]?.body).toMatchObject({
      ClientKey: fake.clientKey,
      ClientSecret: fake.clientSecret,
    });

    const detail = await get(`/api/integrations/${kit.harbor.clientId}/sendjim`);
    expect(detail.json()).toMatchObject({
      sandbox: false,
      connection: { status: 'active', settings: { account_name: 'Fake Realty' } },
    });
    expect(detail.body).not.toMatch(/gt_[0-9a-f]{32}/);
    expect((await get(`/api/sendjim/quicksends?company_id=${kit.harbor.clientId}`)).json()).toEqual({
      data: [
        { id: '501', name: 'Just Sold postcard' },
        { id: '502', name: 'Quick Send' },
      ],
    });

    const campaign = await insertCampaign(db());
    const saved = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'sendjim',
      enabled: true,
      settings: { quicksend_id: '501', tags: ['Real'] },
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const email = await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 1 });
    const [mailed] = fake.calls('POST /api/contact-quicksend');
    expect(mailed?.headers).toMatchObject({ api_version: '3' });
    expect(mailed?.headers['idempotency-key']).toMatch(/\S/);
    expect(mailed?.body).toMatchObject({
      QuickSendID: 501,
      ContactData: { FirstName: 'Rae', LastName: 'Real', PostalCode: '80301', Email: email, Tags: ['Real'] },
    });

    // A refusal in the body's Code: given up at once with SendJim's message; a 503: retried, then mailed.
    fake.failNext('POST /api/contact-quicksend', {
      status: 200,
      body: { Code: 412, Message: 'Address is undeliverable.' },
    });
    await ingest(campaign.id);
    const second = (await deliver(campaign.id))[1];
    expect(second).toMatchObject({ status: 'failed', attempts: 1 });
    expect(second?.last_error).toBe('SendJim refused it (code 412): Address is undeliverable.');
    fake.failNext('POST /api/contact-quicksend', { status: 503, body: { Message: 'Service Unavailable' } });
    await ingest(campaign.id);
    expect((await deliver(campaign.id))[2]).toMatchObject({ status: 'delivered', attempts: 2 });

    // The account removed the app: no refresh exists, the lead waits for a new sign-in.
    fake.endGrants();
    await ingest(campaign.id);
    expect((await deliver(campaign.id))[3]).toMatchObject({
      status: 'failed',
      attempts: 1,
      last_error: SIGN_IN_AGAIN,
    });
    expect(fake.problems).toEqual([]);
  });
});
