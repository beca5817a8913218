import { DEMO, queryRows, sql } from '@app/db';
import { describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import {
  deliverAll,
  ingestLead,
  sandboxRecords,
  useIntegrationsRuntime,
} from '../../../../test/kits/integrations.js';
import { send, signIn } from '../../../../test/sign-in.js';

/*
 * GoHighLevel on its sandbox (decision 0097), end to end through the routes: the OAuth round trip
 * (our authorize → the sandbox's consent page → Allow or Deny → our callback), the connection with
 * sealed tokens, leads delivered as contacts with the campaign's tags (upserted by e-mail, so a
 * repeated delivery is one contact), a reused code or state refused, an expired access token
 * refreshed (and the new tokens kept), the spec's GoHighLevel calls, and other companies refused.
 * The worker is off: each test drains the engine itself.
 */

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

/** Our authorize call, as the web app's "Connect" button makes it: the sandbox's consent page. */
async function authorize(companyId = kit.harbor.clientId, t = kit.token) {
  const res = await send(
    kit.rt,
    '/api/gohighlevel/v2/generateauthurl',
    { company_id: companyId },
    { token: t },
  );
  expect(res.statusCode, res.body).toBe(200);
  return new URL(res.json().url as string);
}

/** The person's answer on the consent page: where the sandbox sends the browser back. */
async function consent(url: URL, decision: 'allow' | 'deny', locationId = 'sbx_loc_uptown') {
  const form = new URLSearchParams(url.searchParams);
  form.set('decision', decision);
  form.set('location_id', locationId);
  const res = await kit.rt.app.inject({
    method: 'POST',
    url: url.pathname,
    headers: { host: url.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(res.statusCode, res.body).toBe(303);
  return new URL(res.headers.location as string);
}

/** The browser following the sandbox's redirect to our callback: where it lands. */
async function callback(back: URL) {
  const res = await visit(back.href);
  expect(res.statusCode).toBe(302);
  return new URL(res.headers.location as string, 'http://landing.invalid');
}

const ingest = (campaignId: number) => ingestLead(kit.rt, campaignId);
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId, 'gohighlevel');

type Contact = { email: string; tags: string[]; upserts: number; sandbox: boolean; locationId: string };
const contactsOf = async (email: string) =>
  (await sandboxRecords<Contact>(kit.rt, 'gohighlevel', 'contact')).filter((r) => r.data.email === email);

const connectionRow = async (companyId = kit.harbor.clientId) =>
  (
    await queryRows<{ id: number; sealed_secrets: string; settings: Record<string, unknown> }>(
      db(),
      sql`select id, sealed_secrets, settings from integration_connections
           where company_id = ${companyId} and provider = 'gohighlevel' and disconnected_at is null`,
    )
  )[0];

describe('GoHighLevel sandbox', () => {
  it('Deny on the consent page: back to the integration page with the error, nothing connected', async () => {
    const url = await authorize();
    expect(url.pathname).toBe('/sandbox/oauth/gohighlevel/authorize');
    const back = await consent(url, 'deny');
    expect(back.searchParams.get('error')).toBe('access_denied');
    expect(back.searchParams.get('state')).toBe(url.searchParams.get('state'));
    const landing = await callback(back);
    expect(landing.pathname).toBe('/integrations/gohighlevel');
    expect(landing.searchParams.get('error')).toBe('access_denied');
    expect(await connectionRow()).toBeUndefined();
    const checked = await get(`/api/general/check-connected-gohighlevel/${kit.harbor.clientId}`);
    expect(checked.json()).toEqual({
      connected: false,
      status: null,
      account_name: null,
      location: null,
      sandbox: true,
    });
  });

  it('connects through the consent page; tokens sealed, never answered', async () => {
    const url = await authorize();
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      response_type: 'code',
      client_id: 'sandbox-gohighlevel-app',
      code_challenge_method: 'S256',
    });
    expect(url.searchParams.get('redirect_uri')).toMatch(/\/api\/integrations\/oauth\/callback$/);

    const page = await visit(url.href);
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.body).toContain('<title>Sandbox: Connect GoHighLevel</title>');
    for (const name of ['Sandbox: Downtown Office', 'Sandbox: Uptown Clinic', 'Sandbox: Lakeside Branch'])
      expect(page.body).toContain(name);
    expect(page.body).toContain('Allow (sandbox)');
    // Every line of text a person reads says Sandbox.
    const text = page.body
      .replace(/<style>[\s\S]*?<\/style>/, '')
      .replace(/<[^>]+>/g, '\n')
      .split('\n')
      .map((l) => l.trim())
      .filter(Boolean);
    expect(text.filter((line) => !/sandbox/i.test(line))).toEqual([]);

    const back = await consent(url, 'allow');
    expect(back.searchParams.get('code')).toMatch(/^sbx_code_/);
    const landing = await callback(back);
    expect(landing.pathname).toBe('/integrations/gohighlevel');
    expect(landing.searchParams.get('connected')).toBe('1');

    const row = await connectionRow();
    expect(row?.settings).toMatchObject({
      location_id: 'sbx_loc_uptown',
      location_name: 'Sandbox: Uptown Clinic',
      company_id: 'sbx_agency_demo',
    });
    expect(row?.sealed_secrets).not.toMatch(/sbx_(at|rt)_/);
    const detail = await get(`/api/integrations/${kit.harbor.clientId}/gohighlevel`);
    expect(detail.json()).toMatchObject({ sandbox: true, connection: { status: 'active' } });
    const checked = await get(`/api/general/check-connected-gohighlevel/${kit.harbor.clientId}`);
    expect(checked.json()).toEqual({
      connected: true,
      status: 'active',
      account_name: 'Sandbox: Uptown Clinic',
      location: { id: 'sbx_loc_uptown', name: 'Sandbox: Uptown Clinic' },
      sandbox: true,
    });
    for (const res of [detail, checked, await get(`/api/integrations/${kit.harbor.clientId}`)])
      expect(res.body).not.toMatch(/sbx_(at|rt|code)_|access_token|refresh_token/);
    // Only hashes of what the sandbox issued are kept.
    const stored = await queryRows<{ token_hash: string }>(
      db(),
      sql`select token_hash from sandbox_integration_tokens where provider = 'gohighlevel'`,
    );
    expect(stored.every((t) => /^[0-9a-f]{64}$/.test(t.token_hash))).toBe(true);
  });

  it('refuses a reused code and a reused state', async () => {
    const url = await authorize();
    const back = await consent(url, 'allow');
    expect((await callback(back)).searchParams.get('connected')).toBe('1');
    // The same redirect again: its state was taken.
    expect((await callback(back)).searchParams.get('error')).toBe('expired');
    // The used code with a fresh state: the sandbox refuses it.
    const fresh = await authorize();
    const replay = new URL(back.href);
    replay.searchParams.set('state', fresh.searchParams.get('state') ?? '');
    const landing = await callback(replay);
    expect(landing.searchParams.get('error')).toBe(
      'GoHighLevel refused the sign-in: The authorization code is not valid or was already used.',
    );
    // A consent request the sandbox does not know (another app) is refused on the page, not redirected.
    const foreign = new URL(url.href);
    foreign.searchParams.set('client_id', 'someone-else');
    const page = await visit(foreign.href);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain('Sandbox: The app (client_id) is not known to the sandbox.');
    // Nor is a redirect URI on another host than the page's.
    const elsewhere = new URL(url.href);
    elsewhere.searchParams.set('redirect_uri', 'https://evil.example/api/integrations/oauth/callback');
    const refusedPage = await visit(elsewhere.href);
    expect(refusedPage.statusCode).toBe(400);
    expect(refusedPage.body).toContain('Sandbox: The redirect URI is not registered for this app.');
  });

  it("delivers leads as contacts with the campaign's tags, once per e-mail", async () => {
    const row = await connectionRow();
    const campaign = await insertCampaign(db());
    await db().execute(
      sql`insert into integration_campaign_settings (campaign_id, connection_id, enabled, settings)
          values (${campaign.id}, ${row?.id}, true, ${JSON.stringify({ tags: ['hot', 'spring promo'] })}::jsonb)`,
    );
    const email = await ingest(campaign.id);
    const [delivered] = await deliver(campaign.id);
    expect(delivered).toMatchObject({ status: 'delivered', last_error: null });
    const [contact] = await contactsOf(email);
    expect(contact?.data).toMatchObject({
      email,
      sandbox: true,
      locationId: 'sbx_loc_uptown',
      tags: ['hot', 'spring promo'],
      upserts: 1,
    });
    const attempts = await queryRows<{ request: string; http_status: number }>(
      db(),
      sql`select request, http_status from integration_delivery_attempts where delivery_id = ${delivered?.id}`,
    );
    expect(attempts).toEqual([
      { request: 'POST /contacts/upsert (location sbx_loc_uptown, 2 tags)', http_status: 201 },
    ]);

    // The unknown tag was created in the location, as GoHighLevel does.
    const tags = await get(`/api/gohighlevel/tags/${kit.harbor.clientId}`);
    expect(tags.statusCode).toBe(200);
    expect(tags.json().data.map((t: { name: string }) => t.name)).toEqual([
      'new lead',
      'follow up',
      'hot',
      'spring promo',
    ]);
    const usertags = await get(`/api/gohighlevel/usertags/${campaign.id}/${kit.harbor.clientId}`);
    expect(usertags.json()).toEqual({ enabled: true, tags: ['hot', 'spring promo'], location_id: null });

    // The same delivery sent again (its answer lost): still one contact.
    await db().execute(
      sql`update integration_deliveries set status = 'queued', next_attempt_at = now() where id = ${delivered?.id}`,
    );
    expect((await deliver(campaign.id))[0]?.status).toBe('delivered');
    const again = await contactsOf(email);
    expect(again).toHaveLength(1);
    expect(again[0]?.data.upserts).toBe(2);
    const second = await queryRows<{ http_status: number }>(
      db(),
      sql`select http_status from integration_delivery_attempts where delivery_id = ${delivered?.id} order by attempt`,
    );
    expect(second.map((a) => a.http_status)).toEqual([201, 200]);
  });

  it('refreshes an expired access token: delivered, and the new tokens are kept', async () => {
    const campaign = await insertCampaign(db());
    const before = await connectionRow();
    await db().execute(
      sql`update sandbox_integration_tokens set expires_at = now() - interval '1 minute'
           where provider = 'gohighlevel' and kind = 'access' and revoked_at is null`,
    );
    const email = await ingest(campaign.id);
    expect((await deliver(campaign.id)).map((d) => d.status)).toEqual(['delivered']);
    expect(await contactsOf(email)).toHaveLength(1);
    const after = await connectionRow();
    expect(after?.sealed_secrets).not.toBe(before?.sealed_secrets);
    const count = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from sandbox_integration_tokens where provider = 'gohighlevel' and kind = 'access'`,
        )
      )[0]?.n;
    const issued = await count();
    // The next lead goes with the saved token: no refresh again.
    await ingest(campaign.id);
    expect((await deliver(campaign.id)).map((d) => d.status)).toEqual(['delivered', 'delivered']);
    expect(await count()).toBe(issued);
  });

  it('lists the sub-accounts, all or a page at a time', async () => {
    const all = await get(`/api/gohighlevel/v2/list-subaccounts-all/${kit.harbor.clientId}`);
    // None of them made a client of Harbor's agency (decision 0109): no client, no menu link.
    const free = { client: null, menu_link_id: null };
    expect(all.json().data).toEqual([
      { id: 'sbx_loc_downtown', name: 'Sandbox: Downtown Office', ...free },
      { id: 'sbx_loc_lakeside', name: 'Sandbox: Lakeside Branch', ...free },
      { id: 'sbx_loc_uptown', name: 'Sandbox: Uptown Clinic', ...free },
    ]);
    const page = await get(`/api/gohighlevel/v2/list-subaccounts/${kit.harbor.clientId}?page=2&per_page=2`);
    expect(page.json()).toMatchObject({
      current_page: 2,
      per_page: 2,
      total: 3,
      last_page: 2,
      from: 3,
      to: 3,
      data: [{ id: 'sbx_loc_uptown' }],
    });
  });

  it('refuses other companies: 404', async () => {
    const other = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    const campaign = await insertCampaign(db());
    for (const url of [
      `/api/gohighlevel/v2/list-subaccounts-all/${kit.harbor.clientId}`,
      `/api/gohighlevel/v2/list-subaccounts/${kit.harbor.clientId}?page=1`,
      `/api/general/check-connected-gohighlevel/${kit.harbor.clientId}`,
      `/api/gohighlevel/tags/${kit.harbor.clientId}`,
      `/api/gohighlevel/usertags/${campaign.id}/${kit.harbor.clientId}`,
    ]) {
      const res = await get(url, other);
      expect(res.statusCode, url).toBe(404);
    }
    for (const url of ['/api/gohighlevel/v2/generateauthurl', '/api/gohighlevel/v2/disconnect']) {
      const res = await send(kit.rt, url, { company_id: kit.harbor.clientId }, { token: other });
      expect(res.statusCode, url).toBe(404);
    }
    // A campaign of another agency's client, with a company of the caller's: 404 too.
    const summitCampaign = await insertCampaign(db(), { clientName: DEMO.summit.clients[0]?.name });
    const res = await get(`/api/gohighlevel/usertags/${summitCampaign.id}/${kit.harbor.clientId}`);
    expect(res.statusCode).toBe(404);
  });

  it('disconnects: the sandbox revokes the tokens, tags are no longer readable', async () => {
    // The connection's sign-in (its grant): the newest access token's.
    const [grant] = await queryRows<{ grant: string }>(
      db(),
      sql`select data->>'grant' as grant from sandbox_integration_tokens
           where provider = 'gohighlevel' and kind = 'access' order by created_at desc limit 1`,
    );
    const live = async () =>
      (
        await queryRows<{ n: number }>(
          db(),
          sql`select count(*)::int as n from sandbox_integration_tokens
               where provider = 'gohighlevel' and data->>'grant' = ${grant?.grant}
                 and revoked_at is null and used_at is null and expires_at > now()`,
        )
      )[0]?.n;
    expect(await live()).toBe(2);
    const res = await post('/api/gohighlevel/v2/disconnect', { company_id: kit.harbor.clientId });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: 'The integration was disconnected.' });
    expect(await live()).toBe(0);
    const checked = await get(`/api/general/check-connected-gohighlevel/${kit.harbor.clientId}`);
    expect(checked.json().connected).toBe(false);
    const tags = await get(`/api/gohighlevel/tags/${kit.harbor.clientId}`);
    expect(tags.statusCode).toBe(400);
    expect(tags.json().error.message).toBe('This integration is not connected.');
  });
});
