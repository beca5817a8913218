import { DEMO, queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';
import { send, signIn } from '../../../../test/sign-in.js';
import { NEEDS_ADDRESS, SIGN_IN_AGAIN } from './core.js';

/*
 * SendJim on its sandbox (decision 0105), end to end through the routes: the sign-in round trip
 * (our generateauthurl → the sandbox's sign-in page → Allow or Deny → our callback with SendJim's
 * `requestToken`), the grant sealed on the connection, the QuickSends with the 'Quick Send' label,
 * the default and the campaign's QuickSend and tags, leads mailed as one sandbox mail piece per
 * delivery (a delivery sent again finds its piece), a test payload that mails nothing, a grant
 * SendJim no longer honours (no refresh: sign in again, then replay), other companies refused, and
 * the disconnect. The worker is off: each test drains the engine itself.
 */

const EMAIL = `owner.${process.pid}@sendjim-sandbox.example`;
const kit = useIntegrationsRuntime();
const { get, post } = kit;
const db = () => kit.rt.database.db;
const local = (absolute: string) => {
  const u = new URL(absolute);
  return `${u.pathname}${u.search}`;
};
/** A browser's GET of an absolute address of this app (the host it names). */
const visit = (absolute: string) =>
  kit.rt.app.inject({ url: local(absolute), headers: { host: new URL(absolute).host } });

/** Our generateauthurl, as the web app's Connect button makes it: the sandbox's sign-in page. */
async function authorize(companyId = kit.harbor.clientId, t = kit.token) {
  const res = await send(kit.rt, '/api/sendjim/generateauthurl', { company_id: companyId }, { token: t });
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url as string);
}

/** The person's answer on the sign-in page. */
function answer(url: URL, decision: 'allow' | 'deny', email = EMAIL) {
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', decision);
  form.set('email', email);
  return kit.rt.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
}
async function consent(url: URL, decision: 'allow' | 'deny', email = EMAIL) {
  const res = await answer(url, decision, email);
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

/** The browser following the redirect to our callback: where it lands. */
async function callback(back: URL) {
  const res = await visit(back.href);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://landing.invalid');
}

async function connect(email = EMAIL) {
  const landing = await callback(await consent(await authorize(), 'allow', email));
  expect(landing.searchParams.get('connected')).toBe('1');
}

/** The lead whose fields the sandbox's contact is checked against. */
const SAM = {
  firstName: 'Sam',
  lastName: 'Jimson',
  phones: ['303-555-0188'],
  address: { street: '8 Mail Way', city: 'Denver', state: 'CO', zip: '80203' },
};
const ingest = (
  campaignId: number,
  { street = SAM.address.street, email }: { street?: string; email?: string } = {},
) => ingestLead(kit.rt, campaignId, { ...SAM, email, address: { ...SAM.address, street } });
const deliver = (campaignId: number | null) => deliverAll(kit.rt, campaignId, 'sendjim');

const attemptsOf = (deliveryId: number | undefined) =>
  queryRows<{ request: string; http_status: number | null; outcome: string }>(
    db(),
    sql`select request, http_status, outcome from integration_delivery_attempts
         where delivery_id = ${deliveryId} order by attempt`,
  );

const recordsOf = (kind: 'mailpiece' | 'contact') =>
  queryRows<{ data: Record<string, unknown> }>(
    db(),
    sql`select r.data from sandbox_integration_records r join sandbox_integration_accounts a on a.id = r.account_id
         where r.provider = 'sendjim' and r.kind = ${kind} and a.data->>'email' = ${EMAIL} order by r.id`,
  );

const connectionRow = async () =>
  (
    await queryRows<{ id: number; sealed_secrets: string; settings: Record<string, unknown> }>(
      db(),
      sql`select id, sealed_secrets, settings from integration_connections
           where company_id = ${kit.harbor.clientId} and provider = 'sendjim' and disconnected_at is null`,
    )
  )[0];

async function campaignWith(settings: Record<string, unknown>) {
  const campaign = await insertCampaign(db());
  const res = await post('/api/savecampaignintegrationdetails', {
    campaign_id: campaign.id,
    slug: 'sendjim',
    enabled: true,
    settings,
  });
  expect(res.statusCode, res.body).toBe(200);
  return campaign;
}

describe('SendJim sandbox', () => {
  it('Deny on the sign-in page: back to the integration page with the error, nothing connected', async () => {
    const url = await authorize();
    expect(url.pathname).toBe('/sandbox/oauth/sendjim/account');
    const back = await consent(url, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const landing = await callback(back);
    expect(landing.pathname).toBe('/integrations/sendjim');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(await connectionRow()).toBeUndefined();
  });

  it('connects through the sign-in page with SendJim’s request token; the grant sealed, never answered', async () => {
    const url = await authorize();
    expect([...url.searchParams.keys()].sort()).toEqual(['callbackUrl', 'clientKey', 'state']);
    expect(url.searchParams.get('clientKey')).toBe('sandbox-sendjim-app');
    expect(url.searchParams.get('callbackUrl')).toMatch(/\/api\/integrations\/oauth\/callback$/);

    const page = await visit(url.href);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Sandbox: Sign in to SendJim</title>');
    expect(page.body).toContain('Allow (sandbox)');
    // Every line of text a person reads says Sandbox.
    const text = page.body
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(text.filter((line) => !/sandbox/i.test(line))).toEqual([]);

    // Not an e-mail: the page says so, nothing issued.
    const bad = await answer(url, 'allow', 'not an e-mail');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('Sandbox: Enter the sandbox account’s e-mail address.');

    const back = await consent(url, 'allow');
    expect(back.searchParams.get('requestToken')).toMatch(/^sbx_rq_/);
    expect(Date.parse(back.searchParams.get('expires') ?? '')).toBeGreaterThan(Date.now());
    expect(back.searchParams.get('code')).toBeNull();
    const landing = await callback(back);
    expect(landing.pathname).toBe('/integrations/sendjim');
    expect(landing.searchParams.get('connected')).toBe('1');

    const row = await connectionRow();
    expect(row?.settings).toEqual({ account_name: `Sandbox SendJim account (${EMAIL})` });
    expect(row?.sealed_secrets).not.toMatch(/sbx_gt_/);
    const detail = await get(`/api/integrations/${kit.harbor.clientId}/sendjim`);
    expect(detail.json()).toMatchObject({
      sandbox: true,
      kind: 'direct-mail',
      auth: 'oauth',
      connection: { status: 'active' },
    });
    for (const res of [detail, await get(`/api/integrations/${kit.harbor.clientId}`)])
      expect(res.body).not.toMatch(/sbx_(gt|rq)_|grant_token/);
    const stored = await queryRows<{ token_hash: string }>(
      db(),
      sql`select token_hash from sandbox_integration_tokens where provider = 'sendjim'`,
    );
    expect(stored.length).toBeGreaterThan(0);
    expect(stored.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
  });

  it('refuses a reused request token and state, another app and a callback elsewhere', async () => {
    const url = await authorize();
    const back = await consent(url, 'allow');
    expect((await callback(back)).searchParams.get('connected')).toBe('1');
    expect((await callback(back)).searchParams.get('error')).toBe('expired');
    const fresh = await authorize();
    const replay = new URL(back.href);
    replay.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    expect((await callback(replay)).searchParams.get('error')).toBe(
      'SendJim refused the sign-in: The request token is not valid or was already used.',
    );
    const foreign = new URL(url.href);
    foreign.searchParams.set('clientKey', 'someone-else');
    const page = await visit(foreign.href);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sandbox: The app (clientKey) is not known to the sandbox.');
    const elsewhere = new URL(url.href);
    elsewhere.searchParams.set('callbackUrl', 'https://evil.example/api/integrations/oauth/callback');
    const refused = await answer(elsewhere, 'allow');
    expect(refused.statusCode).toBe(400);
    expect(refused.body).toContain('Sandbox: The callback URL is not registered for this app.');
  });

  it("lists the QuickSends, the unnamed one as 'Quick Send'; the default QuickSend is one of them", async () => {
    const expected = [
      { id: '7101', name: 'Sandbox: Just Listed postcard' },
      { id: '7102', name: 'Sandbox: Thank-you card' },
      { id: '7103', name: 'Quick Send' },
    ];
    const res = await get(`/api/sendjim/quicksends?company_id=${kit.harbor.clientId}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: expected });
    // The web app's select reads the generic targets call: the same list.
    const targets = await get(`/api/integrations/${kit.harbor.clientId}/sendjim/targets/quicksends`);
    expect(targets.json()).toEqual({ data: expected });
    // No company named: no company in scope.
    expect((await get('/api/sendjim/quicksends')).statusCode).toBe(404);

    const save = (settings: Record<string, unknown>) =>
      post('/api/saveintegration', { company_id: kit.harbor.clientId, slug: 'sendjim', settings });
    const unknown = await save({ quicksend_id: '9999' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('Choose one of your SendJim QuickSends.');
    const saved = await save({ quicksend_id: '7103' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await connectionRow())?.settings).toMatchObject({ quicksend_id: '7103' });
  });

  it('mails each lead the campaign’s QuickSend once: a delivery sent again finds its mail piece', async () => {
    const campaign = await campaignWith({
      quicksend_id: '7101',
      tags: ['Open house', 'open house ', 'spring'],
    });
    const tags = await get(`/api/sendjim/getcampaigntags/${campaign.id}`);
    expect(tags.json()).toEqual({ data: ['Open house', 'spring'] });
    const refused = await post('/api/savecampaignintegrationdetails', {
      campaign_id: campaign.id,
      slug: 'sendjim',
      enabled: true,
      settings: { quicksend_id: 'abc' },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('Choose one of your SendJim QuickSends.');

    const email = await ingest(campaign.id);
    const [delivered] = await deliver(campaign.id);
    expect(delivered).toMatchObject({ status: 'delivered', last_error: null });
    expect(await attemptsOf(delivered?.id)).toEqual([
      { request: 'POST /contact-quicksend (QuickSend 7101, 2 tags)', http_status: 200, outcome: 'delivered' },
    ]);
    const pieces = await recordsOf('mailpiece');
    expect(pieces).toHaveLength(1);
    expect(pieces[0]?.data).toMatchObject({
      QuickSendID: 7101,
      QuickSendName: 'Sandbox: Just Listed postcard',
      sandbox: true,
    });
    const [contact] = await recordsOf('contact');
    expect(contact?.data).toMatchObject({
      FirstName: 'Sam',
      LastName: 'Jimson',
      StreetAddress: '8 Mail Way',
      PostalCode: '80203',
      Email: email,
      Tags: ['Open house', 'spring'],
    });
    expect(pieces[0]?.data.ContactID).toBe(contact?.data.id);

    // The same delivery again (its answer lost, or replayed): still one mail piece.
    await db().execute(
      sql`update integration_deliveries set status = 'queued', next_attempt_at = now() where id = ${delivered?.id}`,
    );
    expect((await deliver(campaign.id))[0]?.status).toBe('delivered');
    expect(await recordsOf('mailpiece')).toHaveLength(1);
    expect((await attemptsOf(delivered?.id)).map((a) => a.outcome)).toEqual(['delivered', 'delivered']);

    // The same person found by another campaign (a new delivery): a second piece, the same contact.
    const other = await campaignWith({ quicksend_id: '7101', tags: ['autumn'] });
    await ingest(other.id, { email });
    expect((await deliver(other.id)).map((d) => d.status)).toEqual(['delivered']);
    expect(await recordsOf('mailpiece')).toHaveLength(2);
    const contacts = await recordsOf('contact');
    expect(contacts).toHaveLength(1);
    expect(contacts[0]?.data).toMatchObject({ upserts: 3, Tags: ['Open house', 'autumn', 'spring'] });
  });

  it('uses the default QuickSend; refuses a lead without a postal address; a test payload mails nothing', async () => {
    const campaign = await insertCampaign(db());
    await ingest(campaign.id);
    await ingest(campaign.id, { street: '' });
    const rows = await deliver(campaign.id);
    expect(rows.map((r) => r.status)).toEqual(['delivered', 'failed']);
    expect(rows[1]?.last_error).toBe(NEEDS_ADDRESS);
    expect((await attemptsOf(rows[0]?.id))[0]?.request).toBe(
      'POST /contact-quicksend (QuickSend 7103, 0 tags)',
    );
    const before = (await recordsOf('mailpiece')).length;

    const test = await post(`/api/integrations/${kit.harbor.clientId}/sendjim/test`, {});
    expect(test.statusCode, test.body).toBe(200);
    const [tested] = await deliver(null);
    expect(tested?.status).toBe('delivered');
    expect(await attemptsOf(tested?.id)).toEqual([
      {
        request: 'GET /quicksends (test payload: QuickSend 7103 checked, nothing mailed)',
        http_status: 200,
        outcome: 'delivered',
      },
    ]);
    expect(await recordsOf('mailpiece')).toHaveLength(before);
  });

  it('a grant SendJim no longer honours: given up with "sign in again"; signing in again and replaying mails it', async () => {
    // SendJim's grants do not expire and have no refresh: only a removed grant ends them.
    await db().execute(
      sql`update sandbox_integration_tokens set revoked_at = now() where provider = 'sendjim' and kind = 'access'`,
    );
    const campaign = await campaignWith({ quicksend_id: '7102' });
    await ingest(campaign.id);
    const [failed] = await deliver(campaign.id);
    expect(failed).toMatchObject({ status: 'failed', last_error: SIGN_IN_AGAIN });
    expect((await attemptsOf(failed?.id)).map((a) => a.http_status)).toEqual([401]);
    const list = await get(`/api/sendjim/quicksends?company_id=${kit.harbor.clientId}`);
    expect(list.statusCode).toBe(400);
    expect(list.json().error.message).toBe(SIGN_IN_AGAIN);

    const before = (await recordsOf('mailpiece')).length;
    await connect();
    const replay = await post('/api/integrations/deliveries/replay', {
      company_id: kit.harbor.clientId,
      delivery_ids: [Number(failed?.id)],
    });
    expect(replay.statusCode, replay.body).toBe(200);
    expect((await deliver(campaign.id))[0]?.status).toBe('delivered');
    expect(await recordsOf('mailpiece')).toHaveLength(before + 1);
  });

  it('refuses other companies: 404', async () => {
    const other = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    const campaign = await insertCampaign(db());
    for (const url of [
      `/api/sendjim/quicksends?company_id=${kit.harbor.clientId}`,
      `/api/sendjim/getcampaigntags/${campaign.id}`,
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of ['/api/sendjim/generateauthurl', '/api/sendjim/disconnect']) {
      const res = await send(kit.rt, url, { company_id: kit.harbor.clientId }, { token: other });
      expect(res.statusCode, url).toBe(404);
    }
  });

  it('disconnects: the sandbox ends the grant, QuickSends are no longer readable', async () => {
    const live = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from sandbox_integration_tokens
               where provider = 'sendjim' and kind = 'access' and revoked_at is null`,
        )
      )[0]?.n;
    expect(await live()).toBe(1);
    const res = await post('/api/sendjim/disconnect', { company_id: kit.harbor.clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: 'The integration was disconnected.' });
    expect(await live()).toBe(0);
    const list = await get(`/api/sendjim/quicksends?company_id=${kit.harbor.clientId}`);
    expect(list.statusCode).toBe(400);
    expect(list.json().error.message).toBe('This integration is not connected.');
  });
});
