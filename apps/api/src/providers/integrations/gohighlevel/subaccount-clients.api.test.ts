import {
  EMAIL_TAKEN,
  GHL_NO_MENU_LINK,
  GHL_NOT_A_SUBACCOUNT_CLIENT,
  ghlLocationTaken,
  PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS,
} from '@app/contracts';
import { companies, DEMO, eq, queryRows, sql, users } from '@app/db';
import { beforeAll, describe, expect, it } from 'vitest';
import { demoClient, insertCampaign } from '../../../../test/kits/campaigns.js';
import { connectGoHighLevelSandbox } from '../../../../test/kits/gohighlevel.js';
import {
  deliverAll,
  ingestLead,
  sandboxRecords,
  useIntegrationsRuntime,
} from '../../../../test/kits/integrations.js';
import { bearer, lastEmailTo, send, signIn } from '../../../../test/sign-in.js';
import { retryPolicy } from '../../../lib/retry-policy.js';

/*
 * An agency's GoHighLevel sub-accounts turned into clients, and menu links to their dashboards
 * (decision 0109), on the sandbox through the routes: the client made by the users module (its
 * rules, invitation and user log) from the sub-account's profile, its leads delivered through the
 * agency's connection into that sub-account, a sub-account made a client once (also when asked
 * twice at once), refusals that change nothing, the menu link made once, kept, and deleted exactly.
 */

const kit = useIntegrationsRuntime({
  integrations: { retry: retryPolicy({ initialDelayMs: 1, maxDelayMs: 4, maxAttempts: 2 }) },
  user: DEMO.northwind.owner.email,
});
let northwind: number;
let owner: string;
beforeAll(async () => {
  northwind = kit.harbor.agencyId;
  owner = kit.token;
  await connectGoHighLevelSandbox(kit.rt, owner, northwind, 'sbx_loc_uptown');
});

const db = () => kit.rt.database.db;
const CREATE = '/api/gohighlevel/v2/create-client-from-subaccount';
const IFRAME = '/api/gohighlevel/v2/create-iframe/client';
const create = (body: Record<string, unknown>, token = owner) =>
  send(kit.rt, CREATE, { company_id: northwind, ...body }, { token });
const subaccounts = async () =>
  (
    await kit.rt.app.inject({
      url: `/api/gohighlevel/v2/list-subaccounts-all/${northwind}`,
      headers: bearer(owner),
    })
  ).json().data as {
    id: string;
    client: { company_id: number; name: string } | null;
    menu_link_id: string | null;
  }[];
const clientsNamed = (name: string) => db().select().from(companies).where(eq(companies.name, name));
const menusInSandbox = () =>
  sandboxRecords<{ id: string; url: string; locations: string[]; openMode: string; title: string }>(
    kit.rt,
    'gohighlevel',
    'custom_menu',
  );
const contactOf = async (email: string) =>
  (await sandboxRecords<{ email: string; locationId: string }>(kit.rt, 'gohighlevel', 'contact')).find(
    (r) => r.data.email === email,
  );
const removeLink = (clientCompanyId: number, token = owner) =>
  kit.rt.app.inject({
    method: 'DELETE',
    url: `/api/gohighlevel/v2/delete-iframe/client?company_id=${northwind}&client_company_id=${clientCompanyId}`,
    headers: bearer(token),
  });

let downtown: number;

describe('GoHighLevel sub-accounts made clients (sandbox)', () => {
  it("makes a client of a sub-account from its profile, through the users module's own create", async () => {
    const res = await create({ location_id: 'sbx_loc_downtown' });
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      result: 'success',
      message:
        'The client Sandbox: Downtown Office was created from the GoHighLevel sub-account Sandbox: Downtown Office.',
      location: { id: 'sbx_loc_downtown', name: 'Sandbox: Downtown Office' },
      data: [
        {
          user_type: 'client',
          company_name: 'Sandbox: Downtown Office',
          name: 'Dana Downtown',
          email: 'downtown@ghl-sandbox.test',
          phonenum: '3035550142',
          phone_country_code: 'US',
          status_acc: 'invited',
        },
      ],
    });
    downtown = body.data[0].company_id;
    const [company] = await clientsNamed('Sandbox: Downtown Office');
    expect(company).toMatchObject({ id: downtown, kind: 'client', parentId: northwind });
    // The invitation the users module sends, on the agency's address.
    const mail = await lastEmailTo(kit.rt, 'downtown@ghl-sandbox.test');
    expect(mail?.subject).toBe(`You are invited to ${DEMO.northwind.name}`);
    const logged = await queryRows<{ action: string }>(
      db(),
      sql`select action from user_logs where company_id in (${downtown}, ${northwind})
            and action in ('client_created', 'integration_client_linked') order by id`,
    );
    expect(logged.map((l) => l.action)).toEqual(['client_created', 'integration_client_linked']);
    expect((await subaccounts()).find((s) => s.id === 'sbx_loc_downtown')).toEqual({
      id: 'sbx_loc_downtown',
      name: 'Sandbox: Downtown Office',
      client: { company_id: downtown, name: 'Sandbox: Downtown Office' },
      menu_link_id: null,
    });
  });

  it('makes a sub-account a client once, also when asked twice at once', async () => {
    const again = await create({ location_id: 'sbx_loc_downtown', email: 'other.downtown@example.test' });
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(ghlLocationTaken('Sandbox: Downtown Office'));
    const both = await Promise.all([
      create({ location_id: 'sbx_loc_lakeside', email: 'lake.one@example.test' }),
      create({ location_id: 'sbx_loc_lakeside', email: 'lake.two@example.test' }),
    ]);
    expect(both.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    expect(await clientsNamed('Sandbox: Lakeside Branch')).toHaveLength(1);
    expect(await clientsNamed('Sandbox: Downtown Office')).toHaveLength(1);
  });

  it("refuses what it cannot do and changes nothing: GoHighLevel's 404, the users module's rules, other companies", async () => {
    const before = (await db().select().from(companies)).length;
    const unknown = await create({ location_id: 'sbx_loc_nowhere' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().error.message).toBe('GoHighLevel answered HTTP 404: Location not found');
    // The users module's own text for an address in use; the sub-account stays free.
    const taken = await create({ location_id: 'sbx_loc_uptown', email: DEMO.northwind.owner.email });
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.message).toBe(EMAIL_TAKEN);
    const invalid = await create({ location_id: 'sbx_loc_uptown', email: 'not-an-address' });
    expect(invalid.statusCode).toBe(400);
    expect((await subaccounts()).find((s) => s.id === 'sbx_loc_uptown')?.client).toBeNull();
    // A client may not make clients (users.create): 404; another agency's company: 404 by scope.
    const harbor = await signIn(kit.rt, DEMO.northwind.clients[0]?.contact.email ?? '');
    const { clientId } = await demoClient(db());
    const asClient = await send(
      kit.rt,
      CREATE,
      { company_id: clientId, location_id: 'sbx_loc_uptown' },
      { token: harbor.access_token },
    );
    expect(asClient.statusCode).toBe(404);
    const summit = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    expect((await create({ location_id: 'sbx_loc_uptown' }, summit)).statusCode).toBe(404);
    // Summit's own connection: the users module's rule (no payment account, no clients) answers.
    const summitId = (await db().select().from(users).where(eq(users.email, DEMO.summit.owner.email)))[0]
      ?.companyId;
    await connectGoHighLevelSandbox(kit.rt, summit, summitId as number, 'sbx_loc_uptown');
    const unpaid = await send(
      kit.rt,
      CREATE,
      { company_id: summitId, location_id: 'sbx_loc_uptown' },
      { token: summit },
    );
    expect(unpaid.statusCode).toBe(400);
    expect(unpaid.json().error.message).toBe(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);
    expect((await db().select().from(companies)).length).toBe(before);
    // Once the address is a free one, the same sub-account is made a client.
    const uptown = await create({
      location_id: 'sbx_loc_uptown',
      full_name: 'Una Uptown',
      phone: '7205550199',
    });
    expect(uptown.statusCode, uptown.body).toBe(200);
    expect(uptown.json().data[0]).toMatchObject({ name: 'Una Uptown', phonenum: '7205550199' });
  });

  it("delivers the new client's leads through the agency's connection into its sub-account", async () => {
    const campaign = await insertCampaign(db(), { clientName: 'Sandbox: Downtown Office' });
    const email = await ingestLead(kit.rt, campaign.id);
    const deliveries = await deliverAll(kit.rt, campaign.id, 'gohighlevel');
    expect(deliveries).toEqual([expect.objectContaining({ company_id: northwind, status: 'delivered' })]);
    const contact = await contactOf(email);
    // Not the sub-account the agency signed in with (Uptown): the one the client was made from.
    expect(contact?.data.locationId).toBe('sbx_loc_downtown');
  });

  it("adds a menu link opening the client's dashboard in its sub-account, once; deletes exactly it", async () => {
    const first = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: downtown },
      { token: owner },
    );
    expect(first.statusCode, first.body).toBe(200);
    const link = first.json().menu_link;
    expect(first.json()).toMatchObject({
      created: true,
      menu_link: { title: 'Leads dashboard', location_id: 'sbx_loc_downtown' },
    });
    expect(link.url).toMatch(/^http:\/\/leads\.northwind\.test(:\d+)?\/dashboard$/);
    expect((await menusInSandbox()).map((m) => m.data)).toEqual([
      expect.objectContaining({
        id: link.id,
        url: link.url,
        locations: ['sbx_loc_downtown'],
        openMode: 'iframe',
      }),
    ]);
    // Asked again: the same link, nothing new in GoHighLevel.
    const second = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: downtown },
      { token: owner },
    );
    expect(second.json()).toMatchObject({ created: false, menu_link: { id: link.id } });
    expect(await menusInSandbox()).toHaveLength(1);
    expect((await subaccounts()).find((s) => s.id === 'sbx_loc_downtown')?.menu_link_id).toBe(link.id);

    // Someone deleted it in GoHighLevel: the next create makes a new one.
    await db().execute(
      sql`delete from sandbox_integration_records where provider = 'gohighlevel' and kind = 'custom_menu'`,
    );
    const remade = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: downtown, title: 'Leads' },
      { token: owner },
    );
    expect(remade.json()).toMatchObject({ created: true, menu_link: { title: 'Leads' } });
    expect(remade.json().menu_link.id).not.toBe(link.id);

    // Another link in GoHighLevel stays when ours is deleted.
    const lakeside = (await subaccounts()).find((s) => s.id === 'sbx_loc_lakeside')?.client
      ?.company_id as number;
    const theirs = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: lakeside },
      { token: owner },
    );
    expect(theirs.statusCode).toBe(200);
    const removed = await removeLink(downtown);
    expect(removed.statusCode, removed.body).toBe(200);
    expect((await menusInSandbox()).map((m) => m.data.id)).toEqual([theirs.json().menu_link.id]);
    expect((await subaccounts()).find((s) => s.id === 'sbx_loc_downtown')?.menu_link_id).toBeNull();
    const twice = await removeLink(downtown);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toBe(GHL_NO_MENU_LINK);
  });

  it('refuses a client not made from a sub-account, and other agencies', async () => {
    const { clientId } = await demoClient(db());
    const harbor = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: clientId },
      { token: owner },
    );
    expect(harbor.statusCode).toBe(400);
    expect(harbor.json().error.message).toBe(GHL_NOT_A_SUBACCOUNT_CLIENT);
    const summit = (await signIn(kit.rt, DEMO.summit.owner.email)).access_token;
    const foreign = await send(
      kit.rt,
      IFRAME,
      { company_id: northwind, client_company_id: downtown },
      { token: summit },
    );
    expect(foreign.statusCode).toBe(404);
    expect((await removeLink(downtown, summit)).statusCode).toBe(404);
  });

  it('keeps the sub-accounts made clients when the agency signs in to GoHighLevel again', async () => {
    await connectGoHighLevelSandbox(kit.rt, owner, northwind, 'sbx_loc_lakeside');
    const list = await subaccounts();
    expect(list.find((s) => s.id === 'sbx_loc_downtown')?.client?.company_id).toBe(downtown);
    const campaign = await insertCampaign(db(), { clientName: 'Sandbox: Downtown Office' });
    const email = await ingestLead(kit.rt, campaign.id);
    expect(await deliverAll(kit.rt, campaign.id, 'gohighlevel')).toEqual([
      expect.objectContaining({ status: 'delivered' }),
    ]);
    const contact = await contactOf(email);
    expect(contact?.data.locationId).toBe('sbx_loc_downtown');
  });
});
