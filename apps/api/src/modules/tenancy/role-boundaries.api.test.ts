import { companies, DEMO, drawLogoPng, eq, rolePermissions, roles, sql, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

/**
 * People inside one tenant stay within what their place and role allow (issue 8, findings 1, 3, 4
 * and 10): single sign-on and view mode only downwards, the Settings switch on the profile's company
 * step, a rule on company groups, and an agency's logs that do not name the platform's people.
 */
let rt: TestRuntime;
let northwind: number;
let ip = 0;
beforeAll(async () => {
  rt = await startTestRuntime();
  northwind = (await userOf(DEMO.northwind.owner.email)).companyId;
});
afterAll(() => rt?.close());

async function userOf(email: string) {
  const [row] = await rt.database.db.select().from(users).where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

const tokenOf = async (email: string) => (await signIn(rt, email, { ip: `10.7.0.${++ip}` })).access_token;

/** A new person next to a demo one (same company and password), optionally holding a role. */
async function addPerson(
  like: string,
  userType: 'admin' | 'administrator' | 'sales',
  settings?: { enable: boolean; create: boolean; update: boolean; delete: boolean },
) {
  const model = await userOf(like);
  let roleId: number | null = null;
  if (settings) {
    const [role] = await rt.database.db
      .insert(roles)
      .values({ companyId: model.companyId, name: `Boundary role ${ip}-${Math.random()}` })
      .returning();
    roleId = role!.id;
    for (const module of ['ads_design', 'campaign', 'leadspeek', 'settings'] as const) {
      const on =
        module === 'settings' ? settings : { enable: false, create: false, update: false, delete: false };
      await rt.database.db.insert(rolePermissions).values({
        roleId,
        module,
        canEnable: on.enable,
        canCreate: on.create,
        canUpdate: on.update,
        canDelete: on.delete,
      });
    }
  }
  const email = `boundary.${userType}.${++ip}@example.test`;
  const [row] = await rt.database.db
    .insert(users)
    .values({
      systemId: model.systemId,
      companyId: model.companyId,
      userType,
      email,
      name: `Boundary ${userType}`,
      passwordHash: model.passwordHash,
      roleId,
      profileSetupCompleted: true,
    })
    .returning();
  return { id: row!.id, token: await tokenOf(email) };
}

const NO_SWITCHES = { enable: false, create: false, update: false, delete: false };

describe('single sign-on and view mode go only downwards', () => {
  it('refuses an agency administrator without permissions a session as the agency owner', async () => {
    const admin = await addPerson(DEMO.northwind.owner.email, 'administrator', NO_SWITCHES);
    const owner = await userOf(DEMO.northwind.owner.email);
    const res = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: owner.id, host: `${DEMO.northwind.subdomain}.localhost` },
      { token: admin.token },
    );
    expect(res.statusCode).toBe(404);
  });

  it('refuses a root administrator a session as the system user, by single sign-on or view mode', async () => {
    const rootAdmin = await addPerson(DEMO.master.rootUser.email, 'admin');
    const system = await userOf(DEMO.master.rootUser.email);
    const sso = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: system.id, host: 'localhost' },
      { token: rootAdmin.token },
    );
    expect(sso.statusCode).toBe(404);
    const view = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: system.id },
      { token: rootAdmin.token },
    );
    expect(view.statusCode).toBe(404);
    // Downwards still works: the root administrator may view an agency.
    const agency = await userOf(DEMO.northwind.owner.email);
    const down = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: agency.id },
      { token: rootAdmin.token },
    );
    expect(down.statusCode).toBe(200);
  });

  it('keeps an agency owner from its own administrators and lets it sign in as its clients', async () => {
    const owner = await tokenOf(DEMO.northwind.owner.email);
    const admin = await userOf(DEMO.northwind.administrator.email);
    const host = `${DEMO.northwind.subdomain}.localhost`;
    const peer = await send(rt, '/api/v1/developer/sso/create', { userID: admin.id, host }, { token: owner });
    expect(peer.statusCode).toBe(404);
    const client = await userOf(DEMO.northwind.clients[0].contact.email);
    const down = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: client.id, host },
      { token: owner },
    );
    expect(down.statusCode).toBe(200);
  });
});

describe('the Settings switch guards the company step of the profile', () => {
  it('refuses to rename the agency, move its subdomain or replace its logo without Settings update', async () => {
    const admin = await addPerson(DEMO.northwind.owner.email, 'administrator', NO_SWITCHES);
    const [before] = await rt.database.db.select().from(companies).where(eq(companies.id, northwind));
    const body = multipart(
      { profilestep: '2', id: admin.id, company: 'Hijacked', DownlineSubDomain: 'hijacked' },
      { name: 'logo.png', bytes: drawLogoPng('#000000', 16), type: 'image/png' },
    );
    const res = await rt.app.inject({
      method: 'POST',
      url: '/api/user/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(admin.token) },
    });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe('You do not have permission to do this.');
    const [after] = await rt.database.db.select().from(companies).where(eq(companies.id, northwind));
    expect(after).toEqual(before);
  });
});

describe('company groups have a rule', () => {
  it('refuses a sales person who is not an account executive (404) and a role without the switch (403)', async () => {
    const count = async () =>
      Number(
        (
          (await rt.database.db.execute(
            sql`select count(*)::int as n from company_groups where company_id = ${northwind}`,
          )) as unknown as { rows: { n: number }[] }
        ).rows[0]!.n,
      );
    const before = await count();
    const sales = await tokenOf(DEMO.master.sales.email);
    const body = { companyID: northwind, companyGroupName: 'Sales group', moduleID: 'local' };
    expect((await send(rt, '/api/company/group', body, { token: sales })).statusCode).toBe(404);
    const admin = await addPerson(DEMO.northwind.owner.email, 'administrator', {
      ...NO_SWITCHES,
      enable: true,
      update: true,
    });
    const denied = await send(rt, '/api/company/group', body, { token: admin.token });
    expect(denied.statusCode).toBe(403);
    expect(await count()).toBe(before);
    // The account executive manages Northwind's clients, and so its groups.
    const ae = await tokenOf(DEMO.master.accountExecutive.email);
    const created = await send(rt, '/api/company/group', body, { token: ae });
    expect(created.statusCode).toBe(200);
    const id = created.json().id as number;
    const remove = (token: string) =>
      rt.app.inject({ method: 'DELETE', url: `/api/company/group/remove/${id}`, headers: bearer(token) });
    expect((await remove(sales)).statusCode).toBe(404);
    expect((await remove(admin.token)).statusCode).toBe(403);
    expect((await remove(ae)).statusCode).toBe(200);
  });
});

describe("an agency's logs and its platform's people", () => {
  it('show what the platform did and when, not who or from where', async () => {
    const system = await userOf(DEMO.master.rootUser.email);
    await rt.database.db.insert(userLogs).values({
      systemId: system.systemId,
      companyId: northwind,
      userId: system.id,
      actorUserId: system.id,
      action: 'agency_updated',
      category: 'user',
      description: 'Changed the white labelling of Northwind Digital',
      ip: '198.51.100.77',
    });
    const read = async (token: string) =>
      (
        await send(rt, '/api/configuration/user/log-user', { companyID: northwind, page: 1 }, { token })
      ).json().data as { name: string; user_ip: string; description: string }[];
    const agencyView = (await read(await tokenOf(DEMO.northwind.owner.email))).find((r) =>
      r.description.startsWith('Changed the white labelling'),
    );
    expect(agencyView).toMatchObject({ name: 'LeadOrbit support', user_ip: '' });
    const platformView = (await read(await tokenOf(DEMO.master.rootUser.email))).find((r) =>
      r.description.startsWith('Changed the white labelling'),
    );
    expect(platformView).toMatchObject({ name: system.name, user_ip: '198.51.100.77' });
  });
});
