import {
  ROLE_NAME_REQUIRED,
  ROLE_NAME_TAKEN,
  ROLE_NAME_TOO_LONG,
  type RoleModule,
  roleInUseMessage,
} from '@app/contracts';
import { and, DEMO, desc, eq, rolePermissions, roles, userLogs, users } from '@app/db';
import { NO_PERMISSION } from '@app/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { OWN_ROLE } from './role-service.js';

let rt: TestRuntime;
let northwind: number;
let summit: number;
let northwindClient: number;
let adminUserId: number;
const tokens: Record<string, string> = {};
let ipCounter = 10;

const userRow = async (email: string) =>
  (await rt.database.db.select().from(users).where(eq(users.email, email)))[0]!;

beforeAll(async () => {
  rt = await startTestRuntime();
  northwind = (await userRow(DEMO.northwind.owner.email)).companyId;
  summit = (await userRow(DEMO.summit.owner.email)).companyId;
  northwindClient = (await userRow(DEMO.northwind.clients[0].contact.email)).companyId;
  adminUserId = (await userRow(DEMO.northwind.administrator.email)).id;
  for (const [key, email] of [
    ['owner', DEMO.northwind.owner.email],
    ['admin', DEMO.northwind.administrator.email],
    ['summit', DEMO.summit.owner.email],
    ['root', DEMO.master.rootUser.email],
    ['bright', DEMO.brightreach.rootUser.email],
    ['client', DEMO.northwind.clients[0].contact.email],
    ['sales', DEMO.master.sales.email],
  ] as const) {
    const host = email === DEMO.brightreach.rootUser.email ? DEMO.brightreach.domain : 'localhost';
    tokens[key] = (await signIn(rt, email, { host, ip: `10.7.0.${ipCounter++}` })).access_token;
  }
});
afterAll(() => rt?.close());

const addUpdate = (token: string, body: unknown) =>
  send(rt, '/api/configuration/role-module/addupdate', body, { token, method: 'PUT', ip: '10.7.1.1' });
const remove = (token: string, companyId: number, roleId: number) =>
  rt.app.inject({
    method: 'DELETE',
    url: `/api/configuration/role-module/remove/${companyId}/${roleId}`,
    headers: bearer(token),
    remoteAddress: '10.7.1.2',
  });
const rolesOf = (companyId: number) =>
  rt.database.db.select().from(roles).where(eq(roles.companyId, companyId));
const permissionsOf = async (roleId: number) =>
  Object.fromEntries(
    (await rt.database.db.select().from(rolePermissions).where(eq(rolePermissions.roleId, roleId))).map(
      (r) => [r.module, [r.canEnable, r.canCreate, r.canUpdate, r.canDelete]],
    ),
  );

/** Gives the Northwind administrator a role whose settings permissions are exactly `settings`. */
async function adminHolds(settings: { create: boolean; update: boolean; delete: boolean }) {
  const [role] = await rt.database.db
    .insert(roles)
    .values({ companyId: northwind, name: `Admin role ${Math.random()}` })
    .returning();
  await rt.database.db.insert(rolePermissions).values({
    roleId: role!.id,
    module: 'settings' as RoleModule,
    canEnable: true,
    canCreate: settings.create,
    canUpdate: settings.update,
    canDelete: settings.delete,
  });
  await rt.database.db.update(users).set({ roleId: role!.id }).where(eq(users.id, adminUserId));
  return role!.id;
}

describe('PUT /configuration/role-module/addupdate', () => {
  it('creates a role with its four module rows, updates it and records both in the user logs', async () => {
    const created = await addUpdate(tokens.owner!, {
      companyID: northwind,
      roleName: '  Campaign Manager ',
      roleIcon: 'chart',
      roledata: [
        { module: 'leadspeek', enable: true, create: true, update: true, delete: false },
        { module: 'settings', enable: true },
      ],
    });
    expect(created.statusCode, created.body).toBe(200);
    const body = created.json();
    expect(body).toMatchObject({
      result: 'success',
      message: 'Data has been added successfully',
      data: { roleName: 'Campaign Manager', roleIcon: 'chart' },
    });
    const id = body.data.roleID as number;
    expect(await permissionsOf(id)).toEqual({
      ads_design: [false, false, false, false],
      campaign: [false, false, false, false],
      leadspeek: [true, true, true, false],
      settings: [true, false, false, false],
    });

    const updated = await addUpdate(tokens.owner!, {
      companyID: northwind,
      roleID: id,
      roleName: 'Campaign Lead',
      roledata: [{ module: 'campaign', enable: true, create: true, update: true, delete: true }],
    });
    expect(updated.json()).toMatchObject({ message: 'Data has been updated successfully' });
    expect((await rolesOf(northwind)).find((r) => r.id === id)?.name).toBe('Campaign Lead');
    expect(await permissionsOf(id)).toMatchObject({
      campaign: [true, true, true, true],
      leadspeek: [false, false, false, false],
    });

    const logs = await rt.database.db
      .select()
      .from(userLogs)
      .where(eq(userLogs.companyId, northwind))
      .orderBy(desc(userLogs.id))
      .limit(2);
    expect(logs.map((l) => [l.action, l.ip])).toEqual([
      ['role_updated', '10.7.1.1'],
      ['role_created', '10.7.1.1'],
    ]);
    // The update's entry names what changed, before → after; unchanged modules are not listed.
    const changed = logs[0]?.description ?? '';
    expect(changed).toContain('name "Campaign Manager" → "Campaign Lead"');
    expect(changed).toContain('campaign permissions "none" → "enable/create/update/delete"');
    expect(changed).toContain('leadspeek permissions "enable/create/update" → "none"');
    expect(changed).not.toContain('ads_design');

    const list = await rt.app.inject({
      url: `/api/configuration/role-module/getrole/${northwind}/0/${adminUserId}`,
      headers: bearer(tokens.owner!),
    });
    expect(list.json().roles).toContainEqual({ roleID: id, roleName: 'Campaign Lead', roleIcon: '' });
  });

  it('validates the name (required, at most 255, unique per company) and rejects unknown fields', async () => {
    const cases: [unknown, string][] = [
      [{ companyID: northwind, roleName: '   ' }, ROLE_NAME_REQUIRED],
      [{ companyID: northwind, roleName: 'x'.repeat(256) }, ROLE_NAME_TOO_LONG],
      [{ companyID: northwind, roleName: 'campaign LEAD ' }, ROLE_NAME_TAKEN],
    ];
    for (const [body, message] of cases) {
      const res = await addUpdate(tokens.owner!, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const extra = await addUpdate(tokens.owner!, {
      companyID: northwind,
      roleName: 'Sneaky',
      isSystemUser: true,
    });
    expect(extra.statusCode).toBe(400);
    const twice = await addUpdate(tokens.owner!, {
      companyID: northwind,
      roleName: 'Twice',
      roledata: [{ module: 'settings' }, { module: 'settings' }],
    });
    expect(twice.statusCode).toBe(400);
    // The same name in another company is fine.
    expect(
      (await addUpdate(tokens.summit!, { companyID: summit, roleName: 'Campaign Lead' })).statusCode,
    ).toBe(200);
    expect((await rolesOf(northwind)).map((r) => r.name)).not.toContain('Sneaky');
  });

  it('lets a system user manage an agency’s roles and keeps every other caller out (404)', async () => {
    const byRoot = await addUpdate(tokens.root!, { companyID: northwind, roleName: 'Set by root' });
    expect(byRoot.statusCode, byRoot.body).toBe(200);
    const northwindRole = byRoot.json().data.roleID as number;
    const cases: [string, unknown][] = [
      ['summit', { companyID: northwind, roleName: 'Foreign' }],
      ['bright', { companyID: northwind, roleName: 'Foreign' }],
      ['owner', { companyID: northwindClient, roleName: 'Client role' }],
      ['owner', { companyID: 999999, roleName: 'Nowhere' }],
      ['summit', { companyID: summit, roleID: northwindRole, roleName: 'Stolen' }],
      ['client', { companyID: northwindClient, roleName: 'Client role' }],
      ['sales', { companyID: northwind, roleName: 'Sales role' }],
    ];
    for (const [who, body] of cases) {
      const res = await addUpdate(tokens[who]!, body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(404);
    }
    expect((await rolesOf(northwind)).find((r) => r.id === northwindRole)?.name).toBe('Set by root');
    expect((await rolesOf(northwindClient)).length).toBe(0);
  });

  it('needs settings create for a new role and settings update for an existing one (403, nothing changes)', async () => {
    const target = (await addUpdate(tokens.owner!, { companyID: northwind, roleName: 'Target' })).json().data
      .roleID as number;

    await adminHolds({ create: false, update: false, delete: false });
    const before = (await rolesOf(northwind)).length;
    const denied = await addUpdate(tokens.admin!, { companyID: northwind, roleName: 'Not allowed' });
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(NO_PERMISSION);
    expect((await rolesOf(northwind)).length).toBe(before);

    await adminHolds({ create: true, update: false, delete: false });
    expect(
      (await addUpdate(tokens.admin!, { companyID: northwind, roleName: 'Created by admin' })).statusCode,
    ).toBe(200);
    const noUpdate = await addUpdate(tokens.admin!, {
      companyID: northwind,
      roleID: target,
      roleName: 'Renamed',
      roledata: [{ module: 'settings', enable: true, create: true, update: true, delete: true }],
    });
    expect(noUpdate.statusCode).toBe(403);
    expect((await rolesOf(northwind)).find((r) => r.id === target)?.name).toBe('Target');
    expect(await permissionsOf(target)).toMatchObject({ settings: [false, false, false, false] });

    await adminHolds({ create: false, update: true, delete: false });
    expect((await addUpdate(tokens.admin!, { companyID: northwind, roleName: 'Again not' })).statusCode).toBe(
      403,
    );
    expect(
      (await addUpdate(tokens.admin!, { companyID: northwind, roleID: target, roleName: 'Renamed' }))
        .statusCode,
    ).toBe(200);
    expect((await rolesOf(northwind)).find((r) => r.id === target)?.name).toBe('Renamed');
  });

  it('refuses to change the role the caller holds (no widening of one’s own permissions)', async () => {
    const own = await adminHolds({ create: true, update: true, delete: true });
    const res = await addUpdate(tokens.admin!, {
      companyID: northwind,
      roleID: own,
      roleName: 'Everything',
      roledata: [{ module: 'campaign', enable: true, create: true, update: true, delete: true }],
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(OWN_ROLE);
    expect(await permissionsOf(own)).toEqual({ settings: [true, true, true, true] });
    expect((await remove(tokens.admin!, northwind, own)).statusCode).toBe(403);
  });
});

describe('DELETE /configuration/role-module/remove/{companyID}/{roleID}', () => {
  it('deletes an unused role with its permissions and refuses one still assigned, saying how many hold it', async () => {
    const make = async (name: string) =>
      (
        await addUpdate(tokens.owner!, {
          companyID: northwind,
          roleName: name,
          roledata: [{ module: 'settings', enable: true }],
        })
      ).json().data.roleID as number;
    const unused = await make('Unused');
    const res = await remove(tokens.owner!, northwind, unused);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: 'Deleted!' });
    expect((await rolesOf(northwind)).some((r) => r.id === unused)).toBe(false);
    expect(await permissionsOf(unused)).toEqual({});
    const [log] = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.companyId, northwind), eq(userLogs.action, 'role_removed')));
    expect(log?.description).toContain('Unused');

    const held = await make('Held');
    await rt.database.db.update(users).set({ roleId: held }).where(eq(users.id, adminUserId));
    const refused = await remove(tokens.owner!, northwind, held);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(roleInUseMessage(1));
    expect((await rolesOf(northwind)).some((r) => r.id === held)).toBe(true);
    expect((await userRow(DEMO.northwind.administrator.email)).roleId).toBe(held);
  });

  it('needs settings delete (403, nothing removed) and answers 404 for foreign or unknown ids', async () => {
    const victim = (await addUpdate(tokens.owner!, { companyID: northwind, roleName: 'Victim' })).json().data
      .roleID as number;
    await adminHolds({ create: true, update: true, delete: false });
    expect((await remove(tokens.admin!, northwind, victim)).statusCode).toBe(403);
    expect((await rolesOf(northwind)).some((r) => r.id === victim)).toBe(true);

    for (const [who, company, role] of [
      ['summit', northwind, victim],
      ['summit', summit, victim],
      ['bright', northwind, victim],
      ['owner', northwind, 999999],
      ['client', northwindClient, victim],
      ['sales', northwind, victim],
    ] as const) {
      const res = await remove(tokens[who]!, company, role);
      expect(res.statusCode, `${who} ${company}/${role}`).toBe(404);
    }
    const malformed = await rt.app.inject({
      method: 'DELETE',
      url: `/api/configuration/role-module/remove/abc/${victim}`,
      headers: bearer(tokens.owner!),
    });
    expect([400, 404]).toContain(malformed.statusCode);
    expect((await rolesOf(northwind)).some((r) => r.id === victim)).toBe(true);
    expect((await remove(tokens.root!, northwind, victim)).statusCode).toBe(200);
  });
});
