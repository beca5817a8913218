import { DEMO, DEMO_PASSWORD, eq, loginChallenges, sql, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, lastCodeTo, login, send, signIn } from '../../../test/sign-in.js';
import { newTotpSecret, totpFor } from './totp.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime({ tokenSettings: { reuseGraceSeconds: 0 } });
});
afterAll(() => rt?.close());

const owner = DEMO.northwind.owner.email;
const client = DEMO.northwind.clients[0].contact.email;

async function enableTwoFactor(email: string, type: 'email' | 'google') {
  const secret = newTotpSecret();
  await rt.database.db
    .update(users)
    .set({
      twoFactorEnabled: true,
      twoFactorType: type,
      totpSecretEncrypted: type === 'google' ? await rt.services.secrets.seal(secret) : null,
      totpLastStep: null,
    })
    .where(eq(users.email, email));
  return secret;
}

describe('password sign-in', () => {
  it('signs in and the access token opens GET /api/user', async () => {
    const tokens = await signIn(rt, owner);
    expect(tokens.expires_in).toBe(900);
    const me = await rt.app.inject({ url: '/api/user', headers: bearer(tokens.access_token) });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({
      email: owner,
      user_type: 'userdownline',
      company_name: DEMO.northwind.name,
    });
  });

  it('answers the same error for a wrong password and an unknown account', async () => {
    const wrong = await login(rt, owner, { password: 'not-the-password' });
    const unknown = await login(rt, 'nobody@northwind.test');
    expect(wrong.statusCode).toBe(401);
    expect(unknown.statusCode).toBe(401);
    expect(wrong.json()).toEqual(unknown.json());
  });

  it('is scoped to the system of the host: a master-system user cannot sign in on the second system', async () => {
    const res = await login(rt, owner, { host: DEMO.brightreach.domain });
    expect(res.statusCode).toBe(401);
    await signIn(rt, DEMO.brightreach.agency.owner.email, { host: DEMO.brightreach.domain });
  });

  it('refuses a missing or reused bot-check answer', async () => {
    const missing = await send(rt, '/api/login', {
      username: owner,
      password: DEMO_PASSWORD,
      gtoken: '',
      domainName: 'localhost',
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.code).toBe('bot_check_failed');
  });

  it('records sign-ins in the user logs with the server-seen IP', async () => {
    await signIn(rt, client, { ip: '203.0.113.77' });
    const rows = await rt.database.db.select().from(userLogs).where(eq(userLogs.ip, '203.0.113.77'));
    expect(rows.some((r) => r.action === 'login')).toBe(true);
  });
});

describe('two-factor sign-in by e-mail code', () => {
  it('asks for a code, accepts the e-mailed one once', async () => {
    const email = DEMO.summit.owner.email;
    await enableTwoFactor(email, 'email');
    const first = (await login(rt, email)).json();
    expect(first).toMatchObject({ result: 'otp_required', two_factor_auth_type: 'email' });
    const code = await lastCodeTo(rt, email);
    const ok = await send(rt, '/api/verifylogin', { email, code, otp_token: first.otp_token });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().access_token).toBeTruthy();
    const again = await send(rt, '/api/verifylogin', { email, code, otp_token: first.otp_token });
    expect(again.statusCode).toBe(400);
  });

  it('rejects an expired code', async () => {
    const email = DEMO.summit.owner.email;
    const { otp_token } = (await login(rt, email)).json();
    const code = await lastCodeTo(rt, email);
    await rt.database.db.update(loginChallenges).set({ expiresAt: sql`now() - interval '1 second'` });
    const res = await send(rt, '/api/verifylogin', { email, code, otp_token });
    expect(res.statusCode).toBe(400);
  });

  it('invalidates the code after 5 wrong tries', async () => {
    const email = DEMO.summit.owner.email;
    const { otp_token } = (await login(rt, email)).json();
    const code = await lastCodeTo(rt, email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 0; i < 5; i++) {
      const res = await send(rt, '/api/verifylogin', { email, code: wrong, otp_token });
      expect(res.statusCode).toBe(400);
    }
    const right = await send(rt, '/api/verifylogin', { email, code, otp_token });
    expect(right.statusCode).toBe(400);
  });

  it('resends a new code that replaces the old one', async () => {
    const email = DEMO.summit.owner.email;
    const { otp_token } = (await login(rt, email)).json();
    const oldCode = await lastCodeTo(rt, email);
    expect((await send(rt, '/api/resendcode', { email, otp_token })).statusCode).toBe(200);
    const newCode = await lastCodeTo(rt, email);
    if (newCode !== oldCode) {
      expect((await send(rt, '/api/verifylogin', { email, code: oldCode, otp_token })).statusCode).toBe(400);
    }
    expect((await send(rt, '/api/verifylogin', { email, code: newCode, otp_token })).statusCode).toBe(200);
  });

  it('lets exactly one of 50 parallel submissions of one valid code through', async () => {
    const email = DEMO.summit.owner.email;
    const { otp_token } = (await login(rt, email)).json();
    const code = await lastCodeTo(rt, email);
    // From 50 addresses, so the per-IP code limit does not decide the outcome.
    const results = await Promise.all(
      Array.from({ length: 50 }, (_, i) =>
        send(rt, '/api/verifylogin', { email, code, otp_token }, { ip: `192.0.2.${i + 1}` }),
      ),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    expect(results.filter((r) => r.statusCode === 400)).toHaveLength(49);
  });
});

describe('two-factor sign-in with an authenticator (TOTP)', () => {
  it('accepts a current code once, and never the same code again', async () => {
    const email = DEMO.northwind.administrator.email;
    const secret = await enableTwoFactor(email, 'google');
    const code = totpFor(secret, email, 'test').generate();
    const first = (await login(rt, email)).json();
    expect(first).toMatchObject({ result: 'otp_required', two_factor_auth_type: 'google' });
    const ip = { ip: '192.0.2.101' };
    expect(
      (await send(rt, '/api/verifylogin', { email, code, otp_token: first.otp_token }, ip)).statusCode,
    ).toBe(200);
    const second = (await login(rt, email)).json();
    expect(
      (await send(rt, '/api/verifylogin', { email, code, otp_token: second.otp_token }, ip)).statusCode,
    ).toBe(400);
  });

  it('accepts the previous step (clock drift) and refuses codes two steps old', async () => {
    const email = DEMO.northwind.clients[1].contact.email;
    const secret = await enableTwoFactor(email, 'google');
    const totp = totpFor(secret, email, 'test');
    const { otp_token } = (await login(rt, email)).json();
    const stale = totp.generate({ timestamp: Date.now() - 65_000 });
    const ip = { ip: '192.0.2.102' };
    expect((await send(rt, '/api/verifylogin', { email, code: stale, otp_token }, ip)).statusCode).toBe(400);
    // Early in a step: a 30 s boundary between the code and its check would make it two steps old.
    await vi.waitFor(() => expect(Date.now() % 30_000).toBeLessThan(25_000), {
      timeout: 10_000,
      interval: 100,
    });
    const previous = totp.generate({ timestamp: Date.now() - 30_000 });
    expect((await send(rt, '/api/verifylogin', { email, code: previous, otp_token }, ip)).statusCode).toBe(
      200,
    );
  });
});

describe('throttling', () => {
  it('throttles 500 wrong passwords in a minute from one IP while the real user signs in from another', async () => {
    const attacker = '198.51.100.66';
    const statuses: number[] = [];
    for (let i = 0; i < 500; i++) {
      const res = await login(rt, owner, { password: `guess-${i}`, ip: attacker });
      statuses.push(res.statusCode);
    }
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(statuses.filter((s) => s === 429).length).toBeGreaterThanOrEqual(490);
    const real = await login(rt, owner, { ip: '203.0.113.10' });
    expect(real.statusCode).toBe(200);
    // The attacker stays locked out even with the right password.
    expect((await login(rt, owner, { ip: attacker })).statusCode).toBe(429);
  }, 120_000);

  it('limits one address to LOGIN_ATTEMPTS_PER_IP sign-ins in 5 minutes, across accounts (60 unless set)', async () => {
    expect(rt.config.loginAttemptsPerIp).toBe(60);
    const strict = await startTestRuntime({}, { LOGIN_ATTEMPTS_PER_IP: '3' });
    try {
      const office = '198.51.100.77';
      for (let i = 0; i < 3; i++)
        expect((await login(strict, `nobody-${i}@northwind.test`, { ip: office })).statusCode).toBe(401);
      // The fourth from that address is refused, right password or not; another address signs in.
      expect((await login(strict, owner, { ip: office })).statusCode).toBe(429);
      expect((await login(strict, owner, { ip: '203.0.113.11' })).statusCode).toBe(200);
    } finally {
      await strict.close();
    }
  }, 120_000);
});
