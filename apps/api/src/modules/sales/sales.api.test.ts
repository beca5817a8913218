import { companySalesLinks, DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const userId = async (email: string) =>
  (await rt.database.db.select().from(users).where(eq(users.email, email)))[0]!;

describe('Set Sales Person', () => {
  it('lists the system’s sales staff and sets an agency’s sales people', async () => {
    const { access_token } = await signIn(rt, DEMO.master.rootUser.email);
    const summit = (await userId(DEMO.summit.owner.email)).companyId;
    const list = (
      await rt.app.inject({ url: `/api/configuration/sales/list/${summit}`, headers: bearer(access_token) })
    ).json();
    expect(list.data.map((s: { name: string }) => s.name)).toEqual([
      DEMO.master.accountExecutive.name,
      DEMO.master.sales.name,
    ]);
    const rep = (await userId(DEMO.master.sales.email)).id;
    const ae = (await userId(DEMO.master.accountExecutive.email)).id;
    const res = await send(
      rt,
      '/api/configuration/sales',
      { companyID: summit, salesRep: rep, salesAE: ae, salesRef: null },
      { token: access_token, method: 'PUT' },
    );
    expect(res.json()).toEqual({ message: 'Data has been updated successfully' });
    const links = await rt.database.db
      .select()
      .from(companySalesLinks)
      .where(eq(companySalesLinks.companyId, summit));
    expect(links.map((l) => l.role).sort()).toEqual(['account_executive', 'sales_rep']);
  });

  it('refuses sales users, agencies, non-sales people and foreign agencies', async () => {
    const summit = (await userId(DEMO.summit.owner.email)).companyId;
    const sales = await signIn(rt, DEMO.master.sales.email);
    expect(
      (
        await rt.app.inject({
          url: `/api/configuration/sales/list/${summit}`,
          headers: bearer(sales.access_token),
        })
      ).statusCode,
    ).toBe(404);
    const agency = await signIn(rt, DEMO.northwind.owner.email);
    expect(
      (
        await send(
          rt,
          '/api/configuration/sales',
          { companyID: summit, salesRep: null, salesAE: null, salesRef: null },
          { token: agency.access_token, method: 'PUT' },
        )
      ).statusCode,
    ).toBe(404);
    const root = await signIn(rt, DEMO.master.rootUser.email);
    const notSales = (await userId(DEMO.northwind.owner.email)).id;
    expect(
      (
        await send(
          rt,
          '/api/configuration/sales',
          { companyID: summit, salesRep: notSales, salesAE: null, salesRef: null },
          { token: root.access_token, method: 'PUT' },
        )
      ).statusCode,
    ).toBe(400);
    const coastal = (await userId(DEMO.brightreach.agency.owner.email)).companyId;
    expect(
      (
        await send(
          rt,
          '/api/configuration/sales',
          { companyID: coastal, salesRep: null, salesAE: null, salesRef: null },
          { token: root.access_token, method: 'PUT' },
        )
      ).statusCode,
    ).toBe(404);
  });
});
