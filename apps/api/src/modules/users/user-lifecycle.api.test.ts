import { NOT_INVITED_MESSAGE, PASSWORD_SET_DONE } from '@app/contracts';
import {
  and,
  companies,
  DEMO,
  eq,
  isNull,
  oneTimeTokens,
  rolePermissions,
  roles,
  tokenFamilies,
  userLogs,
  users,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  agencyPayload,
  clientPayload,
  companyByName,
  del,
  PEOPLE,
  post,
  put,
  userByEmail,
  type Who,
  who,
} from '../../../test/kits/users.js';
import { bearer, lastEmailTo, send } from '../../../test/sign-in.js';

let rt: TestRuntime;
let root: Who;
let northwind: Who;
beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  northwind = await who(rt, PEOPLE.northwind);
});
afterAll(() => rt?.close());

const create = async (body: unknown, token = root.token) => {
  const res = await post(rt, '/configuration/user/create', body, token);
  if (res.statusCode !== 200) throw new Error(res.body);
  return res.json().data[0] as { id: number; company_id: number; email: string };
};
const liveSessions = async (userId: number) =>
  rt.database.db
    .select()
    .from(tokenFamilies)
    .where(and(eq(tokenFamilies.userId, userId), isNull(tokenFamilies.revokedAt)));

describe('DELETE /configuration/user/remove/{companyID}/{userID}', () => {
  it('removes an agency with its clients, users and sessions, and frees its subdomain', async () => {
    const agency = await create(agencyPayload(root, 'gone', { ClientPassword: 'Strong!pass1' }));
    const client = await create(
      clientPayload(agency.company_id, root.system, 'gone-client', { ClientPassword: 'Strong!pass1' }),
    );
    const ownerSession = await who(rt, agency.email, 'localhost', 'Strong!pass1');
    const clientSession = await who(rt, client.email, 'localhost', 'Strong!pass1');
    expect(await liveSessions(agency.id)).toHaveLength(1);

    const res = await del(rt, `/configuration/user/remove/${root.root}/${agency.id}`, root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ data: { result: 'success', message: 'Deleted!' } });

    const [company] = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, agency.company_id));
    expect(company?.deletedAt).not.toBeNull();
    expect(company?.subdomain).toBeNull();
    const [clientCompany] = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.id, client.company_id));
    expect(clientCompany?.deletedAt).not.toBeNull();
    expect((await userByEmail(rt, client.email)).deletedAt).not.toBeNull();
    expect(await liveSessions(agency.id)).toHaveLength(0);
    expect(await liveSessions(client.id)).toHaveLength(0);
    for (const token of [ownerSession.token, clientSession.token]) {
      expect((await rt.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode).toBe(401);
    }
    const [log] = await rt.database.db.select().from(userLogs).where(eq(userLogs.action, 'agency_removed'));
    expect(log?.description).toBe('Removed the agency Agency gone with 1 client');

    // The address and subdomain are free again.
    const again = await post(rt, '/configuration/user/create', agencyPayload(root, 'gone'), root.token);
    expect(again.statusCode, again.body).toBe(200);
    // A removed node is gone from the list and from every id check.
    const second = await del(rt, `/configuration/user/remove/${root.root}/${agency.id}`, root.token);
    expect(second.statusCode).toBe(404);
  });

  it('lets an agency remove its own client only; sales never', async () => {
    const client = await create(
      clientPayload(northwind.company, northwind.system, 'nw-remove'),
      northwind.token,
    );
    const summit = await who(rt, PEOPLE.summit);
    expect(
      (await del(rt, `/configuration/user/remove/${northwind.company}/${client.id}`, summit.token))
        .statusCode,
    ).toBe(404);
    expect(
      (await del(rt, `/configuration/user/remove/${summit.company}/${client.id}`, summit.token)).statusCode,
    ).toBe(404);
    const ae = await who(rt, PEOPLE.ae);
    expect(
      (await del(rt, `/configuration/user/remove/${northwind.company}/${client.id}`, ae.token)).statusCode,
    ).toBe(404);
    expect((await userByEmail(rt, client.email)).deletedAt).toBeNull();
    const res = await del(
      rt,
      `/configuration/user/remove/${northwind.company}/${client.id}`,
      northwind.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect((await userByEmail(rt, client.email)).deletedAt).not.toBeNull();
  });

  it("answers 404 for another system's agency and refuses yourself and the root company", async () => {
    const coastal = await userByEmail(rt, DEMO.brightreach.agency.owner.email);
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    expect(
      (await del(rt, `/configuration/user/remove/${root.root}/${coastal.id}`, root.token)).statusCode,
    ).toBe(404);
    expect(
      (await del(rt, `/configuration/user/remove/${other.root}/${coastal.id}`, root.token)).statusCode,
    ).toBe(404);
    expect((await userByEmail(rt, coastal.email)).deletedAt).toBeNull();

    const self = await del(rt, `/configuration/user/remove/${root.root}/${root.id}`, root.token);
    expect(self.statusCode).toBe(403);
    expect(self.json().error.message).toBe('You cannot remove your own account.');
    const rootAdmin = await create({
      companyID: root.root,
      idsys: root.system,
      userType: 'user',
      ClientFullName: 'Rita Admin',
      ClientEmail: 'rita.admin@example.test',
      ClientPassword: 'Strong!pass1',
    });
    const admin = await who(rt, rootAdmin.email, 'localhost', 'Strong!pass1');
    const rootOwner = await del(rt, `/configuration/user/remove/${root.root}/${root.id}`, admin.token);
    expect(rootOwner.statusCode).toBe(403);
    expect((await userByEmail(rt, PEOPLE.root)).deletedAt).toBeNull();
    // The owner removes the administrator: only that person goes, sessions end.
    const res = await del(rt, `/configuration/user/remove/${root.root}/${rootAdmin.id}`, root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect((await rt.app.inject({ url: '/api/user', headers: bearer(admin.token) })).statusCode).toBe(401);
    const [rootCompany] = await rt.database.db.select().from(companies).where(eq(companies.id, root.root));
    expect(rootCompany?.deletedAt).toBeNull();
  });

  it('needs settings/delete', async () => {
    const client = await create(
      clientPayload(northwind.company, northwind.system, 'perm-del'),
      northwind.token,
    );
    const admin = await userByEmail(rt, DEMO.northwind.administrator.email);
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: northwind.company, name: 'No delete' })
      .returning();
    await rt.database.db.insert(rolePermissions).values({
      roleId: role!.id,
      module: 'settings',
      canEnable: true,
      canCreate: true,
      canUpdate: true,
      canDelete: false,
    });
    await rt.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, admin.id));
    const token = (await who(rt, PEOPLE.northwindAdmin)).token;
    expect(
      (await del(rt, `/configuration/user/remove/${northwind.company}/${client.id}`, token)).statusCode,
    ).toBe(403);
    expect((await userByEmail(rt, client.email)).deletedAt).toBeNull();
    await rt.database.db
      .update(rolePermissions)
      .set({ canDelete: true })
      .where(eq(rolePermissions.roleId, role!.id));
    expect(
      (await del(rt, `/configuration/user/remove/${northwind.company}/${client.id}`, token)).statusCode,
    ).toBe(200);
    await rt.database.db.update(users).set({ roleId: null }).where(eq(users.id, admin.id));
  });
});

describe('POST /configuration/user/resendinvitation', () => {
  it('sends a new link to an invited person and kills the old one', async () => {
    const invited = await create(
      clientPayload(northwind.company, northwind.system, 'resend'),
      northwind.token,
    );
    const first = (await lastEmailTo(rt, invited.email))?.textBody.match(
      /set-new-password\/([A-Za-z0-9_-]+)/,
    )?.[1];
    const res = await post(
      rt,
      '/configuration/user/resendinvitation',
      { ClientID: invited.id },
      northwind.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: 'Invitation has been sent.' });
    const second = (await lastEmailTo(rt, invited.email))?.textBody.match(
      /set-new-password\/([A-Za-z0-9_-]+)/,
    )?.[1];
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
    const check = (token: string | undefined) =>
      send(rt, '/api/verify-reset-token', { token, email: invited.email });
    expect((await check(first)).json().valid).toBe(false);
    expect((await check(second)).json().valid).toBe(true);
    const live = await rt.database.db
      .select()
      .from(oneTimeTokens)
      .where(and(eq(oneTimeTokens.userId, invited.id), isNull(oneTimeTokens.usedAt)));
    expect(live).toHaveLength(1);
  });

  it('makes the person active once they set a password through the invitation link', async () => {
    const invited = await create(
      clientPayload(northwind.company, northwind.system, 'accepts', { ClientPassword: '' }),
      northwind.token,
    );
    expect((await userByEmail(rt, invited.email)).status).toBe('invited');
    const token = (await lastEmailTo(rt, invited.email))?.textBody.match(
      /set-new-password\/([A-Za-z0-9_-]+)/,
    )?.[1];
    expect(token).toBeDefined();
    const ip = '10.8.7.1';
    const verified = await send(rt, '/api/verify-reset-token', { token, email: invited.email }, { ip });
    // An invited person chooses a first password: the link says it is an invitation.
    expect(verified.json()).toEqual({ valid: true, reason: '', purpose: 'invitation' });
    const reset = await send(
      rt,
      '/api/reset-password',
      { token, email: invited.email, password: 'Accepted!pass1', password_confirmation: 'Accepted!pass1' },
      { ip },
    );
    expect(reset.statusCode, reset.body).toBe(200);
    expect(reset.json().message).toBe(PASSWORD_SET_DONE);
    // Opened again, it is still the invitation that was used, not a reset link.
    const reopened = await send(rt, '/api/verify-reset-token', { token, email: invited.email }, { ip });
    expect(reopened.json()).toEqual({
      valid: false,
      reason: 'This invitation link has already been used.',
      purpose: 'invitation',
    });

    expect((await userByEmail(rt, invited.email)).status).toBe('active');
    const person = await who(rt, invited.email, 'localhost', 'Accepted!pass1');
    expect(person.id).toBe(invited.id);
    const resend = await post(
      rt,
      '/configuration/user/resendinvitation',
      { ClientID: invited.id },
      northwind.token,
    );
    expect(resend.statusCode).toBe(400);
    expect(resend.json().error.message).toBe(NOT_INVITED_MESSAGE);
  });

  it('refuses people who are not invited, and foreign ids', async () => {
    const active = await userByEmail(rt, DEMO.northwind.clients[0].contact.email);
    const res = await post(
      rt,
      '/configuration/user/resendinvitation',
      { ClientID: active.id },
      northwind.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('This user has already activated the account.');
    const invited = await create(
      clientPayload(northwind.company, northwind.system, 'resend-foreign'),
      northwind.token,
    );
    const summit = await who(rt, PEOPLE.summit);
    expect(
      (await post(rt, '/configuration/user/resendinvitation', { ClientID: invited.id }, summit.token))
        .statusCode,
    ).toBe(404);
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    expect(
      (await post(rt, '/configuration/user/resendinvitation', { ClientID: invited.id }, other.token))
        .statusCode,
    ).toBe(404);
  });
});

describe('agency row switches', () => {
  const manualBill = (companyID: number, manualBill: string, token = root.token) =>
    put(rt, '/configuration/user/manual-bill', { companyID, manualBill }, token);
  const toggle = (path: string, CompanyID: number, token = root.token) =>
    put(rt, `/configuration/setting/${path}`, { CompanyID }, token);

  it('stores manual bill, minimum-spend and onboarding exclusions with a user log each', async () => {
    const summitId = (await companyByName(rt, DEMO.summit.name)).id;
    const on = await manualBill(summitId, 'T');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toEqual({ result: 'success', manual_bill: 'T' });
    expect((await companyByName(rt, DEMO.summit.name)).manualBill).toBe(true);
    expect((await manualBill(summitId, 'F')).json().manual_bill).toBe('F');

    const spend = await toggle('exclude-include-mininum-spend', summitId);
    expect(spend.json()).toEqual({ result: 'success', exclude_minimum_spend: 1 });
    expect((await toggle('exclude-include-mininum-spend', summitId)).json().exclude_minimum_spend).toBe(0);
    const onboard = await toggle('exclude-include-onboard-charge', summitId);
    expect(onboard.json()).toEqual({ result: 'success', exclude_onboard_charge: 1 });
    expect((await companyByName(rt, DEMO.summit.name)).excludeOnboardCharge).toBe(true);

    const logs = await rt.database.db.select().from(userLogs).where(eq(userLogs.companyId, summitId));
    expect(
      logs
        .filter((l) => l.category === 'settings')
        .map((l) => l.action)
        .sort(),
    ).toEqual(
      [
        'exclude_minimum_spend',
        'exclude_minimum_spend',
        'exclude_onboard_charge',
        'manual_bill',
        'manual_bill',
      ].sort(),
    );
    expect(logs.find((l) => l.action === 'exclude_onboard_charge')?.description).toBe(
      `Excluded ${DEMO.summit.name} from the onboarding charge`,
    );
  });

  it('is for root-company staff only, on agencies of their system', async () => {
    const summitId = (await companyByName(rt, DEMO.summit.name)).id;
    const before = await companyByName(rt, DEMO.summit.name);
    const sales = await who(rt, PEOPLE.sales);
    for (const token of [sales.token, northwind.token]) {
      expect((await manualBill(northwind.company, 'T', token)).statusCode).toBe(404);
      expect((await toggle('exclude-include-mininum-spend', northwind.company, token)).statusCode).toBe(404);
    }
    const coastal = await companyByName(rt, DEMO.brightreach.agency.name);
    expect((await manualBill(coastal.id, 'T')).statusCode).toBe(404);
    expect((await toggle('exclude-include-onboard-charge', coastal.id)).statusCode).toBe(404);
    const client = await companyByName(rt, DEMO.summit.clients[0].name);
    expect((await manualBill(client.id, 'T')).statusCode).toBe(400);
    expect((await manualBill(summitId, 'X')).statusCode).toBe(400);
    expect(
      (
        await put(
          rt,
          '/configuration/user/manual-bill',
          { companyID: summitId, manualBill: 'T', extra: 1 },
          root.token,
        )
      ).statusCode,
    ).toBe(400);
    const after = await companyByName(rt, DEMO.summit.name);
    expect(after.manualBill).toBe(before.manualBill);
    expect((await companyByName(rt, DEMO.brightreach.agency.name)).manualBill).toBe(false);
  });
});
