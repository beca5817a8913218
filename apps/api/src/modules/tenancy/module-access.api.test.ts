import { createHash } from 'node:crypto';
import { BETA_AGREEMENT_REQUIRED, MODULE_NOT_OPEN } from '@app/contracts';
import {
  and,
  betaTesters,
  campaigns,
  companyModules,
  DEMO,
  eq,
  leads,
  rolePermissions,
  roles,
  users,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { campaignState, insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import { bearer } from '../../../test/sign-in.js';

/*
 * One rule decides "may the people of this agency or client open module M" (decision 0063) and the
 * beta agreement gates a beta module's campaigns (decision 0064): the session and setup check the
 * web app's menus read, the module pages' data, campaign creation and activation, and the billing of
 * leads. And a role's LeadsPeek `enable` gates reading campaigns and leads (issue 20, M2).
 */

let rt: TestRuntime;
let client: Who;
let owner: Who;
let harbor: number;
let northwind: number;
const B2B = 2;

beforeAll(async () => {
  rt = await startTestRuntime({}, { IN_PROCESS_WORKER: 'false' });
  client = await who(rt, PEOPLE.client);
  owner = await who(rt, PEOPLE.northwind);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
});
afterAll(() => rt?.close());

const listOf = (by: Who, module: string, company: number, clientId = 0) =>
  get(rt, `/leadspeek/client/all/${module}/${company}/${clientId}/none/none/-?PerPage=100`, by.token);
const idsIn = (res: { json(): { data: { leadspeek_api_id: string }[] } }) =>
  res.json().data.map((row) => row.leadspeek_api_id);

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const vendorIdentity = (email: string) => ({
  id: `vendor-${email}`,
  emailMd5: md5(email),
  firstName: 'Test',
  lastName: 'Person',
  emails: [email],
  phones: ['512-555-0101'],
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  company: null,
});

async function ingestAll() {
  while (await rt.services.leads.ingest.processNextBatch(50)) {}
}

const setClientModule = (module: 'enhance' | 'b2b', enabled: boolean) =>
  rt.database.db
    .update(companyModules)
    .set({ enabled })
    .where(and(eq(companyModules.companyId, harbor), eq(companyModules.module, module)));

const b2bBody = (name: string) => ({
  leadspeekType: 'b2b',
  clientID: harbor,
  campaignName: name,
  nationaltargeting: 'T',
});

describe('decision 0063: a client sees, and is billed for, exactly the modules it may open', () => {
  it("Harbor's people see its Enhance ID and B2B ID campaigns, and so does Northwind, which runs them", async () => {
    const me = (await get(rt, '/user', client.token)).json();
    const enabled = me.modules
      .filter((m: { enabled: boolean }) => m.enabled)
      .map((m: { type: string }) => m.type);
    expect(enabled).toEqual(['local', 'locator', 'enhance', 'b2b']);
    expect(me.leadspeek_type.split('|')).toEqual(['local', 'locator', 'enhance', 'b2b']);
    const setup = (await get(rt, `/user/checksetupcomplete/${client.id}`, client.token)).json();
    expect(setup.betaFeature.find((f: { id: number }) => f.id === B2B)).toMatchObject({
      is_beta: true,
      is_tester: true,
      agreement_status: 'F',
    });

    expect(idsIn(await listOf(client, 'enhance', harbor, harbor))).toContain('40010004');
    expect(idsIn(await listOf(client, 'b2b', harbor, harbor))).toContain('40010005');
    expect(idsIn(await listOf(owner, 'b2b', northwind))).toContain('40010005');
    const dashboard = await get(rt, `/leadspeek/report/dashboard/${harbor}/${harbor}/b2b`, client.token);
    expect(dashboard.statusCode, dashboard.body).toBe(200);
  });

  it('without the beta the module is closed to the agency and its client: no pages, no campaigns, no billing', async () => {
    const running = await insertCampaign(rt.database.db, { module: 'b2b', name: 'B2B beta left' });
    await rt.database.db
      .delete(betaTesters)
      .where(and(eq(betaTesters.companyId, northwind), eq(betaTesters.featureId, B2B)));
    try {
      const me = (await get(rt, '/user', client.token)).json();
      const setup = (await get(rt, `/user/checksetupcomplete/${client.id}`, client.token)).json();
      expect(setup.betaFeature.find((f: { id: number }) => f.id === B2B)?.is_tester).toBe(false);
      // The session still lists the switch; the setup check's beta standing closes the module.
      expect(me.leadspeek_type).toContain('b2b');

      expect((await listOf(client, 'b2b', harbor, harbor)).statusCode).toBe(404);
      expect((await listOf(owner, 'b2b', northwind)).statusCode).toBe(404);
      expect(
        (await get(rt, `/leadspeek/report/lead/${harbor}/${harbor}/0?moduleType=b2b`, client.token))
          .statusCode,
      ).toBe(404);
      const created = await post(rt, '/leadspeek/client/create', b2bBody('Refused B2B'), owner.token);
      expect(created.statusCode, created.body).toBe(409);
      expect(created.json().error.message).toBe(MODULE_NOT_OPEN);

      // A lead arriving for the running campaign is neither stored nor billed; the campaign stops
      // taking leads until the module is open again.
      await rt.services.leads.intake.insert([
        {
          campaignId: running.id,
          source: 'vendor_callback',
          payload: vendorIdentity('closed.b2b@example.com'),
        },
      ]);
      await ingestAll();
      const { leads: stored, rejections } = await outcomes(rt.database.db, running.id);
      expect(stored).toHaveLength(0);
      expect(rejections.map((r) => r.reason)).toEqual(['module_unavailable']);
      const state = await campaignState(rt.database.db, running.id);
      expect(state).toMatchObject({ status: 'paused_on_run', pause_reason: 'module_unavailable' });
      expect(state.moves.at(-1)).toMatchObject({ event: 'pause_on_run', reason: 'module_unavailable' });
    } finally {
      await rt.database.db.insert(betaTesters).values({ companyId: northwind, featureId: B2B });
    }
  });

  it('a module the client was switched off bills nothing, and its campaign resumes only once it is on again', async () => {
    const running = await insertCampaign(rt.database.db, { module: 'enhance', name: 'Enhance switched off' });
    await setClientModule('enhance', false);
    try {
      const me = (await get(rt, '/user', client.token)).json();
      expect(me.leadspeek_type.split('|')).not.toContain('enhance');
      await rt.services.leads.intake.insert([
        {
          campaignId: running.id,
          source: 'vendor_callback',
          payload: vendorIdentity('off.enhance@example.com'),
        },
      ]);
      await ingestAll();
      expect(await rt.database.db.select().from(leads).where(eq(leads.campaignId, running.id))).toHaveLength(
        0,
      );
      expect(await campaignState(rt.database.db, running.id)).toMatchObject({
        status: 'paused_on_run',
        pause_reason: 'module_unavailable',
      });
      const refused = await put(
        rt,
        '/leadspeek/client/activepause',
        { leadspeekID: running.id, status: 'running' },
        owner.token,
      );
      expect(refused.statusCode, refused.body).toBe(409);
      expect(refused.json().error.message).toBe(MODULE_NOT_OPEN);
    } finally {
      await setClientModule('enhance', true);
    }
    const resumed = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: running.id, status: 'running' },
      owner.token,
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    await rt.services.leads.intake.insert([
      {
        campaignId: running.id,
        source: 'vendor_callback',
        payload: vendorIdentity('on.enhance@example.com'),
      },
    ]);
    await ingestAll();
    expect(await rt.database.db.select().from(leads).where(eq(leads.campaignId, running.id))).toHaveLength(1);
  });
});

describe('decision 0064: a beta module needs its agreement before campaigns are created or started', () => {
  it('refuses creating and resuming a B2B campaign until the agency accepts, then allows both', async () => {
    const refused = await post(rt, '/leadspeek/client/create', b2bBody('Before the agreement'), owner.token);
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().error.message).toBe(BETA_AGREEMENT_REQUIRED);
    // The client cannot go around its agency.
    const byClient = await post(rt, '/leadspeek/client/create', b2bBody('By the client'), client.token);
    expect(byClient.statusCode, byClient.body).toBe(403);

    // The seeded running B2B campaign can be paused by whoever runs it, but not started again.
    const [seeded] = await rt.database.db.select().from(campaigns).where(eq(campaigns.publicId, '40010005'));
    if (!seeded) throw new Error('no seeded B2B campaign');
    const move = (status: 'running' | 'paused') =>
      put(rt, '/leadspeek/client/activepause', { leadspeekID: seeded.id, status }, owner.token);
    expect((await move('paused')).statusCode).toBe(200);
    const resume = await move('running');
    expect(resume.statusCode, resume.body).toBe(403);
    expect(resume.json().error.message).toBe(BETA_AGREEMENT_REQUIRED);

    const accepted = await put(
      rt,
      `/marketing-services-agreement-feature/${owner.id}/${B2B}`,
      {
        feature_id: B2B,
        feature_name: 'B2B ID',
        user_id: owner.id,
        is_marketing_services_agreement_feature: 'T',
        company_name: DEMO.northwind.name,
        company_id: northwind,
      },
      owner.token,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const setup = (await get(rt, `/user/checksetupcomplete/${client.id}`, client.token)).json();
    expect(setup.betaFeature.find((f: { id: number }) => f.id === B2B)?.agreement_status).toBe('T');

    expect((await move('running')).statusCode).toBe(200);
    const created = await post(rt, '/leadspeek/client/create', b2bBody('After the agreement'), owner.token);
    expect(created.statusCode, created.body).toBe(200);
  });
});

describe('M2: a role without the LeadsPeek enable switch reads no campaigns and no leads', () => {
  async function administratorWithLeadspeek(enable: boolean): Promise<string> {
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwind, name: `LeadsPeek ${enable ? 'on' : 'off'} ${Math.random()}` })
      .returning();
    if (!role) throw new Error('no role');
    await rt.database.db.insert(rolePermissions).values([
      { roleId: role.id, module: 'leadspeek', canEnable: enable },
      { roleId: role.id, module: 'settings', canEnable: true, canUpdate: true },
    ]);
    await rt.database.db
      .update(users)
      .set({ roleId: role.id })
      .where(eq(users.email, DEMO.northwind.administrator.email));
    return (await who(rt, PEOPLE.northwindAdmin)).token;
  }

  it('refuses the campaign list, the lead report and the lead download; with the switch they answer', async () => {
    const reads = (token: string) => [
      get(rt, `/leadspeek/client/all/local/${northwind}/0/none/none/-`, token),
      get(rt, `/leadspeek/report/lead/${northwind}/0/0`, token),
      rt.app.inject({
        url: `/api/leadspeek/report/lead-download/${northwind}/0/0?format=csv`,
        headers: bearer(token),
      }),
    ];
    const off = await Promise.all(reads(await administratorWithLeadspeek(false)));
    for (const res of off) expect(res.statusCode, res.body).toBe(403);
    expect(off[2]?.body).not.toContain('@');
    const on = await Promise.all(reads(await administratorWithLeadspeek(true)));
    for (const res of on) expect(res.statusCode, res.body.slice(0, 200)).toBe(200);
  });
});
