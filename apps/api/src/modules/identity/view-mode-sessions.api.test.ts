import { DEMO, DEMO_PASSWORD, eq, tokenFamilies, users } from '@app/db';
import { NOT_WHILE_ACTING } from '@app/policy';
import { decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  // A reused refresh token revokes at once (no grace window to wait out).
  rt = await startTestRuntime({ tokenSettings: { reuseGraceSeconds: 0 } });
});
afterAll(() => rt?.close());

const idOf = async (email: string) =>
  (await rt.database.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;
const status = async (token: string) =>
  (await rt.app.inject({ url: '/api/user', headers: bearer(token) })).statusCode;
const refresh = (refresh_token: string) => send(rt, '/api/auth/refresh-token', { refresh_token });
const logout = (token: string) =>
  rt.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });

/** The root user's session (the parent) and a view-mode session as the Northwind owner (its child). */
async function parentAndChild() {
  const parent = await signIn(rt, DEMO.master.rootUser.email);
  const switched = await send(
    rt,
    '/api/configuration/user/switch',
    { usrID: await idOf(DEMO.northwind.owner.email) },
    { token: parent.access_token },
  );
  expect(switched.statusCode).toBe(200);
  const child = switched.json() as { access_token: string; refresh_token: string };
  expect(await status(child.access_token)).toBe(200);
  return { parent, child };
}

describe('a view-mode session ends with the session it was started from', () => {
  it('logging out the parent ends the view-mode session', async () => {
    const { parent, child } = await parentAndChild();
    expect((await logout(parent.access_token)).statusCode).toBe(200);
    expect(await status(child.access_token)).toBe(401);
    expect((await refresh(child.refresh_token)).statusCode).toBe(401);
  });

  it('logging out in view mode ends the parent session too', async () => {
    const { parent, child } = await parentAndChild();
    expect((await logout(child.access_token)).statusCode).toBe(200);
    expect(await status(child.access_token)).toBe(401);
    expect(await status(parent.access_token)).toBe(401);
    expect((await refresh(parent.refresh_token)).statusCode).toBe(401);
  });

  it('a reused refresh token of the parent ends its view-mode session', async () => {
    const { parent, child } = await parentAndChild();
    expect((await refresh(parent.refresh_token)).statusCode).toBe(200);
    expect((await refresh(parent.refresh_token)).statusCode).toBe(401);
    expect(await status(child.access_token)).toBe(401);
  });

  it('a password change from another session ends the parent and its view-mode session', async () => {
    const owner = DEMO.northwind.owner.email;
    const parent = await signIn(rt, owner);
    const elsewhere = await signIn(rt, owner);
    const switched = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: await idOf(DEMO.northwind.clients[0].contact.email) },
      { token: parent.access_token },
    );
    const child = switched.json() as { access_token: string };
    expect(await status(child.access_token)).toBe(200);
    const changed = await send(
      rt,
      '/api/user/resetpassword',
      { usrID: await idOf(owner), currpassword: DEMO_PASSWORD, newpassword: 'Another!2026pass' },
      { token: elsewhere.access_token },
    );
    expect(changed.statusCode).toBe(200);
    expect(await status(elsewhere.access_token)).toBe(200);
    expect(await status(parent.access_token)).toBe(401);
    expect(await status(child.access_token)).toBe(401);
  });

  it('refuses a view-mode session whose parent is revoked even if the child itself was not', async () => {
    const { parent, child } = await parentAndChild();
    const parentFamily = String(decodeJwt(parent.access_token).fam);
    // Only the parent row: as if revoking the child had been missed.
    await rt.database.db
      .update(tokenFamilies)
      .set({ revokedAt: new Date(), revokeReason: 'test' })
      .where(eq(tokenFamilies.id, parentFamily));
    expect(await status(child.access_token)).toBe(401);
    expect((await refresh(child.refresh_token)).statusCode).toBe(401);
  });

  it('reverting still ends only the view-mode session', async () => {
    const { parent, child } = await parentAndChild();
    const reverted = await rt.app.inject({
      method: 'POST',
      url: '/api/configuration/user/revert-view-mode',
      headers: bearer(child.access_token),
    });
    expect(reverted.statusCode).toBe(200);
    expect(await status(child.access_token)).toBe(401);
    expect(await status(parent.access_token)).toBe(200);
    expect(await status(reverted.json().access_token)).toBe(200);
  });
});

describe('view mode cannot change the password of the person viewed', () => {
  it('refuses POST /user/resetpassword with 403 even with the right current password', async () => {
    const { child } = await parentAndChild();
    const owner = await idOf(DEMO.northwind.owner.email);
    const res = await send(
      rt,
      '/api/user/resetpassword',
      { usrID: owner, currpassword: DEMO_PASSWORD, newpassword: 'taken-over-123' },
      { token: child.access_token },
    );
    expect(res.statusCode).toBe(403);
    expect(res.json().error.message).toBe(NOT_WHILE_ACTING);
  });
});
