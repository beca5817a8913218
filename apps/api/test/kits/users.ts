import { companies, DEMO, eq, users } from '@app/db';
import type { TestRuntime } from '../harness.js';
import { bearer, login, send, signIn } from '../sign-in.js';

/** A signed-in demo person with the ids the API needs (from GET /user). */
export interface Who {
  token: string;
  id: number;
  company: number;
  root: number;
  system: number;
}

let ipCounter = 0;
/** Signs in from a fresh IP each time, so sign-in rate limits never trip across a test file. */
export async function who(
  rt: TestRuntime,
  email: string,
  host = 'localhost',
  password?: string,
): Promise<Who> {
  ipCounter += 1;
  const ip = `10.9.${Math.floor(ipCounter / 250)}.${ipCounter % 250}`;
  const res = password ? await login(rt, email, { host, ip, password }) : null;
  if (res && res.json().result !== 'success') throw new Error(`sign-in of ${email} failed: ${res.body}`);
  const { access_token } = res ? res.json() : await signIn(rt, email, { host, ip });
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  return {
    token: access_token,
    id: me.id,
    company: me.company_id,
    root: me.company_root_id,
    system: me.idsys,
  };
}

export const PEOPLE = {
  root: DEMO.master.rootUser.email,
  sales: DEMO.master.sales.email,
  ae: DEMO.master.accountExecutive.email,
  northwind: DEMO.northwind.owner.email,
  northwindAdmin: DEMO.northwind.administrator.email,
  summit: DEMO.summit.owner.email,
  client: DEMO.northwind.clients[0].contact.email,
  otherRoot: DEMO.brightreach.rootUser.email,
  otherAgency: DEMO.brightreach.agency.owner.email,
};

export async function companyByName(rt: TestRuntime, name: string) {
  const [row] = await rt.database.db.select().from(companies).where(eq(companies.name, name));
  if (!row) throw new Error(`no company ${name}`);
  return row;
}

export async function userByEmail(rt: TestRuntime, email: string) {
  const rows = await rt.database.db.select().from(users).where(eq(users.email, email));
  const row = rows.find((r) => r.deletedAt === null) ?? rows[0];
  if (!row) throw new Error(`no user ${email}`);
  return row;
}

export const post = (rt: TestRuntime, url: string, body: unknown, token: string, ip = '10.8.0.1') =>
  send(rt, `/api${url}`, body, { token, ip });
export const put = (rt: TestRuntime, url: string, body: unknown, token: string, ip = '10.8.0.1') =>
  send(rt, `/api${url}`, body, { token, method: 'PUT', ip });
export const get = (rt: TestRuntime, url: string, token: string) =>
  rt.app.inject({ url: `/api${url}`, headers: bearer(token) });
export const del = (rt: TestRuntime, url: string, token: string) =>
  rt.app.inject({ method: 'DELETE', url: `/api${url}`, headers: bearer(token) });

/** A valid new-agency payload (spec 2 §7 names) with a unique e-mail and subdomain. */
export function agencyPayload(by: Who, tag: string, extra: Record<string, unknown> = {}) {
  return {
    companyID: by.root,
    idsys: by.system,
    userType: 'userdownline',
    ClientCompanyName: `Agency ${tag}`,
    ClientFullName: `Owner ${tag}`,
    ClientEmail: `owner.${tag}@example.test`,
    ClientPhone: '3125550123',
    ClientPhoneCountryCode: 'US',
    ClientPhoneCountryCallingCode: '+1',
    ClientWhiteLabeling: 'F',
    ApiMode: 'F',
    DownlineSubDomain: `agency-${tag}`,
    selectedterms: [
      { term: 'Weekly', status: true },
      { term: 'Monthly', status: true },
    ],
    ...extra,
  };
}

/** A valid new-client payload under `agencyId`. */
export function clientPayload(
  agencyId: number,
  system: number,
  tag: string,
  extra: Record<string, unknown> = {},
) {
  return {
    companyID: agencyId,
    idsys: system,
    userType: 'client',
    ClientCompanyName: `Client ${tag}`,
    ClientFullName: `Contact ${tag}`,
    ClientEmail: `contact.${tag}@example.test`,
    ClientPhone: '3125550124',
    ClientPhoneCountryCode: 'US',
    ...extra,
  };
}
