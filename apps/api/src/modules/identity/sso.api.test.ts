import { DEMO, desc, eq, userLogs, users } from '@app/db';
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
const host = `${DEMO.northwind.subdomain}.localhost`;

async function ssoToken(forEmail: string) {
  const agency = await signIn(rt, DEMO.northwind.owner.email);
  const res = await send(
    rt,
    '/api/v1/developer/sso/create',
    { userID: await idOf(forEmail), host },
    { token: agency.access_token },
  );
  expect(res.statusCode).toBe(200);
  return res.json().token as string;
}

describe('single sign-on', () => {
  it('signs in once on the host it was issued for; a replay is refused', async () => {
    const token = await ssoToken(DEMO.northwind.clients[0].contact.email);
    const first = await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: host });
    expect(first.statusCode).toBe(200);
    expect(first.json().action).toBe('login');
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(first.json().access_token) })).json();
    expect(me.email).toBe(DEMO.northwind.clients[0].contact.email);
    expect((await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: host })).statusCode).toBe(
      401,
    );
  });

  it('refuses a token on another domain', async () => {
    const token = await ssoToken(DEMO.northwind.clients[0].contact.email);
    expect(
      (await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: 'localhost' })).statusCode,
    ).toBe(401);
    expect(
      (await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: DEMO.brightreach.domain }))
        .statusCode,
    ).toBe(401);
  });

  it("answers replace_user when another user is signed in, without ending that user's session", async () => {
    const other = await signIn(rt, DEMO.northwind.clients[1].contact.email);
    const otherId = await idOf(DEMO.northwind.clients[1].contact.email);
    const token = await ssoToken(DEMO.northwind.clients[0].contact.email);
    const res = await send(rt, '/api/v1/developer/sso/validation', {
      token,
      subdomain: host,
      currentUserID: otherId,
    });
    expect(res.json().action).toBe('replace_user');
    expect((await rt.app.inject({ url: '/api/user', headers: bearer(other.access_token) })).statusCode).toBe(
      200,
    );
  });

  it('lets an agency issue tokens only for its own people', async () => {
    const agency = await signIn(rt, DEMO.northwind.owner.email);
    const foreign = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: await idOf(DEMO.summit.owner.email), host },
      { token: agency.access_token },
    );
    expect(foreign.statusCode).toBe(404);
  });

  it('links to a host the server knows for the person, whatever host is asked for', async () => {
    const agency = await signIn(rt, DEMO.northwind.owner.email);
    const res = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: await idOf(DEMO.northwind.clients[0].contact.email), host: 'evil.example' },
      { token: agency.access_token },
    );
    expect(res.statusCode).toBe(200);
    const url = new URL(res.json().url);
    expect(url.hostname).toBe(DEMO.northwind.customDomain);
    const token = res.json().token as string;
    expect(
      (await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: 'evil.example' })).statusCode,
    ).toBe(401);
    expect(
      (await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: url.hostname })).statusCode,
    ).toBe(200);
  });

  it('starts a session that names the issuer as the actor, logged with both names', async () => {
    const token = await ssoToken(DEMO.northwind.clients[0].contact.email);
    const res = await send(rt, '/api/v1/developer/sso/validation', { token, subdomain: host });
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(res.json().access_token) })).json();
    expect(me.isViewMode).toBe(true);
    expect(me.actor_user_id).toBe(await idOf(DEMO.northwind.owner.email));
    const [log] = await rt.database.db
      .select()
      .from(userLogs)
      .where(eq(userLogs.action, 'login_sso'))
      .orderBy(desc(userLogs.id))
      .limit(1);
    expect(log?.description).toContain(DEMO.northwind.owner.email);
    expect(log?.description).toContain(DEMO.northwind.clients[0].contact.email);
  });
});
