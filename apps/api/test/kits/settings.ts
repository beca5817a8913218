import { and, companies, DEMO, desc, eq, rolePermissions, roles, userLogs, users } from '@app/db';
import type { TestRuntime } from '../harness.js';
import { bearer, send, signIn } from '../sign-in.js';

/** The demo people the settings tests act as. */
export const ROOT = DEMO.master.rootUser.email;
export const OWNER = DEMO.northwind.owner.email;
export const ADMIN = DEMO.northwind.administrator.email;
export const SUMMIT = DEMO.summit.owner.email;
export const SALES = DEMO.master.sales.email;
export const CLIENT = DEMO.northwind.clients[0].contact.email;
export const BRIGHT_ROOT = DEMO.brightreach.rootUser.email;

/** Shared helpers of the settings API tests (test code only). */
export function settingsKit(rt: TestRuntime) {
  const db = rt.database.db;
  let ipCounter = 10;
  const nextIp = () => `10.44.${Math.floor(ipCounter / 250)}.${(ipCounter++ % 250) + 1}`;

  const userRow = async (email: string) => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    if (!row) throw new Error(`no user ${email}`);
    return row;
  };
  const companyRow = async (id: number) => {
    const [row] = await db.select().from(companies).where(eq(companies.id, id));
    if (!row) throw new Error(`no company ${id}`);
    return row;
  };
  const companyNamed = async (name: string) => {
    const [row] = await db.select().from(companies).where(eq(companies.name, name));
    if (!row) throw new Error(`no company ${name}`);
    return row;
  };
  const tokens = new Map<string, string>();
  const tokenOf = async (email: string) => {
    const known = tokens.get(email);
    if (known) return known;
    const host =
      email.endsWith('brightreach.test') ||
      email.endsWith('coastalleads.test') ||
      email.endsWith('bayviewrealty.test')
        ? DEMO.brightreach.domain
        : 'localhost';
    const { access_token } = await signIn(rt, email, { ip: nextIp(), host });
    tokens.set(email, access_token);
    return access_token;
  };

  return {
    db,
    nextIp,
    userRow,
    companyRow,
    companyNamed,
    tokenOf,
    /** Company ids of the demo tenants. */
    async ids() {
      const northwind = await companyNamed(DEMO.northwind.name);
      const summit = await companyNamed(DEMO.summit.name);
      const coastal = await companyNamed(DEMO.brightreach.agency.name);
      const harbor = await companyNamed(DEMO.northwind.clients[0].name);
      return {
        masterRoot: northwind.rootId,
        northwind: northwind.id,
        summit: summit.id,
        brightRoot: coastal.rootId,
        coastal: coastal.id,
        harbor: harbor.id,
        masterSystem: northwind.systemId,
        brightSystem: coastal.systemId,
      };
    },
    get: async (url: string, email?: string) =>
      rt.app.inject({ url, headers: email ? bearer(await tokenOf(email)) : {}, remoteAddress: nextIp() }),
    put: async (url: string, body: unknown, email?: string) =>
      send(rt, url, body, {
        token: email ? await tokenOf(email) : undefined,
        method: 'PUT',
        ip: '203.0.113.50',
      }),
    post: async (url: string, body: unknown, email?: string) =>
      send(rt, url, body, {
        token: email ? await tokenOf(email) : undefined,
        method: 'POST',
        ip: '203.0.113.50',
      }),
    del: async (url: string, body: unknown, email: string) =>
      rt.app.inject({
        method: 'DELETE',
        url,
        headers: { 'content-type': 'application/json', ...bearer(await tokenOf(email)) },
        remoteAddress: '203.0.113.50',
        payload: JSON.stringify({ dt: await rt.seal(body) }),
      }),
    /** The newest user-log row of a company with this action. */
    async lastLog(companyId: number, action: string) {
      const [row] = await db
        .select()
        .from(userLogs)
        .where(and(eq(userLogs.companyId, companyId), eq(userLogs.action, action)))
        .orderBy(desc(userLogs.id))
        .limit(1);
      return row;
    },
    /** Gives a user a role of its company whose settings permissions are exactly these. */
    async giveRole(email: string, settings: { create: boolean; update: boolean; delete: boolean }) {
      const user = await userRow(email);
      const [role] = await db
        .insert(roles)
        .values({ companyId: user.companyId, name: `settings ${JSON.stringify(settings)}` })
        .returning({ id: roles.id });
      if (!role) throw new Error('role not created');
      await db.insert(rolePermissions).values({
        roleId: role.id,
        module: 'settings',
        canEnable: true,
        canCreate: settings.create,
        canUpdate: settings.update,
        canDelete: settings.delete,
      });
      await db.update(users).set({ roleId: role.id }).where(eq(users.id, user.id));
      return role.id;
    },
    async dropRole(email: string) {
      await db.update(users).set({ roleId: null }).where(eq(users.email, email));
    },
  };
}

export type SettingsKit = ReturnType<typeof settingsKit>;
