import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type FakeGoogle, startFakeGoogle } from '../../../../test/fake-google.js';
import { insertCampaign } from '../../../../test/kits/campaigns.js';
import { deliverAll, ingestLead, useIntegrationsRuntime } from '../../../../test/kits/integrations.js';
import { bearer } from '../../../../test/sign-in.js';
import { retryPolicy } from '../../../lib/retry-policy.js';
import { SIGN_IN_AGAIN } from './index.js';

/*
 * The real Google Sheets adapter (decision 0098) against a local fake of Google's OAuth endpoints,
 * Drive's `about` and the Sheets API v4, through the product (GOOGLE_* settings point at the fake):
 * the consent address and the token exchange with PKCE, the requests' shapes (a spreadsheet with its
 * header, rows appended RAW), a refresh when Google answers 401, and how Google's answers become a
 * delivery's outcome (401 after a refresh, 403 and 404 for good; 429, 5xx and a dropped connection
 * tried again).
 */

const CLIENT = { id: 'test-client.apps.googleusercontent.com', secret: 'test-client-secret' };
const ACCOUNT = 'owner@harbor-dental.example';
let fake: FakeGoogle;
// The fake starts first: the runtime's settings name its address (hooks run in order).
beforeAll(async () => {
  fake = await startFakeGoogle(CLIENT);
});
afterAll(() => fake?.close());
const kit = useIntegrationsRuntime({
  integrations: {
    engine: { idlePollMs: 20, openAfter: 1_000 },
    retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 4 }),
  },
  env: () => ({
    GOOGLE_CLIENT_ID: CLIENT.id,
    GOOGLE_CLIENT_SECRET: CLIENT.secret,
    GOOGLE_OAUTH_BASE: fake.base,
    GOOGLE_SHEETS_BASE: fake.base,
    GOOGLE_DRIVE_BASE: fake.base,
  }),
});
beforeEach(() => {
  fake.requests.length = 0;
});

const ingest = (campaignId: number, firstName = 'Gina') =>
  ingestLead(kit.rt, campaignId, { firstName, lastName: 'Real' });
const deliver = (campaignId: number) => deliverAll(kit.rt, campaignId);

async function setSpreadsheet(campaignId: number, spreadsheetId: string) {
  await kit.rt.database.db.execute(
    sql`insert into integration_campaign_settings (campaign_id, connection_id, settings)
        select ${campaignId}, id, ${JSON.stringify({ spreadsheet_id: spreadsheetId })}::jsonb
          from integration_connections
         where company_id = ${kit.harbor.clientId} and provider = 'google-sheets' and disconnected_at is null
        on conflict (campaign_id, connection_id) do update set settings = excluded.settings`,
  );
}

const seen = (method: string, path: RegExp) =>
  fake.requests.filter((r) => r.method === method && path.test(r.path));

/** authorize → Google's consent (the fake's) → the OAuth callback with Google's code. */
async function connect(code?: string) {
  const start = await kit.rt.app.inject({
    method: 'POST',
    url: `/api/integrations/${kit.harbor.clientId}/google-sheets/authorize`,
    headers: { ...bearer(kit.token), 'content-type': 'application/json' },
    payload: JSON.stringify({ dt: await kit.rt.seal({}) }),
  });
  expect(start.statusCode, start.body).toBe(200);
  const consent = new URL(start.json().url);
  const redirect = new URL(consent.searchParams.get('redirect_uri') as string);
  const callback = await kit.rt.app.inject({
    url: `${redirect.pathname}?${new URLSearchParams({
      state: consent.searchParams.get('state') as string,
      code: code ?? fake.consent(consent.href, ACCOUNT),
      scope: 'https://www.googleapis.com/auth/drive.file',
    })}`,
    headers: { host: redirect.host },
  });
  expect(callback.statusCode).toBe(302);
  return { consent, landing: callback.headers.location as string };
}

describe('Google Sheets on Google (a local fake)', () => {
  it('asks for consent offline with PKCE, exchanges the code, and names the Google account', async () => {
    const refused = await connect('4/not-a-code');
    expect(decodeURIComponent(refused.landing)).toMatch(
      /error=Google did not accept the sign-in \(invalid_grant\)/,
    );

    const { consent, landing } = await connect();
    expect(`${consent.origin}${consent.pathname}`).toBe(`${fake.base}/o/oauth2/v2/auth`);
    expect(Object.fromEntries(consent.searchParams)).toMatchObject({
      client_id: CLIENT.id,
      response_type: 'code',
      scope: 'https://www.googleapis.com/auth/drive.file',
      access_type: 'offline',
      prompt: 'consent',
      code_challenge_method: 'S256',
      redirect_uri: expect.stringMatching(/^http:\/\/.+\/api\/integrations\/oauth\/callback$/),
    });
    expect(consent.searchParams.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(landing).toMatch(/\/integrations\/google-sheets\?connected=1$/);

    const [exchange] = seen('POST', /^\/token$/);
    expect(exchange?.contentType).toMatch(/^application\/x-www-form-urlencoded/);
    expect(exchange?.body).toMatchObject({
      grant_type: 'authorization_code',
      client_id: CLIENT.id,
      client_secret: CLIENT.secret,
      redirect_uri: consent.searchParams.get('redirect_uri'),
      code_verifier: expect.stringMatching(/^[A-Za-z0-9_-]{43,128}$/),
    });
    const [about] = seen('GET', /^\/drive\/v3\/about$/);
    expect(about?.authorization).toMatch(/^Bearer ya29\.fake-/);
    expect(about?.query.fields).toBe('user(emailAddress,displayName)');

    const check = await kit.rt.app.inject({
      url: `/api/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`,
      headers: bearer(kit.token),
    });
    expect(check.json()).toMatchObject({
      connected: true,
      google_account: ACCOUNT,
      working: true,
      sandbox: false,
    });
    expect(fake.problems.filter((p) => !p.startsWith('invalid_grant: Malformed'))).toEqual([]);
  });

  it('creates the campaign’s spreadsheet with its header once, and appends each lead RAW', async () => {
    const campaign = await insertCampaign(kit.rt.database.db, { name: 'Real implants' });
    await ingest(campaign.id, '=HYPERLINK("https://evil.example","click")');
    await ingest(campaign.id, '+1 Gina');
    const deliveries = await deliver(campaign.id);
    expect(deliveries.map((d) => [d.status, d.attempts, d.last_status])).toEqual([
      ['delivered', 1, 200],
      ['delivered', 1, 200],
    ]);
    const creates = seen('POST', /^\/v4\/spreadsheets$/);
    expect(creates).toHaveLength(1);
    expect(creates[0]?.body).toMatchObject({
      properties: { title: 'Real implants leads' },
      sheets: [{ properties: { title: 'Leads', gridProperties: { frozenRowCount: 1 } } }],
    });
    const appends = seen('POST', /\/values\/A%3AM:append$|\/values\/A:M:append$/);
    expect(appends).toHaveLength(2);
    for (const append of appends) {
      expect(append.query).toEqual({ valueInputOption: 'RAW', insertDataOption: 'INSERT_ROWS' });
      expect(append.authorization).toMatch(/^Bearer /);
    }
    const sheet = [...fake.sheets.values()].find((s) => s.title === 'Real implants leads');
    expect(sheet?.rows).toHaveLength(3);
    expect(sheet?.rows[0]).toEqual([
      'Captured at',
      'First name',
      'Last name',
      'E-mails',
      'Phones',
      'Street',
      'City',
      'State',
      'Zip',
      'Page URL',
      'Keyword',
      'Campaign',
      'Delivery ID',
    ]);
    // The two leads are delivered at once: the sheet holds them in the order they arrived.
    const appended = sheet?.rows.slice(1) ?? [];
    expect(appended.map((r) => r[1]).sort()).toEqual(
      ['=HYPERLINK("https://evil.example","click")', '+1 Gina'].sort(),
    );
    expect(appended.map((r) => r[12]).sort()).toEqual(deliveries.map((d) => `msg_${d.id}`).sort());
    expect(fake.problems.filter((p) => !p.startsWith('invalid_grant: Malformed'))).toEqual([]);
  });

  it('refreshes when Google answers 401, keeps the new token, and sends once', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    await ingest(campaign.id);
    await deliver(campaign.id);
    fake.requests.length = 0;
    fake.expireAccessTokens();
    await ingest(campaign.id);
    const deliveries = await deliver(campaign.id);
    expect(deliveries[1]).toMatchObject({ status: 'delivered', attempts: 1 });
    const [refresh] = seen('POST', /^\/token$/);
    expect(refresh?.body).toMatchObject({ grant_type: 'refresh_token', client_id: CLIENT.id });
    expect(seen('POST', /:append$/).map((r) => r.authorization)).toHaveLength(2);
    // The refreshed token was kept: the next lead needs no refresh.
    fake.requests.length = 0;
    await ingest(campaign.id);
    await deliver(campaign.id);
    expect(seen('POST', /^\/token$/)).toHaveLength(0);
  });

  it('tries 429, 5xx and a dropped connection again (looking for its row first), and delivers once', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    await ingest(campaign.id);
    await deliver(campaign.id);
    fake.requests.length = 0;
    fake.failNext(/:append$/, 429, {
      error: { code: 429, message: 'Quota exceeded', status: 'RESOURCE_EXHAUSTED' },
    });
    fake.failNext(/:append$/, 503);
    fake.failNext(/:append$/, 0);
    await ingest(campaign.id);
    const [, delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'delivered', attempts: 4 });
    const attempts = await queryRows<{ outcome: string; http_status: number | null; error: string | null }>(
      kit.rt.database.db,
      sql`select outcome, http_status, error from integration_delivery_attempts
           where delivery_id = ${delivery?.id as number} order by attempt`,
    );
    expect(attempts.map((a) => [a.outcome, a.http_status])).toEqual([
      ['failed', 429],
      ['failed', 503],
      ['failed', null],
      ['delivered', 200],
    ]);
    expect(attempts[0]?.error).toBe('Google answered HTTP 429: Quota exceeded');
    expect(attempts[2]?.error).toMatch(/^Google could not be reached/);
    // Each retry read the delivery ids (column M) before appending.
    expect(seen('GET', /\/values\/M(%3A|:)M$/)).toHaveLength(3);
    const sheet = [...fake.sheets.values()].find((s) => s.rows.some((r) => r[12] === `msg_${delivery?.id}`));
    expect(sheet?.rows.filter((r) => r[12] === `msg_${delivery?.id}`)).toHaveLength(1);
  });

  it('gives up at once on a spreadsheet Google does not have (404) or refuses (403)', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    await setSpreadsheet(campaign.id, '1NoSuchSpreadsheetOnTheFake0000000000000000');
    await ingest(campaign.id);
    const [missing] = await deliver(campaign.id);
    expect(missing).toMatchObject({ status: 'failed', attempts: 1, last_status: 404 });
    expect(missing?.last_error).toBe(
      'Google has no spreadsheet 1NoSuchSpreadsheetOnTheFake0000000000000000 (deleted, or not one this integration created): Requested entity was not found.',
    );

    const other = await insertCampaign(kit.rt.database.db);
    fake.sheets.set('1SomebodyElsesSpreadsheet00000000000000000', {
      title: 'Theirs',
      owner: 'x@example.com',
      rows: [],
    });
    await setSpreadsheet(other.id, '1SomebodyElsesSpreadsheet00000000000000000');
    await ingest(other.id);
    const [refused] = await deliver(other.id);
    expect(refused).toMatchObject({ status: 'failed', attempts: 1, last_status: 403 });
    expect(refused?.last_error).toMatch(
      /^Google refused access to the spreadsheet 1Somebody\w+: The caller does not have permission$/,
    );

    const check = await kit.rt.app.inject({
      method: 'PUT',
      url: '/api/leadspeek/spreadsheet/check',
      headers: { ...bearer(kit.token), 'content-type': 'application/json' },
      payload: JSON.stringify({
        dt: await kit.rt.seal({ userID: await contactId(), campaignID: other.id }),
      }),
    });
    expect(check.json().data.spreadsheet).toMatchObject({
      reachable: false,
      error: expect.stringMatching(/refused access/),
    });
  });

  it('gives up at once when Google refuses the refresh too (401 after refresh): sign in again', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    fake.revokeAll();
    fake.expireAccessTokens();
    await ingest(campaign.id);
    const [delivery] = await deliver(campaign.id);
    expect(delivery).toMatchObject({ status: 'failed', attempts: 1, last_error: SIGN_IN_AGAIN });
    const check = await kit.rt.app.inject({
      url: `/api/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`,
      headers: bearer(kit.token),
    });
    expect(check.json()).toMatchObject({ connected: true, working: false });
    expect(check.json().message).toContain(SIGN_IN_AGAIN);
  });

  it('revokes the grant at Google when the company disconnects', async () => {
    await connect();
    fake.requests.length = 0;
    const res = await kit.rt.app.inject({
      url: `/api/leadspeek/googlespreadsheet/revoke/${kit.harbor.clientId}`,
      headers: bearer(kit.token),
    });
    expect(res.json()).toMatchObject({ connected: false, google_account: ACCOUNT });
    const [revoke] = seen('POST', /^\/revoke$/);
    expect(revoke?.body).toMatchObject({ token: expect.stringMatching(/^1\/\/fake-/), client_id: CLIENT.id });
  });
});

async function contactId() {
  const [row] = await queryRows<{ id: number }>(
    kit.rt.database.db,
    sql`select id from users where email = ${DEMO.northwind.clients[0]?.contact.email ?? ''}`,
  );
  return row?.id;
}
