import { and, DEMO, eq, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const idOf = async (email: string) =>
  (await rt.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const me = (token: string) =>
  rt.app.inject({ url: '/api/user', headers: bearer(token) }).then((r) => r.json());

describe('view mode', () => {
  it('lets a system user act as an agency owner, audits writes as "A acting as B", and reverts', async () => {
    const root = await signIn(rt, DEMO.master.rootUser.email);
    const target = await idOf(DEMO.northwind.owner.email);
    const started = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: target },
      { token: root.access_token },
    );
    expect(started.statusCode).toBe(200);
    const viewing = started.json();
    const asOwner = await me(viewing.access_token);
    expect(asOwner).toMatchObject({
      email: DEMO.northwind.owner.email,
      isViewMode: true,
      user_type_ori: 'root',
    });

    // A write inside view mode is logged with both identities.
    await send(
      rt,
      '/api/general/user-log-saved',
      { userID: target, action: 'note', desc: 'checked settings', userIP: '1.1.1.1', target_userID: target },
      { token: viewing.access_token },
    );
    const rootId = await idOf(DEMO.master.rootUser.email);
    const logs = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.userId, target), eq(userLogs.actorUserId, rootId)));
    expect(logs.length).toBeGreaterThan(0);
    expect(logs.every((l) => l.description.includes('acting as user'))).toBe(true);

    const reverted = await rt.app.inject({
      method: 'POST',
      url: '/api/configuration/user/revert-view-mode',
      headers: bearer(viewing.access_token),
    });
    expect(reverted.statusCode).toBe(200);
    expect((await me(reverted.json().access_token)).email).toBe(DEMO.master.rootUser.email);
    expect(
      (await rt.app.inject({ url: '/api/user', headers: bearer(viewing.access_token) })).statusCode,
    ).toBe(401);
  });

  it('lets an agency view its own client, and refuses anybody else with 404', async () => {
    const agency = await signIn(rt, DEMO.northwind.owner.email);
    const ownClient = await idOf(DEMO.northwind.clients[0].contact.email);
    const otherClient = await idOf(DEMO.summit.clients[0].contact.email);
    const otherSystem = await idOf(DEMO.brightreach.agency.client.contact.email);
    const root = await idOf(DEMO.master.rootUser.email);
    expect(
      (await send(rt, '/api/configuration/user/switch', { usrID: ownClient }, { token: agency.access_token }))
        .statusCode,
    ).toBe(200);
    for (const usrID of [otherClient, otherSystem, root, 999_999]) {
      const res = await send(rt, '/api/configuration/user/switch', { usrID }, { token: agency.access_token });
      expect(res.statusCode, `usrID ${usrID}`).toBe(404);
    }
  });

  it('refuses clients and sales users', async () => {
    for (const email of [DEMO.northwind.clients[0].contact.email, DEMO.master.sales.email]) {
      const tokens = await signIn(rt, email);
      const res = await send(
        rt,
        '/api/configuration/user/switch',
        { usrID: await idOf(DEMO.northwind.owner.email) },
        { token: tokens.access_token },
      );
      expect(res.statusCode).toBe(404);
    }
  });
});
