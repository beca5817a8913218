import { asCents } from '@app/contracts';
import {
  asc,
  companies,
  companyModules,
  DEMO,
  eq,
  minimumSpendPlans,
  rolePermissions,
  roles,
  systems,
  userLogs,
  users,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  agencyPayload,
  companyByName,
  PEOPLE,
  post,
  put,
  userByEmail,
  type Who,
  who,
} from '../../../test/kits/users.js';
import { lastEmailTo } from '../../../test/sign-in.js';

let rt: TestRuntime;
let root: Who;
let northwind: Who;
let agencyUserId: number;
let agencyCompanyId: number;
beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  northwind = await who(rt, PEOPLE.northwind);
  const created = await post(rt, '/configuration/user/create', agencyPayload(root, 'edit'), root.token);
  if (created.statusCode !== 200) throw new Error(created.body);
  agencyUserId = created.json().data[0].id;
  agencyCompanyId = created.json().data[0].company_id;
});
afterAll(() => rt?.close());

const update = (body: Record<string, unknown>, token = root.token) =>
  put(rt, '/configuration/user/update', body, token);
const snapshot = async () => {
  const [company] = await rt.database.db.select().from(companies).where(eq(companies.id, agencyCompanyId));
  const [user] = await rt.database.db.select().from(users).where(eq(users.id, agencyUserId));
  return { company, user };
};

describe('PUT /configuration/user/update', () => {
  it("edits an agency's fields, terms and modules and answers the node", async () => {
    const res = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      idsys: root.system,
      ClientCompanyName: 'Agency Edited',
      ClientFullName: 'Owner Edited',
      ClientEmail: 'Owner.Edited@Example.test',
      ClientPhone: '2025550143',
      ClientPhoneCountryCode: 'US',
      ClientWhiteLabeling: 'T',
      ApiMode: 'T',
      DownlineSubDomain: 'agency-edited',
      DownlineDomain: 'leads.edited.test',
      DownlineOrganizationID: 'ORG-42',
      selectedterms: [
        { term: 'Weekly', status: false },
        { term: 'Prepaid', status: true },
      ],
      selectedmodules: [{ type: 'b2b', status: false }],
      action: 'downline',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 'success', message: 'Data has been updated successfully' });
    const node = res.json().data[0];
    expect(node).toMatchObject({
      company_name: 'Agency Edited',
      name: 'Owner Edited',
      email: 'owner.edited@example.test',
      phonenum: '2025550143',
      is_whitelabeling: 'T',
      api_mode: 'T',
      subdomain: 'agency-edited',
      domain: 'leads.edited.test',
      external_organizationid: 'ORG-42',
    });
    expect(node.selected_payment_term).toEqual([
      { term: 'Weekly', status: false },
      { term: 'Monthly', status: true },
      { term: 'OneTime', status: false },
      { term: 'Prepaid', status: true },
    ]);
    expect(node.selected_modules.find((m: { type: string }) => m.type === 'b2b').status).toBe(false);
    const [log] = await rt.database.db.select().from(userLogs).where(eq(userLogs.action, 'agency_updated'));
    expect(log?.description).toContain('Agency Edited');
    expect(log?.description).toContain('→ "Agency Edited"');
    expect(log?.description).toContain('payment terms');
    expect(log?.description).not.toContain('ClientID');
    // The new custom domain's certificate job runs (and fails: the name is not in DNS); waiting for
    // it here keeps the snapshots of the tests below still.
    for (let i = 0; i < 150 && (await snapshot()).company?.domainStatus === 'pending'; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect((await snapshot()).company?.domainStatus).toBe('failed');
  });

  it('keeps at least one payment term on an agency', async () => {
    const res = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      selectedterms: [
        { term: 'Monthly', status: false },
        { term: 'Prepaid', status: false },
      ],
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Please select payment term');
    expect(
      (await update({ ClientID: agencyUserId, companyID: root.root, selectedterms: [] })).json().error
        .message,
    ).toBe('Please select payment term');
  });

  it.each([
    [{ ClientCompanyName: 'x'.repeat(256) }, 'Company Name must not exceed 255 characters.'],
    [{ ClientFullName: 'x'.repeat(256) }, 'Full Name must not exceed 255 characters.'],
    [{ ClientEmail: 'nope' }, 'Please enter a valid e-mail address.'],
    [{ ClientPhone: '12' }, 'Please enter valid phone number'],
    [
      { DownlineSubDomain: 'no_way' },
      'Use letters, digits and hyphens, starting and ending with a letter or digit.',
    ],
    [{ ClientEmail: DEMO.summit.owner.email }, 'This e-mail address is already registered.'],
    [{ DownlineSubDomain: DEMO.northwind.subdomain }, 'This subdomain is already taken.'],
  ])('refuses %j', async (override, message) => {
    const before = await snapshot();
    const res = await update({ ClientID: agencyUserId, companyID: root.root, ...override });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect(await snapshot()).toEqual(before);
  });

  it.each([
    { manual_bill: 'T' },
    { user_type: 'root' },
    { user_permissions: { report_analytics: true } },
    { isSystemUser: true },
  ])('refuses the unknown field %j with 400 and changes nothing', async (extra) => {
    const before = await snapshot();
    const res = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      ClientFullName: 'Sneaky',
      ...extra,
    });
    expect(res.statusCode).toBe(400);
    expect(await snapshot()).toEqual(before);
  });

  it('sets a minimum-spend plan of the master system only', async () => {
    const [plan] = await rt.database.db
      .insert(minimumSpendPlans)
      .values({ systemId: root.system, name: 'Starter', months: 3, flatMonthCents: asCents(50000) })
      .returning();
    const [brightreach] = await rt.database.db
      .select()
      .from(systems)
      .where(eq(systems.domain, DEMO.brightreach.domain));
    const [foreignPlan] = await rt.database.db
      .insert(minimumSpendPlans)
      .values({ systemId: brightreach!.id, name: 'Theirs', months: 1 })
      .returning();
    const foreign = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      planMinSpendId: foreignPlan?.id,
    });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toBe('Choose a minimum spend plan of this platform.');
    const ok = await update({ ClientID: agencyUserId, companyID: root.root, planMinSpendId: plan?.id });
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().data[0].plan_minspend_id).toBe(plan?.id);
    const cleared = await update({ ClientID: agencyUserId, companyID: root.root, planMinSpendId: null });
    expect(cleared.json().data[0].plan_minspend_id).toBeNull();

    // On another system the plan does not apply at all.
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const coastal = await userByEmail(rt, DEMO.brightreach.agency.owner.email);
    const res = await update(
      { ClientID: coastal.id, companyID: other.root, planMinSpendId: foreignPlan?.id },
      other.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Minimum spend plans apply to agencies of the master platform.');
  });

  it("keeps a client's modules inside its agency's and Simplifi on the master system", async () => {
    const client = await userByEmail(rt, DEMO.northwind.clients[0].contact.email);
    const summitId = (await companyByName(rt, DEMO.summit.name)).id;
    await rt.database.db
      .update(companyModules)
      .set({ enabled: false })
      .where(eq(companyModules.companyId, (await companyByName(rt, DEMO.northwind.name)).id));
    const res = await update(
      {
        ClientID: client.id,
        companyID: northwind.company,
        selectedmodules: [{ type: 'local', status: true }],
      },
      northwind.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('Site ID is not offered to this account.');
    await rt.database.db
      .update(companyModules)
      .set({ enabled: true })
      .where(eq(companyModules.companyId, northwind.company));
    const ok = await update(
      {
        ClientID: client.id,
        companyID: northwind.company,
        selectedmodules: [
          { type: 'enhance', status: true },
          { type: 'locator', status: false },
        ],
        ClientCompanyName: 'Harbor Dental Group',
      },
      northwind.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(
      ok
        .json()
        .data[0].selected_modules.filter((m: { status: boolean }) => m.status)
        .map((m: { type: string }) => m.type),
      // Modules the request does not name keep their state: the demo gives Harbor Site ID and B2B ID.
    ).toEqual(['local', 'enhance', 'b2b']);
    expect(summitId).toBeGreaterThan(0);

    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const coastal = await userByEmail(rt, DEMO.brightreach.agency.owner.email);
    const simplifi = await update(
      { ClientID: coastal.id, companyID: other.root, selectedmodules: [{ type: 'simplifi', status: true }] },
      other.token,
    );
    expect(simplifi.statusCode).toBe(400);
    expect(simplifi.json().error.message).toBe('Simplifi ID is only available on the master platform.');
  });

  it("answers 404 for another agency's client, another system's agency, a mismatched company id", async () => {
    const summit = await who(rt, PEOPLE.summit);
    const nwClient = await userByEmail(rt, DEMO.northwind.clients[1].contact.email);
    const coastal = await userByEmail(rt, DEMO.brightreach.agency.owner.email);
    const cases = [
      [{ ClientID: nwClient.id, companyID: summit.company }, summit.token],
      [{ ClientID: nwClient.id, companyID: northwind.company }, summit.token],
      [{ ClientID: coastal.id, companyID: root.root }, root.token],
      // The client exists in scope, but companyID is not its agency.
      [{ ClientID: nwClient.id, companyID: root.root }, root.token],
      [{ ClientID: 99999999, companyID: root.root }, root.token],
    ] as const;
    for (const [body, token] of cases) {
      const res = await update({ ...body, ClientFullName: 'Hijacked' }, token);
      expect(res.statusCode, JSON.stringify(body)).toBe(404);
    }
    expect((await userByEmail(rt, nwClient.email)).name).toBe(nwClient.name);
    expect((await userByEmail(rt, coastal.email)).name).toBe(coastal.name);
  });

  it('refuses agency edits by agencies and sales, and editing yourself', async () => {
    const sales = await who(rt, PEOPLE.sales);
    const nwOwner = await userByEmail(rt, DEMO.northwind.owner.email);
    expect(
      (await update({ ClientID: nwOwner.id, companyID: root.root, ClientFullName: 'X' }, sales.token))
        .statusCode,
    ).toBe(404);
    const self = await update(
      { ClientID: northwind.id, companyID: northwind.root, ClientFullName: 'X' },
      northwind.token,
    );
    expect(self.statusCode).toBe(404);
    const admin = await who(rt, PEOPLE.northwindAdmin);
    const adminSelf = await update(
      { ClientID: admin.id, companyID: northwind.company, ClientRole: 0, ClientFullName: 'Me' },
      admin.token,
    );
    expect(adminSelf.statusCode).toBe(403);
  });

  it("lets an owner change an administrator's role and switches; the role must be the company's", async () => {
    const admin = await userByEmail(rt, DEMO.northwind.administrator.email);
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwind.company, name: 'Ops' })
      .returning();
    const res = await update(
      { ClientID: admin.id, companyID: northwind.company, ClientRole: role?.id, editorspreadsheet: 'T' },
      northwind.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0]).toMatchObject({
      role_id: role?.id,
      staff_settings: { editorspreadsheet: true },
    });
    const clientRole = await update(
      {
        ClientID: (await userByEmail(rt, DEMO.northwind.clients[0].contact.email)).id,
        companyID: northwind.company,
        ClientRole: role?.id,
      },
      northwind.token,
    );
    expect(clientRole.statusCode).toBe(400);
  });

  it('needs settings/update: 403 without it and nothing changes, 200 with it', async () => {
    const admin = await userByEmail(rt, DEMO.northwind.administrator.email);
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwind.company, name: 'No edit' })
      .returning();
    await rt.database.db.insert(rolePermissions).values({
      roleId: role!.id,
      module: 'settings',
      canEnable: true,
      canCreate: true,
      canUpdate: false,
      canDelete: true,
    });
    await rt.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, admin.id));
    const token = (await who(rt, PEOPLE.northwindAdmin)).token;
    const client = await userByEmail(rt, DEMO.northwind.clients[1].contact.email);
    const body = { ClientID: client.id, companyID: northwind.company, ClientFullName: 'Renamed By Admin' };
    expect((await update(body, token)).statusCode).toBe(403);
    expect((await userByEmail(rt, client.email)).name).toBe(client.name);
    await rt.database.db
      .update(rolePermissions)
      .set({ canUpdate: true })
      .where(eq(rolePermissions.roleId, role!.id));
    expect((await update(body, token)).statusCode).toBe(200);
    expect((await userByEmail(rt, client.email)).name).toBe('Renamed By Admin');
  });
});

describe('a new e-mail address typed by staff', () => {
  it('reaches an account in use only through the link mailed to it; the old address is told', async () => {
    const client = await userByEmail(rt, DEMO.northwind.clients[1].contact.email);
    const res = await update(
      { ClientID: client.id, companyID: northwind.company, ClientEmail: 'cedar.new@example.test' },
      northwind.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByEmail(rt, client.email)).email).toBe(client.email);
    expect((await lastEmailTo(rt, 'cedar.new@example.test'))?.textBody).toContain('/confirm-email/');
    expect((await lastEmailTo(rt, client.email))?.subject).toBe('Your e-mail address is being changed');
  });

  it('changes the address of someone who was only invited at once', async () => {
    const [invited] = await rt.database.db.select().from(users).where(eq(users.id, agencyUserId));
    expect(invited?.status).toBe('invited');
    const res = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      ClientEmail: 'owner.edited@example.test',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await rt.database.db.select().from(users).where(eq(users.id, agencyUserId)))[0]?.email).toBe(
      'owner.edited@example.test',
    );
  });
});

describe('the user log of an edit', () => {
  it('names only the fields whose values changed, as before → after', async () => {
    const { company, user } = await snapshot();
    // The whole form is sent back, as the web app does; only the person's name differs.
    const res = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      idsys: root.system,
      ClientCompanyName: company!.name,
      ClientFullName: 'Owner Renamed',
      ClientEmail: user!.email,
      ClientPhone: user!.phonenum,
      ClientPhoneCountryCode: user!.phoneCountryCode,
      ClientWhiteLabeling: company!.isWhitelabeling ? 'T' : 'F',
      ApiMode: company!.apiMode ? 'T' : 'F',
      DownlineSubDomain: company!.subdomain,
      DownlineOrganizationID: company!.externalOrganizationId ?? '',
    });
    expect(res.statusCode, res.body).toBe(200);
    // In the order written: a select without one may answer in any order on PostgreSQL.
    const logsOf = () =>
      rt.database.db
        .select()
        .from(userLogs)
        .where(eq(userLogs.action, 'agency_updated'))
        .orderBy(asc(userLogs.id));
    const logs = await logsOf();
    expect(logs.at(-1)?.description).toBe(`Updated ${company!.name}: name "${user!.name}" → "Owner Renamed"`);

    const again = await update({
      ClientID: agencyUserId,
      companyID: root.root,
      ClientFullName: 'Owner Renamed',
    });
    expect(again.statusCode, again.body).toBe(200);
    const after = await logsOf();
    expect(after.at(-1)?.description).toBe(`Updated ${company!.name}: no changes`);
  });
});
