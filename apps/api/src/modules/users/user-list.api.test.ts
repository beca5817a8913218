import { and, companies, companyGroups, companyModules, companyPaymentTerms, DEMO, eq } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardOnFile } from '../../../test/kits/cards.js';
import { declinedCharge } from '../../../test/kits/payment-failures.js';
import { bearer, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
let root: { token: string; company: number; system: number };
beforeAll(async () => {
  rt = await startTestRuntime();
  const { access_token } = await signIn(rt, DEMO.master.rootUser.email);
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  root = { token: access_token, company: me.company_root_id, system: me.idsys };
});
afterAll(() => rt?.close());

const agencies = (token: string, company: number, system: number, path = 'none/none/-', query = '') =>
  rt.app.inject({
    url: `/api/configuration/user/${company}/all/${system}/userdownline/all/${path}${query}`,
    headers: bearer(token),
  });

describe('agency list', () => {
  it('lists the system user’s agencies, sorted both ways, searched and paged', async () => {
    const asc = (await agencies(root.token, root.company, root.system, 'company_name/asc/-')).json();
    expect(asc.data.map((r: { company_name: string }) => r.company_name)).toEqual([
      DEMO.northwind.name,
      DEMO.summit.name,
    ]);
    expect(asc).toMatchObject({ current_page: 1, total: 2, last_page: 1, from: 1, to: 2 });
    expect(asc.data[0]).toMatchObject({
      email: DEMO.northwind.owner.email,
      salesrep: DEMO.master.sales.name,
      manual_bill: 'F',
    });
    const desc = (await agencies(root.token, root.company, root.system, 'company_name/desc/-')).json();
    expect(desc.data.map((r: { company_name: string }) => r.company_name)).toEqual([
      DEMO.summit.name,
      DEMO.northwind.name,
    ]);
    const searched = (await agencies(root.token, root.company, root.system, 'none/none/NORTH')).json();
    expect(searched.data.map((r: { company_name: string }) => r.company_name)).toEqual([DEMO.northwind.name]);
    const paged = (
      await agencies(root.token, root.company, root.system, 'email/asc/-', '?Page=2&PerPage=1')
    ).json();
    expect(paged).toMatchObject({ current_page: 2, total: 2, last_page: 2, from: 2, to: 2 });
    // Nothing of the second system shows up.
    expect(JSON.stringify(asc)).not.toContain(DEMO.brightreach.agency.name);
  });

  it('lets an agency list its own clients only', async () => {
    const { access_token } = await signIn(rt, DEMO.northwind.owner.email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    const clients = await rt.app.inject({
      url: `/api/configuration/user/${me.company_id}/all/${me.idsys}/client/all/company_name/asc/-`,
      headers: bearer(access_token),
    });
    expect(clients.json().data.map((r: { company_name: string }) => r.company_name)).toEqual(
      [DEMO.northwind.clients[1].name, DEMO.northwind.clients[0].name].sort(),
    );
    expect((await agencies(access_token, me.company_root_id, me.idsys)).statusCode).toBe(404);
  });

  it('answers 404 to sales users, other systems and unknown filters with 400', async () => {
    const sales = await signIn(rt, DEMO.master.sales.email);
    expect((await agencies(sales.access_token, root.company, root.system)).statusCode).toBe(404);
    const other = await signIn(rt, DEMO.brightreach.rootUser.email, { host: DEMO.brightreach.domain });
    expect((await agencies(other.access_token, root.company, root.system)).statusCode).toBe(404);
    expect(
      (await agencies(root.token, root.company, root.system, 'none/none/-', '?Filters=bogus')).statusCode,
    ).toBe(400);
    expect(
      (await agencies(root.token, root.company, root.system, 'none/none/-', '?Filters=paymentfailed')).json()
        .total,
    ).toBe(0);
  });
});

describe('agency and client nodes (spec 2 §3)', () => {
  it('answers every node field our data has', async () => {
    const [nw] = await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.northwind.name));
    // The card on file is the company's current card (none in the seed: one is saved here).
    await cardOnFile(rt, nw!.id);
    const res = await agencies(root.token, root.company, root.system, 'company_name/asc/-');
    const northwind = res.json().data[0];
    expect(northwind).toMatchObject({
      company_name: DEMO.northwind.name,
      user_type: 'userdownline',
      phone_country_code: 'US',
      subdomain: DEMO.northwind.subdomain,
      orisubdomain: DEMO.northwind.subdomain,
      subdomain_host: `${DEMO.northwind.subdomain}.localhost`,
      domain: DEMO.northwind.customDomain,
      is_whitelabeling: 'T',
      is_user_generate_api: 'F',
      is_marketing_services_agreement_developer: 'F',
      exclude_minimum_spend: 0,
      exclude_onboard_charge: 0,
      is_onboard_charged: 'F',
      has_card: true,
      customer_payment_id: `card_test_${nw!.id}`,
      status_acc: 'active',
      role_id: null,
      salesrep: DEMO.master.sales.name,
      accountexecutive: DEMO.master.accountExecutive.name,
      accountref: null,
      accountrefid: null,
      plan_minspend_id: null,
      package_id: 'sandbox_agency_pro',
    });
    expect(northwind.salesrepid).toEqual(expect.any(Number));
    expect(northwind.rootpaymentterm).toEqual([
      { value: 'Weekly', label: 'Weekly' },
      { value: 'Monthly', label: 'Monthly' },
      { value: 'OneTime', label: 'One Time' },
      { value: 'Prepaid', label: 'Prepaid' },
    ]);
    expect(northwind.rootmodules.map((m: { label: string }) => m.label)).toEqual([
      'Site ID',
      'Search ID',
      'Enhance ID',
      'B2B ID',
      'Simplifi ID',
    ]);
    expect(northwind.selected_modules.every((m: { status: boolean }) => m.status)).toBe(true);
  });

  it("shows a client's offer in its agency's module names", async () => {
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.0.1' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(owner.access_token) })).json();
    await rt.database.db
      .update(companyModules)
      .set({ displayName: 'Local Leads' })
      .where(and(eq(companyModules.companyId, me.company_id), eq(companyModules.module, 'local')));
    const res = await rt.app.inject({
      url: `/api/configuration/user/${me.company_id}/all/${me.idsys}/client/all/company_name/asc/-`,
      headers: bearer(owner.access_token),
    });
    const client = res.json().data[0];
    expect(client.rootmodules[0]).toEqual({ value: 'local', label: 'Local Leads' });
    expect(
      client.selected_modules
        .filter((m: { status: boolean }) => m.status)
        .map((m: { type: string }) => m.type),
    ).toEqual(['local', 'locator']);
    expect(client.salesrep).toBeNull();
  });
});

describe('agency list filters', () => {
  const names = async (filters: string, token = root.token) => {
    const res = await agencies(token, root.company, root.system, 'company_name/asc/-', `?Filters=${filters}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().data.map((r: { company_name: string }) => r.company_name);
  };

  it('tells API key generated from developer mode, and filters direct payment and payment failed', async () => {
    const nw = (
      await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.northwind.name))
    )[0]!;
    const summit = (
      await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.summit.name))
    )[0]!;
    await rt.database.db
      .update(companies)
      .set({ apiKeyGeneratedAt: new Date() })
      .where(eq(companies.id, nw.id));
    await rt.database.db.update(companies).set({ apiMode: true }).where(eq(companies.id, summit.id));
    await declinedCharge(rt, summit.id);
    await rt.database.db
      .update(companyPaymentTerms)
      .set({ enabled: false })
      .where(and(eq(companyPaymentTerms.companyId, summit.id), eq(companyPaymentTerms.term, 'Prepaid')));

    expect(await names('apikey')).toEqual([DEMO.northwind.name]);
    expect(await names('developermode')).toEqual([DEMO.summit.name]);
    expect(await names('directpayment')).toEqual([DEMO.northwind.name]);
    expect(await names('paymentfailed')).toEqual([DEMO.summit.name]);
    expect(await names('apikey,developermode')).toEqual([]);
    const list = (await agencies(root.token, root.company, root.system, 'company_name/asc/-')).json();
    expect(list.data[0]).toMatchObject({ is_user_generate_api: 'T', api_mode: 'F' });
    expect(list.data[1]).toMatchObject({ payment_status: 'failed', api_mode: 'T' });
  });

  it('keeps the API filters for the root company: an agency gets 400', async () => {
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.0.2' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(owner.access_token) })).json();
    const url = (f: string) =>
      `/api/configuration/user/${me.company_id}/all/${me.idsys}/client/all/none/none/-?Filters=${f}`;
    for (const f of ['apikey', 'developermode']) {
      const res = await rt.app.inject({ url: url(f), headers: bearer(owner.access_token) });
      expect(res.statusCode).toBe(400);
      expect(res.json().error.message).toBe('The API filters are only available to the root company.');
    }
    expect(
      (await rt.app.inject({ url: url('directpayment'), headers: bearer(owner.access_token) })).statusCode,
    ).toBe(200);
  });

  it('accepts a company group of the listing company only', async () => {
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.0.3' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(owner.access_token) })).json();
    const summit = (
      await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.summit.name))
    )[0]!;
    const [own] = await rt.database.db
      .insert(companyGroups)
      .values({ companyId: me.company_id, name: 'Dental' })
      .returning();
    const [foreign] = await rt.database.db
      .insert(companyGroups)
      .values({ companyId: summit.id, name: 'Fitness' })
      .returning();
    const url = (group: number | string) =>
      `/api/configuration/user/${me.company_id}/${group}/${me.idsys}/client/all/none/none/-`;
    expect((await rt.app.inject({ url: url(own!.id), headers: bearer(owner.access_token) })).statusCode).toBe(
      200,
    );
    expect(
      (await rt.app.inject({ url: url(foreign!.id), headers: bearer(owner.access_token) })).statusCode,
    ).toBe(404);
    expect((await rt.app.inject({ url: url(999999), headers: bearer(owner.access_token) })).statusCode).toBe(
      404,
    );
    expect((await rt.app.inject({ url: url('x1'), headers: bearer(owner.access_token) })).statusCode).toBe(
      400,
    );
  });
});

describe('administrator and sales account lists', () => {
  const list = (token: string, company: number, system: number, userType: string) =>
    rt.app.inject({
      url: `/api/configuration/user/${company}/all/${system}/${userType}/all/full_name/asc/-`,
      headers: bearer(token),
    });

  it("lists a company's administrators to its owner and the system's staff", async () => {
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.0.4' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(owner.access_token) })).json();
    const own = await list(owner.access_token, me.company_id, me.idsys, 'user');
    expect(own.json().data.map((r: { email: string; user_type: string }) => [r.email, r.user_type])).toEqual([
      [DEMO.northwind.administrator.email, 'administrator'],
    ]);
    expect((await list(root.token, me.company_id, me.idsys, 'user')).json().total).toBe(1);
    const rootAdmins = (await list(root.token, root.company, root.system, 'user')).json();
    expect(rootAdmins.data.map((r: { email: string }) => r.email)).toEqual([DEMO.master.rootUser.email]);
    expect(rootAdmins.data[0]).toMatchObject({ rootpaymentterm: [], selected_modules: [] });
    const summit = await signIn(rt, DEMO.summit.owner.email, { ip: '10.6.0.5' });
    expect((await list(summit.access_token, me.company_id, me.idsys, 'user')).statusCode).toBe(404);
    expect((await list(owner.access_token, root.company, root.system, 'user')).statusCode).toBe(404);
  });

  it("lists the system's sales staff to system users only", async () => {
    const res = await list(root.token, root.company, root.system, 'sales');
    expect(
      res.json().data.map((r: { name: string; is_acc_executive: string }) => [r.name, r.is_acc_executive]),
    ).toEqual([
      [DEMO.master.accountExecutive.name, 'T'],
      [DEMO.master.sales.name, 'F'],
    ]);
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.0.6' });
    expect((await list(owner.access_token, root.company, root.system, 'sales')).statusCode).toBe(404);
    const sales = await signIn(rt, DEMO.master.sales.email, { ip: '10.6.0.7' });
    expect((await list(sales.access_token, root.company, root.system, 'sales')).statusCode).toBe(404);
    const other = await signIn(rt, DEMO.brightreach.rootUser.email, {
      host: DEMO.brightreach.domain,
      ip: '10.6.0.8',
    });
    const otherMe = (await rt.app.inject({ url: '/api/user', headers: bearer(other.access_token) })).json();
    expect(
      (await list(other.access_token, otherMe.company_root_id, otherMe.idsys, 'sales')).json().total,
    ).toBe(0);
  });

  it("gives an account executive its agencies' clients and nothing else; other sales staff use their downline", async () => {
    const nw = (
      await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.northwind.name))
    )[0]!;
    const summit = (
      await rt.database.db.select().from(companies).where(eq(companies.name, DEMO.summit.name))
    )[0]!;
    const ae = await signIn(rt, DEMO.master.accountExecutive.email, { ip: '10.6.0.9' });
    // Issue 20: the account executive's Client Management read this list and answered "Not found".
    const clients = await list(ae.access_token, nw.id, root.system, 'client');
    expect(clients.statusCode, clients.body).toBe(200);
    expect(
      clients
        .json()
        .data.map((r: { company_name: string }) => r.company_name)
        .sort(),
    ).toEqual(DEMO.northwind.clients.map((c) => c.name).sort());
    expect((await list(ae.access_token, nw.id, root.system, 'user')).statusCode).toBe(404);
    expect((await list(ae.access_token, summit.id, root.system, 'client')).statusCode).toBe(404);
    expect((await list(ae.access_token, root.company, root.system, 'userdownline')).statusCode).toBe(404);
    // Northwind's sales representative is linked to it, but not as its executive.
    const sales = await signIn(rt, DEMO.master.sales.email, { ip: '10.6.0.10' });
    expect((await list(sales.access_token, nw.id, root.system, 'client')).statusCode).toBe(404);
  });
});

describe('GET /configuration/root/list', () => {
  it('shows the master system every system and other systems only themselves', async () => {
    const res = await rt.app.inject({ url: '/api/configuration/root/list', headers: bearer(root.token) });
    expect(res.json().data.map((s: { name: string; is_master: boolean }) => [s.name, s.is_master])).toEqual([
      [DEMO.master.systemName, true],
      [DEMO.brightreach.systemName, false],
    ]);
    const other = await signIn(rt, DEMO.brightreach.rootUser.email, {
      host: DEMO.brightreach.domain,
      ip: '10.6.0.11',
    });
    const own = await rt.app.inject({
      url: '/api/configuration/root/list',
      headers: bearer(other.access_token),
    });
    expect(own.json().data.map((s: { name: string }) => s.name)).toEqual([DEMO.brightreach.systemName]);
    for (const email of [
      DEMO.master.sales.email,
      DEMO.northwind.owner.email,
      DEMO.northwind.clients[0].contact.email,
    ]) {
      const p = await signIn(rt, email, { ip: `10.6.1.${email.length}` });
      expect(
        (await rt.app.inject({ url: '/api/configuration/root/list', headers: bearer(p.access_token) }))
          .statusCode,
      ).toBe(404);
    }
  });
});

describe('GET /configuration/sales-downline', () => {
  const downline = (
    token: string,
    company: number,
    usr: number,
    system: number,
    rest = 'company_name/asc/-',
  ) =>
    rt.app.inject({
      url: `/api/configuration/sales-downline/${company}/${usr}/${system}/${rest}?Page=1&PerPage=10`,
      headers: bearer(token),
    });

  it("answers a sales person's linked agencies in the list's shape", async () => {
    const sales = await signIn(rt, DEMO.master.sales.email, { ip: '10.6.2.1' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(sales.access_token) })).json();
    const res = await downline(sales.access_token, me.company_root_id, me.id, me.idsys);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ current_page: 1, total: 1, last_page: 1, from: 1, to: 1 });
    expect(res.json().data[0]).toMatchObject({
      company_name: DEMO.northwind.name,
      salesrep: DEMO.master.sales.name,
    });
    expect(
      (await downline(sales.access_token, me.company_root_id, me.id, me.idsys, 'none/none/summit')).json()
        .total,
    ).toBe(0);
    // System staff may look at any sales person of their system.
    expect((await downline(root.token, root.company, me.id, root.system)).json().total).toBe(1);
  });

  it("answers 404 for another sales person's downline, non-sales ids and other systems", async () => {
    const sales = await signIn(rt, DEMO.master.sales.email, { ip: '10.6.2.2' });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(sales.access_token) })).json();
    const ae = await signIn(rt, DEMO.master.accountExecutive.email, { ip: '10.6.2.3' });
    const aeMe = (await rt.app.inject({ url: '/api/user', headers: bearer(ae.access_token) })).json();
    expect((await downline(sales.access_token, me.company_root_id, aeMe.id, me.idsys)).statusCode).toBe(404);
    // The root user is not a sales person.
    const rootMe = (await rt.app.inject({ url: '/api/user', headers: bearer(root.token) })).json();
    expect((await downline(root.token, root.company, rootMe.id, root.system)).statusCode).toBe(404);
    const other = await signIn(rt, DEMO.brightreach.rootUser.email, {
      host: DEMO.brightreach.domain,
      ip: '10.6.2.4',
    });
    const otherMe = (await rt.app.inject({ url: '/api/user', headers: bearer(other.access_token) })).json();
    expect(
      (await downline(other.access_token, otherMe.company_root_id, me.id, otherMe.idsys)).statusCode,
    ).toBe(404);
    const owner = await signIn(rt, DEMO.northwind.owner.email, { ip: '10.6.2.5' });
    expect((await downline(owner.access_token, root.company, me.id, root.system)).statusCode).toBe(404);
  });
});
