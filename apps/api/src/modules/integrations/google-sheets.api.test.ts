import { GOOGLE_NOT_CONNECTED, GOOGLE_REVOKED, SPREADSHEET_RESET } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import {
  deliverAll,
  deliveriesOf,
  deliverUntil,
  ingestLeads,
  useIntegrationsRuntime,
} from '../../../test/kits/integrations.js';
import { bearer, lastEmailTo, send, signIn } from '../../../test/sign-in.js';

/*
 * Google Sheets as an integration (decision 0098) on its sandbox, end to end through the routes: a
 * client connects its (sandbox) Google account through the consent page and the OAuth callback,
 * each lead of a campaign is appended as one row to the campaign's own spreadsheet (created on the
 * first lead), a retried delivery writes no second row, and the campaign screens' six Google Sheets
 * calls answer from that state. The worker is off: each test drains the engine itself.
 */

const GOOGLE_ACCOUNT = 'harbor.sheets@example.com';
const kit = useIntegrationsRuntime();
let agencyToken: string;
let otherAgencyToken: string;
let clientUserId: number;
beforeAll(async () => {
  agencyToken = (await signIn(kit.rt, DEMO.northwind.owner.email)).access_token;
  otherAgencyToken = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
  const [me] = await queryRows<{ id: number }>(
    kit.rt.database.db,
    sql`select id from users where email = ${DEMO.northwind.clients[0]?.contact.email ?? ''}`,
  );
  clientUserId = (me as { id: number }).id;
});

/** Leads named after the sheet (their e-mails too: `sheets.…@example.com`). */
const ingest = (campaignId: number, count: number, firstName = 'Sheila') =>
  ingestLeads(kit.rt, campaignId, count, {
    firstName,
    lastName: 'Sheets',
    phones: ['303-555-0142'],
    address: { street: '9 Column Rd', city: 'Denver', state: 'CO', zip: '80202' },
  });

/** The sandbox spreadsheet's rows (header first), as the sandbox keeps them. */
async function rowsOf(spreadsheetId: string): Promise<string[][]> {
  const rows = await queryRows<{ data: { values: string[] } }>(
    kit.rt.database.db,
    sql`select r.data from sandbox_integration_records r
          join sandbox_integration_accounts a on a.id = r.account_id
         where a.provider = 'google-sheets' and a.external_id = ${spreadsheetId} and r.kind = 'row'
         order by r.id`,
  );
  return rows.map((r) => r.data.values);
}

async function spreadsheetIdOf(campaignId: number): Promise<string | undefined> {
  const [row] = await queryRows<{ id: string | null }>(
    kit.rt.database.db,
    sql`select s.settings->>'spreadsheet_id' as id from integration_campaign_settings s
          join integration_connections k on k.id = s.connection_id
         where s.campaign_id = ${campaignId} and k.provider = 'google-sheets' and k.disconnected_at is null`,
  );
  return row?.id ?? undefined;
}

/** The browser's trip: authorize → the sandbox consent page → Allow (or Deny) → the OAuth callback. */
async function connectGoogle(
  companyId: number,
  token: string,
  decision: 'allow' | 'deny' = 'allow',
): Promise<string> {
  const start = await kit.rt.app.inject({
    method: 'POST',
    url: `/api/integrations/${companyId}/google-sheets/authorize`,
    headers: { ...bearer(token), 'content-type': 'application/json' },
    payload: JSON.stringify({ dt: await kit.rt.seal({}) }),
  });
  expect(start.statusCode, start.body).toBe(200);
  const consent = new URL(start.json().url);
  expect(consent.pathname).toBe('/sandbox/oauth/google-sheets/authorize');
  expect(consent.searchParams.get('code_challenge_method')).toBe('S256');
  expect(consent.searchParams.get('access_type')).toBe('offline');
  expect(consent.searchParams.get('scope')).toBe('https://www.googleapis.com/auth/drive.file');
  const page = await kit.rt.app.inject({
    url: `${consent.pathname}${consent.search}`,
    headers: { host: consent.host },
  });
  expect(page.statusCode, page.body).toBe(200);
  expect(page.body).toContain('SANDBOX');
  expect(page.body).toContain('sandbox.user@example.com');
  const form = new URLSearchParams(consent.searchParams);
  form.set('email', GOOGLE_ACCOUNT);
  form.set('decision', decision);
  const chosen = await kit.rt.app.inject({
    method: 'POST',
    url: consent.pathname,
    headers: { host: consent.host, 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
  expect(chosen.statusCode, chosen.body).toBe(303);
  const back = new URL(chosen.headers.location as string);
  expect(back.pathname).toBe('/api/integrations/oauth/callback');
  expect(back.searchParams.get('state')).toBe(consent.searchParams.get('state'));
  const callback = await kit.rt.app.inject({
    url: `${back.pathname}${back.search}`,
    headers: { host: back.host },
  });
  expect(callback.statusCode).toBe(302);
  return callback.headers.location as string;
}

const get = (url: string, token: string) => kit.rt.app.inject({ url: `/api${url}`, headers: bearer(token) });
const put = (url: string, body: unknown, token: string) =>
  send(kit.rt, `/api${url}`, body, { token, method: 'PUT' });

describe('Google Sheets (sandbox)', () => {
  it('refuses the consent page a redirect URI other than the app’s own callback', async () => {
    const res = await kit.rt.app.inject({
      url: `/sandbox/oauth/google-sheets/authorize?${new URLSearchParams({
        response_type: 'code',
        state: 's',
        scope: 'https://www.googleapis.com/auth/drive.file',
        code_challenge: 'a'.repeat(43),
        code_challenge_method: 'S256',
        redirect_uri: 'https://evil.example/api/integrations/oauth/callback',
      })}`,
    });
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('redirect_uri_mismatch');
  });

  it('a denied consent connects nothing', async () => {
    const landing = await connectGoogle(kit.harbor.clientId, kit.token, 'deny');
    expect(landing).toMatch(/\/integrations\/google-sheets\?error=access_denied$/);
    const res = await get(`/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`, kit.token);
    expect(res.json()).toMatchObject({ connected: false, message: GOOGLE_NOT_CONNECTED, sandbox: true });
  });

  it('connects through the consent page: check-connect names the Google account', async () => {
    const landing = await connectGoogle(kit.harbor.clientId, kit.token);
    expect(landing).toMatch(/\/integrations\/google-sheets\?connected=1$/);
    const res = await get(`/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`, kit.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'success',
      connected: true,
      google_account: GOOGLE_ACCOUNT,
      working: true,
      sandbox: true,
    });
    // Tokens are sealed on the connection; the sandbox keeps only their hashes.
    const [connection] = await queryRows<{ settings: unknown; sealed_secrets: string }>(
      kit.rt.database.db,
      sql`select settings, sealed_secrets from integration_connections
           where company_id = ${kit.harbor.clientId} and provider = 'google-sheets' and disconnected_at is null`,
    );
    expect(connection?.settings).toEqual({ google_account: GOOGLE_ACCOUNT });
    expect(connection?.sealed_secrets).not.toContain('sandbox-');
  });

  it('appends one row per lead to the campaign’s own spreadsheet; a retried delivery adds none', async () => {
    const campaign = await insertCampaign(kit.rt.database.db, { name: 'Dental implants' });
    await ingest(campaign.id, 2, '=HYPERLINK("https://evil.example")');
    await deliverAll(kit.rt, campaign.id);
    const deliveries = await deliveriesOf(kit.rt, campaign.id);
    expect(deliveries.map((d) => d.status)).toEqual(['delivered', 'delivered']);
    const spreadsheetId = await spreadsheetIdOf(campaign.id);
    expect(spreadsheetId).toMatch(/^[A-Za-z0-9_-]{44}$/);
    const rows = await rowsOf(spreadsheetId as string);
    expect(rows).toHaveLength(3);
    expect(rows[0]?.slice(0, 3)).toEqual(['Captured at', 'First name', 'Last name']);
    // The formula stays text (RAW); the columns are the lead's; the last one the delivery id. The two
    // leads are delivered at once, so their rows may come in either order: each is found by its id.
    const firstRow = rows.slice(1).find((r) => r[12] === `msg_${deliveries[0]?.id}`);
    expect(firstRow?.[1]).toBe('=HYPERLINK("https://evil.example")');
    expect(firstRow?.slice(2, 12)).toEqual([
      'Sheets',
      expect.stringMatching(/^sheets\..*@example\.com$/),
      expect.stringMatching(/303/),
      '9 Column Rd',
      'Denver',
      'CO',
      '80202',
      '',
      '',
      'Dental implants',
    ]);
    expect(
      rows
        .slice(1)
        .map((r) => r[12])
        .sort(),
    ).toEqual(deliveries.map((d) => `msg_${d.id}`).sort());

    // The first delivery's answer was "lost": it is sent again, and finds its row.
    const first = deliveries[0] as { id: number };
    await kit.rt.database.db.execute(
      sql`update integration_deliveries set status = 'queued', next_attempt_at = now() where id = ${first.id}`,
    );
    await deliverUntil(
      kit.rt,
      async () => (await deliveriesOf(kit.rt, campaign.id))[0]?.status === 'delivered',
    );
    expect(await rowsOf(spreadsheetId as string)).toHaveLength(3);
    const [attempt] = await queryRows<{ request: string }>(
      kit.rt.database.db,
      sql`select request from integration_delivery_attempts where delivery_id = ${first.id} order by attempt desc limit 1`,
    );
    expect(attempt?.request).toMatch(/already written/);

    // One spreadsheet per campaign: a second campaign gets its own.
    const other = await insertCampaign(kit.rt.database.db, { name: 'Whitening' });
    await ingest(other.id, 1);
    await deliverAll(kit.rt, other.id);
    const otherSheet = await spreadsheetIdOf(other.id);
    expect(otherSheet).not.toBe(spreadsheetId);
    expect(await rowsOf(otherSheet as string)).toHaveLength(2);
  });

  it('refreshes an access token Google stopped accepting (rotating the refresh token) and keeps it', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    await kit.rt.database.db.execute(
      sql`update sandbox_integration_tokens set expires_at = now() where provider = 'google-sheets' and kind = 'access'`,
    );
    await ingest(campaign.id, 1);
    await deliverAll(kit.rt, campaign.id);
    expect((await deliveriesOf(kit.rt, campaign.id))[0]).toMatchObject({ status: 'delivered', attempts: 1 });
    const refreshTokens = await queryRows<{ used: boolean; revoked: boolean }>(
      kit.rt.database.db,
      sql`select used_at is not null as used, revoked_at is not null as revoked from sandbox_integration_tokens
           where provider = 'google-sheets' and kind = 'refresh' order by created_at`,
    );
    expect(refreshTokens.filter((t) => !t.used && !t.revoked)).toHaveLength(1);
    expect(refreshTokens.some((t) => t.used)).toBe(true);
  });

  it('answers the campaign’s spreadsheet, its history, and replays failed rows (reset, logged)', async () => {
    const campaign = await insertCampaign(kit.rt.database.db, { name: 'Braces', reportType: 'GoogleSheet' });
    await ingest(campaign.id, 1);
    await deliverAll(kit.rt, campaign.id);
    const spreadsheetId = (await spreadsheetIdOf(campaign.id)) as string;

    const check = await put(
      '/leadspeek/spreadsheet/check',
      { userID: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(check.statusCode, check.body).toBe(200);
    expect(check.json().data).toMatchObject({
      leadspeek_api_id: campaign.publicId,
      report_to_sheet: true,
      google_connected: true,
      google_account: GOOGLE_ACCOUNT,
      from_agency: false,
      sandbox: true,
      spreadsheet: {
        id: spreadsheetId,
        title: 'Braces leads',
        url: `/sandbox/google-sheets/spreadsheets/${spreadsheetId}`,
        reachable: true,
        error: null,
      },
      rows_sent: 1,
    });
    const sheetPage = await kit.rt.app.inject({
      url: `/sandbox/google-sheets/spreadsheets/${spreadsheetId}`,
    });
    expect(sheetPage.body).toContain('SANDBOX');
    expect(sheetPage.body).not.toContain('Sheila');

    // The campaign now points at a spreadsheet Google does not have: the next lead fails for good.
    await kit.rt.database.db.execute(
      sql`update integration_campaign_settings set settings = '{"spreadsheet_id":"1NoSuchSpreadsheetInTheSandbox000000000000"}'
           where campaign_id = ${campaign.id}`,
    );
    await ingest(campaign.id, 1);
    await deliverAll(kit.rt, campaign.id);
    const failed = (await deliveriesOf(kit.rt, campaign.id))[1];
    expect(failed).toMatchObject({ status: 'failed', attempts: 1 });
    expect(failed?.last_error).toMatch(/^Google has no spreadsheet 1NoSuchSpreadsheet\w+ \(deleted/);

    const broken = await put(
      '/leadspeek/spreadsheet/check',
      { userID: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(broken.json().data.spreadsheet).toMatchObject({ reachable: false, url: null });

    const history = await get(`/leadspeek/spreadsheet/history/${campaign.id}`, kit.token);
    expect(history.statusCode, history.body).toBe(200);
    expect(
      history
        .json()
        .data.map((d: { status: string; attempts: number; from_agency: boolean }) => [
          d.status,
          d.attempts,
          d.from_agency,
        ]),
    ).toEqual([
      ['failed', 1, false],
      ['delivered', 1, false],
    ]);

    // Fixed (the campaign's spreadsheet back), the reset sends the failed row again.
    await kit.rt.database.db.execute(
      sql`update integration_campaign_settings set settings = ${JSON.stringify({ spreadsheet_id: spreadsheetId })}::jsonb
           where campaign_id = ${campaign.id}`,
    );
    const reset = await put(
      '/leadspeek/spreadsheet/reset',
      { userLogin: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json()).toEqual({ result: 'success', message: SPREADSHEET_RESET, requeued: 1 });
    await deliverAll(kit.rt, campaign.id);
    expect((await deliveriesOf(kit.rt, campaign.id)).map((d) => d.status)).toEqual([
      'delivered',
      'delivered',
    ]);
    expect(await rowsOf(spreadsheetId)).toHaveLength(3);
    const [logged] = await queryRows<{ description: string }>(
      kit.rt.database.db,
      sql`select description from user_logs where action = 'integration_deliveries_replayed'
           and company_id = ${kit.harbor.clientId} order by id desc limit 1`,
    );
    expect(logged?.description).toMatch(/^Replayed 1 failed lead delivery/);
    const again = await put(
      '/leadspeek/spreadsheet/reset',
      { userLogin: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(again.json().requeued).toBe(0);

    // The spreadsheet is deleted in Drive: the next row fails; a reset forgets it and a new one is made.
    await kit.rt.database.db.execute(
      sql`update sandbox_integration_accounts set external_id = 'deleted-' || external_id
           where provider = 'google-sheets' and external_id = ${spreadsheetId}`,
    );
    await ingest(campaign.id, 1);
    await deliverAll(kit.rt, campaign.id);
    expect((await deliveriesOf(kit.rt, campaign.id))[2]?.status).toBe('failed');
    const fresh = await put(
      '/leadspeek/spreadsheet/reset',
      { userLogin: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(fresh.json()).toMatchObject({
      requeued: 1,
      message: expect.stringContaining('creates a new one'),
    });
    await deliverAll(kit.rt, campaign.id);
    expect((await deliveriesOf(kit.rt, campaign.id))[2]?.status).toBe('delivered');
    const newSheet = (await spreadsheetIdOf(campaign.id)) as string;
    expect(newSheet).not.toBe(spreadsheetId);
    expect(await rowsOf(newSheet)).toHaveLength(2);
  });

  it('resends the connect link to the client only while it has not connected Google', async () => {
    const campaign = await insertCampaign(kit.rt.database.db, { name: 'Cleanings' });
    const connected = await send(
      kit.rt,
      '/api/leadspeek/client/resendgooglelink',
      { leadspeekID: campaign.id },
      { token: agencyToken },
    );
    expect(connected.statusCode).toBe(409);
    expect(connected.json().error.message).toContain(GOOGLE_ACCOUNT);

    // The client revokes Google's access: its connection ends, and Google's tokens with it.
    const revoke = await get(`/leadspeek/googlespreadsheet/revoke/${kit.harbor.clientId}`, kit.token);
    expect(revoke.statusCode, revoke.body).toBe(200);
    expect(revoke.json()).toMatchObject({
      connected: false,
      message: GOOGLE_REVOKED,
      google_account: GOOGLE_ACCOUNT,
    });
    const live = await queryRows<{ n: number }>(
      kit.rt.database.db,
      sql`select count(*)::int as n from sandbox_integration_tokens
           where provider = 'google-sheets' and kind in ('access', 'refresh') and revoked_at is null`,
    );
    expect(live[0]?.n).toBe(0);
    const after = await get(`/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`, kit.token);
    expect(after.json()).toMatchObject({ connected: false, message: GOOGLE_NOT_CONNECTED });
    const noneLeft = await get(`/leadspeek/googlespreadsheet/revoke/${kit.harbor.clientId}`, kit.token);
    expect(noneLeft.json()).toMatchObject({ connected: false, message: GOOGLE_NOT_CONNECTED });

    const res = await send(
      kit.rt,
      '/api/leadspeek/client/resendgooglelink',
      { leadspeekID: campaign.id },
      { token: agencyToken },
    );
    expect(res.statusCode, res.body).toBe(200);
    const contact = DEMO.northwind.clients[0]?.contact.email ?? '';
    expect(res.json().message).toContain(contact);
    const mail = await lastEmailTo(kit.rt, contact);
    expect(mail?.subject).toBe('[Sandbox] Connect Google Sheets for your leads');
    expect(mail?.textBody).toMatch(/\/integrations\/google-sheets\n/);
    expect(mail?.textBody).toContain('Cleanings');
  });

  it('uses the agency’s connection for its clients’ campaigns; the client does not see it', async () => {
    await connectGoogle(kit.harbor.agencyId, agencyToken);
    const campaign = await insertCampaign(kit.rt.database.db, { name: 'Agency-wide' });
    await ingest(campaign.id, 1);
    await deliverAll(kit.rt, campaign.id);
    const asAgency = await put(
      '/leadspeek/spreadsheet/check',
      { userID: (await userIdOf(DEMO.northwind.owner.email)) as number, campaignID: campaign.id },
      agencyToken,
    );
    expect(asAgency.json().data).toMatchObject({ google_connected: true, from_agency: true, rows_sent: 1 });
    const asClient = await put(
      '/leadspeek/spreadsheet/check',
      { userID: clientUserId, campaignID: campaign.id },
      kit.token,
    );
    expect(asClient.json().data).toMatchObject({ google_connected: false, spreadsheet: null });
    expect((await get(`/leadspeek/spreadsheet/history/${campaign.id}`, kit.token)).json().data).toEqual([]);
    expect(
      (await get(`/leadspeek/spreadsheet/history/${campaign.id}`, agencyToken)).json().data,
    ).toHaveLength(1);
  });

  it('answers 404 to another agency on all six calls', async () => {
    const campaign = await insertCampaign(kit.rt.database.db);
    const otherUser = (await userIdOf(DEMO.summit.owner.email)) as number;
    const calls = [
      () => get(`/leadspeek/googlespreadsheet/check-connect/${kit.harbor.clientId}`, otherAgencyToken),
      () => get(`/leadspeek/googlespreadsheet/revoke/${kit.harbor.agencyId}`, otherAgencyToken),
      () =>
        put('/leadspeek/spreadsheet/check', { userID: otherUser, campaignID: campaign.id }, otherAgencyToken),
      () => get(`/leadspeek/spreadsheet/history/${campaign.id}`, otherAgencyToken),
      () =>
        put(
          '/leadspeek/spreadsheet/reset',
          { userLogin: otherUser, campaignID: campaign.id },
          otherAgencyToken,
        ),
      () =>
        send(
          kit.rt,
          '/api/leadspeek/client/resendgooglelink',
          { leadspeekID: campaign.id },
          { token: otherAgencyToken },
        ),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode, res.body).toBe(404);
    }
    // The agency's connection is still there.
    const mine = await get(`/leadspeek/googlespreadsheet/check-connect/${kit.harbor.agencyId}`, agencyToken);
    expect(mine.json().connected).toBe(true);
  });
});

async function userIdOf(email: string) {
  const [row] = await queryRows<{ id: number }>(
    kit.rt.database.db,
    sql`select id from users where email = ${email}`,
  );
  return row?.id;
}
