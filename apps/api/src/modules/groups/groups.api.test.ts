import { GROUP_NAME_TAKEN } from '@app/contracts';
import { DEMO } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

async function as(email: string) {
  const { access_token } = await signIn(rt, email);
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  return { token: access_token, me };
}

describe('company groups', () => {
  it('lets an agency create, rename, list and delete its groups; a client manages none', async () => {
    const client = await as(DEMO.northwind.clients[0].contact.email);
    const refused = await send(
      rt,
      '/api/company/group',
      { companyGroupName: 'Spring promo', companyID: client.me.company_id, moduleID: 'local' },
      { token: client.token },
    );
    expect(refused.statusCode).toBe(404);
    const { token, me } = await as(DEMO.northwind.owner.email);
    const created = await send(
      rt,
      '/api/company/group',
      { companyGroupName: 'Spring promo', companyID: me.company_id, moduleID: 'local' },
      { token },
    );
    expect(created.json().message).toBe('Data has been added successfully');
    const id = created.json().id;
    await send(
      rt,
      '/api/company/group',
      { companyGroupID: id, companyGroupName: 'Summer promo', companyID: me.company_id },
      { token },
    );
    const list = await rt.app.inject({
      url: `/api/company/group/${me.company_id}/local`,
      headers: bearer(token),
    });
    expect(list.json()).toEqual({
      result: 'success',
      params: [{ id, group_name: 'Summer promo', module: 'local' }],
    });
    const removed = await rt.app.inject({
      method: 'DELETE',
      url: `/api/company/group/remove/${id}`,
      headers: bearer(token),
    });
    expect(removed.json()).toEqual({ message: 'Deleted!' });
    expect(
      (
        await rt.app.inject({ url: `/api/company/group/${me.company_id}/local`, headers: bearer(token) })
      ).json().params,
    ).toEqual([]);
  });

  it("answers 404 for another client's company or group, and lets the agency manage its clients' groups", async () => {
    const owner = await as(DEMO.northwind.clients[0].contact.email);
    const agency = await as(DEMO.northwind.owner.email);
    const group = (
      await send(
        rt,
        '/api/company/group',
        { companyGroupName: 'Private', companyID: owner.me.company_id },
        { token: agency.token },
      )
    ).json().id;
    const sibling = await as(DEMO.northwind.clients[1].contact.email);
    expect(
      (
        await rt.app.inject({
          url: `/api/company/group/${owner.me.company_id}/all`,
          headers: bearer(sibling.token),
        })
      ).statusCode,
    ).toBe(404);
    expect(
      (
        await rt.app.inject({
          method: 'DELETE',
          url: `/api/company/group/remove/${group}`,
          headers: bearer(sibling.token),
        })
      ).statusCode,
    ).toBe(404);
    const renamed = await send(
      rt,
      '/api/company/group',
      { companyGroupID: group, companyGroupName: 'Mine now', companyID: sibling.me.company_id },
      { token: sibling.token },
    );
    expect(renamed.statusCode).toBe(404);
    const listed = await rt.app.inject({
      url: `/api/company/group/${owner.me.company_id}/all`,
      headers: bearer(agency.token),
    });
    expect(listed.json().params.map((g: { group_name: string }) => g.group_name)).toContain('Private');
  });

  it("reads a client its agency's groups (spec 2 §6), read-only; another agency's stay 404", async () => {
    const agency = await as(DEMO.northwind.owner.email);
    const client = await as(DEMO.northwind.clients[0].contact.email);
    const other = await as(DEMO.summit.owner.email);
    const group = (
      await send(
        rt,
        '/api/company/group',
        { companyGroupName: 'Dental practices', companyID: agency.me.company_id },
        { token: agency.token },
      )
    ).json().id;
    const read = await rt.app.inject({
      url: `/api/company/group/${client.me.company_parent}/all`,
      headers: bearer(client.token),
    });
    expect(read.statusCode).toBe(200);
    expect(read.json().params).toContainEqual({ id: group, group_name: 'Dental practices', module: 'local' });
    const write = (body: Record<string, unknown>) =>
      send(rt, '/api/company/group', body, { token: client.token });
    expect((await write({ companyGroupName: 'Mine', companyID: agency.me.company_id })).statusCode).toBe(404);
    expect(
      (await write({ companyGroupID: group, companyGroupName: 'Mine', companyID: agency.me.company_id }))
        .statusCode,
    ).toBe(404);
    const remove = await rt.app.inject({
      method: 'DELETE',
      url: `/api/company/group/remove/${group}`,
      headers: bearer(client.token),
    });
    expect(remove.statusCode).toBe(404);
    const elsewhere = await rt.app.inject({
      url: `/api/company/group/${other.me.company_id}/all`,
      headers: bearer(client.token),
    });
    expect(elsewhere.statusCode).toBe(404);
  });

  it('reads sales staff the groups of their linked agencies, never of the root company they work for', async () => {
    const sales = await as(DEMO.master.sales.email);
    const agency = await as(DEMO.northwind.owner.email);
    const root = await rt.app.inject({
      url: `/api/company/group/${sales.me.company_id}/all`,
      headers: bearer(sales.token),
    });
    expect(root.statusCode).toBe(404);
    const linked = await rt.app.inject({
      url: `/api/company/group/${agency.me.company_id}/all`,
      headers: bearer(sales.token),
    });
    expect(linked.statusCode).toBe(200);
  });

  it('keeps one group of a name however many saves race, and refuses a rename onto a taken name', async () => {
    const agency = await as(DEMO.northwind.owner.email);
    const body = { companyGroupName: 'Concurrent', companyID: agency.me.company_id, moduleID: 'local' };
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => send(rt, '/api/company/group', body, { token: agency.token })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const refused of answers.filter((r) => r.statusCode !== 200)) {
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields).toEqual({ companyGroupName: GROUP_NAME_TAKEN });
    }
    const other = await send(
      rt,
      '/api/company/group',
      { ...body, companyGroupName: 'Another' },
      { token: agency.token },
    );
    const renamed = await send(
      rt,
      '/api/company/group',
      { ...body, companyGroupID: other.json().id, companyGroupName: ' concurrent ' },
      { token: agency.token },
    );
    expect(renamed.statusCode).toBe(400);
    expect(renamed.json().error.message).toBe(GROUP_NAME_TAKEN);
  });
});
