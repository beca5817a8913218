import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
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
    url: `/api/configuration/user/${company}/all/${system}/userdownline/local/${path}${query}`,
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
      url: `/api/configuration/user/${me.company_id}/all/${me.idsys}/client/local/company_name/asc/-`,
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
