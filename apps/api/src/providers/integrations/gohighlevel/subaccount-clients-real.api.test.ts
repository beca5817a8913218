import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FakeGoHighLevel, startFakeGoHighLevel } from '../../../../test/fake-gohighlevel.js';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { demoClient } from '../../../../test/kits/campaigns.js';
import { bearer, send, signIn } from '../../../../test/sign-in.js';
import { loadOrCreateSecret } from '../../../lib/app-secrets.js';
import { createSecretBox } from '../../../lib/secret-box.js';

/*
 * Sub-accounts made clients and their menu links (decision 0109) with GoHighLevel configured, the
 * real adapter through the product against the local fake: the client made from the sub-account's
 * profile as GoHighLevel answers it; with the location-level sign-in of decision 0097 another
 * sub-account and the menu links are GoHighLevel's refusals (400 with its text, nothing kept); with
 * an agency's token (what an agency install holds) the link is created with the client's dashboard
 * URL, answered again without a second one, and deleted exactly.
 */

let rt: TestRuntime;
let fake: FakeGoHighLevel;
let northwind: number;
let owner: string;

beforeAll(async () => {
  fake = await startFakeGoHighLevel();
  rt = await startTestRuntime(
    {},
    {
      IN_PROCESS_WORKER: 'false',
      GHL_CLIENT_ID: fake.clientId,
      GHL_CLIENT_SECRET: fake.clientSecret,
      GHL_API_BASE: fake.base,
      GHL_AUTHORIZE_URL: 'https://marketplace.example.com/oauth/chooselocation',
    },
  );
  northwind = (await demoClient(rt.database.db)).agencyId;
  owner = (await signIn(rt, DEMO.northwind.owner.email)).access_token;
});
afterAll(async () => {
  await rt?.close();
  await fake?.close();
});

const db = () => rt.database.db;
const connectionOf = async () =>
  (
    await queryRows<{ id: number; settings: Record<string, unknown> }>(
      db(),
      sql`select id, settings from integration_connections
           where company_id = ${northwind} and provider = 'gohighlevel' and disconnected_at is null`,
    )
  )[0];

/** The agency signs in on GoHighLevel's consent page, choosing `loc_1`. */
async function connect() {
  const res = await send(
    rt,
    '/api/gohighlevel/v2/generateauthurl',
    { company_id: northwind },
    { token: owner },
  );
  const consent = new URL(res.json().url);
  const redirectUri = consent.searchParams.get('redirect_uri') ?? '';
  const back = new URL(redirectUri);
  back.searchParams.set(
    'code',
    fake.issueCode({
      locationId: 'loc_1',
      redirectUri,
      codeChallenge: consent.searchParams.get('code_challenge') ?? '',
    }),
  );
  back.searchParams.set('state', consent.searchParams.get('state') ?? '');
  const landing = await rt.app.inject({ url: `${back.pathname}${back.search}` });
  expect(landing.headers.location).toMatch(/connected=1$/);
}

let client: number;
const iframe = () =>
  send(
    rt,
    '/api/gohighlevel/v2/create-iframe/client',
    { company_id: northwind, client_company_id: client },
    { token: owner },
  );

describe('GoHighLevel sub-accounts made clients (the real adapter)', () => {
  it("makes a client from the sub-account GoHighLevel answers; another one is GoHighLevel's refusal", async () => {
    await connect();
    const res = await send(
      rt,
      '/api/gohighlevel/v2/create-client-from-subaccount',
      { company_id: northwind, location_id: 'loc_1' },
      { token: owner },
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      company_name: 'Fake location 1',
      name: 'Fay Owner 1',
      email: 'owner1@fake-location.example',
      phonenum: '3035551100',
      phone_country_code: 'US',
    });
    client = res.json().data[0].company_id;
    const read = fake.calls('GET /locations/loc_1').at(-1);
    expect(read?.headers.version).toBe('2021-07-28');

    const other = await send(
      rt,
      '/api/gohighlevel/v2/create-client-from-subaccount',
      { company_id: northwind, location_id: 'loc_2' },
      { token: owner },
    );
    expect(other.statusCode).toBe(400);
    expect(other.json().error.message).toBe(
      'GoHighLevel answered HTTP 403: The token does not have access to this location.',
    );
    expect(fake.problems).toEqual([]);
  });

  it("a location-level sign-in cannot add menu links: GoHighLevel's refusal, nothing kept", async () => {
    const res = await iframe();
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('GoHighLevel answered HTTP 403: Forbidden resource');
    expect(fake.menus.size).toBe(0);
    const links = (await connectionOf())?.settings.subaccount_clients as Record<
      string,
      { menu_link: unknown }
    >;
    expect(links.loc_1?.menu_link).toBeNull();
  });

  it("with an agency's token: the link to the client's dashboard, once, then deleted exactly", async () => {
    // What an agency install of the app holds (decision 0109: not yet what the sign-in asks for).
    const box = await createSecretBox(await loadOrCreateSecret(db(), 'data_key'));
    const sealed = await box.seal(
      JSON.stringify({
        access_token: fake.issueAgencyToken(),
        refresh_token: 'rt_agency',
        expires_at: new Date(Date.now() + 86_000_000).toISOString(),
      }),
    );
    await db().execute(
      sql`update integration_connections set sealed_secrets = ${sealed} where id = ${(await connectionOf())?.id}`,
    );
    // The location-level attempt above was refused: only what follows counts.
    fake.seen.length = 0;
    const first = await iframe();
    expect(first.statusCode, first.body).toBe(200);
    const link = first.json().menu_link;
    expect(link.url).toMatch(/^http:\/\/leads\.northwind\.test(:\d+)?\/dashboard$/);
    const [created] = fake.calls('POST /custom-menus/');
    expect(created?.body).toMatchObject({
      url: link.url,
      locations: ['loc_1'],
      openMode: 'iframe',
      showOnLocation: true,
      showToAllLocations: false,
    });
    const again = await iframe();
    expect(again.json()).toMatchObject({ created: false, menu_link: { id: link.id } });
    expect(fake.calls('POST /custom-menus/')).toHaveLength(1);
    expect(fake.calls(`GET /custom-menus/${link.id}`)).toHaveLength(1);

    const removed = await rt.app.inject({
      method: 'DELETE',
      url: `/api/gohighlevel/v2/delete-iframe/client?company_id=${northwind}&client_company_id=${client}`,
      headers: bearer(owner),
    });
    expect(removed.statusCode, removed.body).toBe(200);
    expect(fake.calls(`DELETE /custom-menus/${link.id}`)).toHaveLength(1);
    expect(fake.menus.size).toBe(0);
    expect(fake.problems).toEqual([]);
  });
});
