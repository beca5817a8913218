import { PASSWORD_RESET_DONE } from '@app/contracts';
import { appSecrets, companies, DEMO, eq, users } from '@app/db';
import { SignJWT } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  bearer,
  gtoken,
  lastEmailIdTo,
  lastEmailTo,
  login,
  nextEmailTo,
  send,
  signIn,
} from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ tokenSettings: { reuseGraceSeconds: 0 } });
});
afterAll(() => rt?.close());

const logout = (runtime: TestRuntime, token: string) =>
  runtime.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
const me = (token: string) => rt.app.inject({ url: '/api/user', headers: bearer(token) });
const refresh = (refresh_token: string, ip?: string) =>
  send(rt, '/api/auth/refresh-token', { refresh_token }, { ip });

describe('refresh tokens', () => {
  it('rotates: a new pair each time, and the old refresh token stops working', async () => {
    const first = await signIn(rt, DEMO.master.rootUser.email);
    const second = await refresh(first.refresh_token);
    expect(second.statusCode).toBe(200);
    const pair = second.json();
    expect(pair.refresh_token).not.toBe(first.refresh_token);
    expect((await me(pair.access_token)).statusCode).toBe(200);
  });

  it('revokes the whole family when a used refresh token comes back', async () => {
    const first = await signIn(rt, DEMO.master.sales.email);
    const rotated = (await refresh(first.refresh_token)).json();
    const replay = await refresh(first.refresh_token);
    expect(replay.statusCode).toBe(401);
    // The thief's replay ends the session for everybody holding it.
    expect((await me(rotated.access_token)).statusCode).toBe(401);
    expect((await refresh(rotated.refresh_token)).statusCode).toBe(401);
  });

  it('never forks under concurrent refreshes of one token', async () => {
    const first = await signIn(rt, DEMO.master.accountExecutive.email);
    const results = await Promise.all(Array.from({ length: 10 }, () => refresh(first.refresh_token)));
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });
});

describe('a refresh token used again within the grace window', () => {
  let graceful: TestRuntime;
  beforeAll(async () => {
    graceful = await startTestRuntime({ tokenSettings: { reuseGraceSeconds: 30 } });
  });
  afterAll(() => graceful?.close());
  const rotate = (refresh_token: string) => send(graceful, '/api/auth/refresh-token', { refresh_token });
  const user = (token: string) => graceful.app.inject({ url: '/api/user', headers: bearer(token) });

  it('gets the same successor when the first answer was lost (a page reloaded mid-refresh)', async () => {
    const tokens = await signIn(graceful, DEMO.northwind.owner.email);
    const lost = (await rotate(tokens.refresh_token)).json();
    const retried = await rotate(tokens.refresh_token);
    expect(retried.statusCode).toBe(200);
    expect(retried.json().refresh_token).toBe(lost.refresh_token);
    expect((await user(retried.json().access_token)).statusCode).toBe(200);
    // The successor still works once, and the session goes on from it.
    const next = await rotate(retried.json().refresh_token);
    expect(next.statusCode).toBe(200);
    expect((await user(next.json().access_token)).statusCode).toBe(200);
  });

  it('never forks: ten tabs refreshing one token at once all get one successor', async () => {
    const tokens = await signIn(graceful, DEMO.northwind.administrator.email);
    const answers = await Promise.all(Array.from({ length: 10 }, () => rotate(tokens.refresh_token)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const successors = new Set(answers.map((a) => a.json().refresh_token));
    expect(successors.size).toBe(1);
    const [successor] = [...successors];
    expect((await rotate(successor!)).statusCode).toBe(200);
  });

  it('is refused, without ending the session, once the successor has been used', async () => {
    const tokens = await signIn(graceful, DEMO.northwind.clients[0].contact.email);
    const second = (await rotate(tokens.refresh_token)).json();
    const third = (await rotate(second.refresh_token)).json();
    const late = await rotate(tokens.refresh_token);
    expect(late.statusCode).toBe(401);
    expect(late.json().error.code).toBe('refresh_token_used');
    expect((await user(third.access_token)).statusCode).toBe(200);
  });

  it('is refused after logout', async () => {
    const tokens = await signIn(graceful, DEMO.northwind.clients[1].contact.email);
    const rotated = (await rotate(tokens.refresh_token)).json();
    expect((await logout(graceful, rotated.access_token)).statusCode).toBe(200);
    expect((await rotate(tokens.refresh_token)).statusCode).toBe(401);
    expect((await rotate(rotated.refresh_token)).statusCode).toBe(401);
  });
});

describe('access tokens', () => {
  async function jwtKey() {
    const [row] = await rt.database.db.select().from(appSecrets).where(eq(appSecrets.name, 'jwt_key'));
    return Buffer.from(row!.value, 'base64');
  }

  it('rejects alg "none", a wrong audience, an expired token and a foreign signature', async () => {
    const tokens = await signIn(rt, DEMO.northwind.owner.email);
    const [, payloadPart] = tokens.access_token.split('.');
    const payload = JSON.parse(Buffer.from(payloadPart!, 'base64url').toString());
    const none = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${payloadPart}.`;
    expect((await me(none)).statusCode).toBe(401);

    const sign = (claims: Record<string, unknown>, key: Uint8Array, exp: string | number = '5m') =>
      new SignJWT(claims)
        .setProtectedHeader({ alg: 'HS256' })
        .setIssuer('leadorbit')
        .setIssuedAt()
        .setExpirationTime(exp)
        .sign(key);
    const key = await jwtKey();
    const otherSystem = await sign({ ...payload, aud: 'system:2', exp: undefined, iat: undefined }, key);
    expect((await me(otherSystem)).statusCode).toBe(401);
    const expired = await sign(
      { ...payload, exp: undefined, iat: undefined },
      key,
      Math.floor(Date.now() / 1000) - 60,
    );
    expect((await me(expired)).statusCode).toBe(401);
    const forged = await sign({ ...payload, exp: undefined, iat: undefined }, new Uint8Array(32).fill(9));
    expect((await me(forged)).statusCode).toBe(401);
    // The untouched token still works: the failures above are the checks, not a broken session.
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it("refuses the token of a person whose company is removed, even if the person's row was missed", async () => {
    const email = DEMO.summit.clients[0]!.contact.email;
    const tokens = await signIn(rt, email);
    expect((await me(tokens.access_token)).statusCode).toBe(200);
    const [person] = await rt.database.db.select().from(users).where(eq(users.email, email));
    const removeCompany = (deletedAt: Date | null) =>
      rt.database.db.update(companies).set({ deletedAt }).where(eq(companies.id, person!.companyId));
    await removeCompany(new Date());
    try {
      expect((await me(tokens.access_token)).statusCode).toBe(401);
    } finally {
      await removeCompany(null);
    }
    expect((await me(tokens.access_token)).statusCode).toBe(200);
  });

  it('ends the session on logout', async () => {
    const tokens = await signIn(rt, DEMO.summit.owner.email);
    expect((await logout(rt, tokens.access_token)).statusCode).toBe(200);
    expect((await me(tokens.access_token)).statusCode).toBe(401);
    expect((await refresh(tokens.refresh_token)).statusCode).toBe(401);
  });
});

describe('passwords', () => {
  it('changes the password with the current one, keeps this session and ends the others', async () => {
    const email = DEMO.summit.clients[0].contact.email;
    const here = await signIn(rt, email);
    const elsewhere = await signIn(rt, email, { ip: '203.0.113.5' });
    const user = (await me(here.access_token)).json();
    // Used once before the change, so its signature's verdict is kept (decision 0059): the session's end must still count.
    expect((await me(elsewhere.access_token)).statusCode).toBe(200);
    const wrong = await send(
      rt,
      '/api/user/resetpassword',
      { usrID: user.id, currpassword: 'nope', newpassword: 'a-new-passw0rd' },
      { token: here.access_token },
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe('* Sorry, your current password invalid');
    const ok = await send(
      rt,
      '/api/user/resetpassword',
      { usrID: user.id, currpassword: 'Demo!2026', newpassword: 'a-new-passw0rd' },
      { token: here.access_token },
    );
    expect(ok.json()).toEqual({ message: 'your password has been updated!' });
    expect((await me(here.access_token)).statusCode).toBe(200);
    expect((await me(elsewhere.access_token)).statusCode).toBe(401);
    expect((await login(rt, email, { password: 'a-new-passw0rd' })).statusCode).toBe(200);
  });

  it("answers 404 when changing somebody else's password", async () => {
    const tokens = await signIn(rt, DEMO.northwind.administrator.email);
    const res = await send(
      rt,
      '/api/user/resetpassword',
      { usrID: 1, currpassword: 'Demo!2026', newpassword: 'whatever-123' },
      { token: tokens.access_token },
    );
    expect(res.statusCode).toBe(404);
  });

  it('resets with an e-mailed link once; the token works one time and ends old sessions', async () => {
    const email = DEMO.northwind.clients[1].contact.email;
    const old = await signIn(rt, email);
    const before = await lastEmailIdTo(rt, email);
    const asked = await send(rt, '/api/forgetpass', {
      username: email,
      gtoken: await gtoken(rt),
      domainName: 'northwind.localhost',
    });
    expect(asked.statusCode).toBe(200);
    // The link is sent by a job (the same work for unknown accounts), on the host the person was on.
    const mail = await nextEmailTo(rt, email, before);
    const link = mail.textBody.match(/(\S+\/set-new-password\/(\S+)\?email=\S+)/);
    expect(link?.[1]).toMatch(/^http:\/\/northwind\.localhost:3000\//);
    const token = link![2]!;
    expect((await send(rt, '/api/verify-reset-token', { token, email })).json()).toEqual({
      valid: true,
      reason: '',
      purpose: 'reset',
    });
    expect((await send(rt, '/api/verify-reset-token', { token, email: 'x@y.test' })).json().valid).toBe(
      false,
    );
    const body = { token, email, password: 'fresh-pass-42', password_confirmation: 'fresh-pass-42' };
    const reset = await send(rt, '/api/reset-password', body);
    expect(reset.statusCode).toBe(200);
    expect(reset.json().message).toBe(PASSWORD_RESET_DONE);
    const again = await send(rt, '/api/reset-password', body);
    expect(again.statusCode).toBe(400);
    expect((await send(rt, '/api/verify-reset-token', { token, email })).json()).toMatchObject({
      valid: false,
    });
    expect((await me(old.access_token)).statusCode).toBe(401);
    expect((await login(rt, email, { password: 'fresh-pass-42' })).statusCode).toBe(200);
  });

  it('answers the same to forgot-password for unknown accounts (no probing)', async () => {
    const res = await send(rt, '/api/forgetpass', {
      username: 'ghost@nowhere.test',
      gtoken: await gtoken(rt),
      domainName: 'localhost',
    });
    expect(res.statusCode).toBe(200);
    expect(await lastEmailTo(rt, 'ghost@nowhere.test')).toBeUndefined();
  });
});

describe('scope of user ids', () => {
  it('lets an agency read its own users and clients, and answers 404 for others', async () => {
    const tokens = await signIn(rt, DEMO.northwind.owner.email, { ip: '203.0.113.20' });
    const self = (await me(tokens.access_token)).json();
    const own = await rt.app.inject({
      url: `/api/user/checksetupcomplete/${self.id}`,
      headers: bearer(tokens.access_token),
    });
    expect(own.statusCode).toBe(200);
    expect(own.json().setupcomplete).toBe('T');
    for (const id of [1, 999_999, 'abc']) {
      const res = await rt.app.inject({ url: `/api/user/${id}`, headers: bearer(tokens.access_token) });
      expect([404, 400]).toContain(res.statusCode);
      expect(res.json().error).toBeDefined();
    }
    const foreign = await rt.app.inject({ url: '/api/user/1', headers: bearer(tokens.access_token) });
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).not.toContain(DEMO.master.rootUser.email);
  });
});
