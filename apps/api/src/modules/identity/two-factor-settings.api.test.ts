import { CURRENT_PASSWORD_INVALID, CURRENT_PASSWORD_REQUIRED } from '@app/contracts';
import { DEMO, DEMO_PASSWORD, eq, users } from '@app/db';
import { NOT_WHILE_ACTING } from '@app/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, login, send, signIn } from '../../../test/sign-in.js';
import { totpFor } from './totp.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

describe('two-factor settings', () => {
  it('turns the authenticator on only with a valid code from the new secret, then sign-in asks for it', async () => {
    const email = DEMO.northwind.owner.email;
    const { access_token } = await signIn(rt, email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    expect(
      (
        await rt.app.inject({ url: `/api/setting/twofactorauth/${me.id}`, headers: bearer(access_token) })
      ).json(),
    ).toEqual({
      two_factor_auth: false,
      two_factor_auth_type: null,
    });
    const qr = await rt.app.inject({
      url: `/api/setting/get-google-tfa/${me.id}/${me.company_id}`,
      headers: bearer(access_token),
    });
    expect(qr.statusCode).toBe(200);
    const { qrCodeUrl, secretKey } = qr.json();
    expect(qrCodeUrl).toContain('<svg');
    const put = (body: Record<string, unknown>) =>
      send(
        rt,
        `/api/setting/twofactorauth/${me.id}`,
        { userId: me.id, currpassword: DEMO_PASSWORD, ...body },
        { token: access_token, method: 'PUT' },
      );
    expect(
      (await put({ two_factor_auth: true, two_factor_auth_type: 'google', secretKey, code: '000000' }))
        .statusCode,
    ).toBe(400);
    expect((await put({ two_factor_auth: true, two_factor_auth_type: 'google', secretKey })).statusCode).toBe(
      400,
    );
    const code = totpFor(secretKey, email, 'x').generate();
    expect(
      (await put({ two_factor_auth: true, two_factor_auth_type: 'google', secretKey, code })).statusCode,
    ).toBe(200);

    const attempt = (await login(rt, email, { ip: '192.0.2.200' })).json();
    expect(attempt).toMatchObject({ result: 'otp_required', two_factor_auth_type: 'google' });
    // The code that confirmed the secret is spent.
    expect(
      (
        await send(
          rt,
          '/api/verifylogin',
          { email, code, otp_token: attempt.otp_token },
          { ip: '192.0.2.200' },
        )
      ).statusCode,
    ).toBe(400);

    expect((await put({ two_factor_auth: false, two_factor_auth_type: null })).statusCode).toBe(200);
    expect((await login(rt, email, { ip: '192.0.2.201' })).json().result).toBe('success');
  });

  it("answers 404 for another user's settings", async () => {
    const { access_token } = await signIn(rt, DEMO.northwind.clients[0].contact.email);
    expect(
      (await rt.app.inject({ url: '/api/setting/twofactorauth/1', headers: bearer(access_token) }))
        .statusCode,
    ).toBe(404);
    expect(
      (await rt.app.inject({ url: '/api/setting/get-google-tfa/1/1', headers: bearer(access_token) }))
        .statusCode,
    ).toBe(404);
  });

  it('turning two-factor off or switching the method needs the current password; a wrong one changes nothing', async () => {
    const email = DEMO.northwind.administrator.email;
    const { access_token } = await signIn(rt, email);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
    // Two-factor by e-mail is on (set directly: this session predates it, as after any sign-in).
    await rt.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorType: 'email' })
      .where(eq(users.id, me.id));
    const setting = async () =>
      (
        await rt.app.inject({ url: `/api/setting/twofactorauth/${me.id}`, headers: bearer(access_token) })
      ).json();
    const put = (body: Record<string, unknown>) =>
      send(
        rt,
        `/api/setting/twofactorauth/${me.id}`,
        { userId: me.id, ...body },
        { token: access_token, method: 'PUT' },
      );

    const without = await put({ two_factor_auth: false, two_factor_auth_type: null });
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toMatchObject({
      message: CURRENT_PASSWORD_REQUIRED,
      fields: { currpassword: CURRENT_PASSWORD_REQUIRED },
    });
    const wrong = await put({ two_factor_auth: false, two_factor_auth_type: null, currpassword: 'guess' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: CURRENT_PASSWORD_INVALID,
      fields: { currpassword: CURRENT_PASSWORD_INVALID },
    });
    expect(await setting()).toEqual({ two_factor_auth: true, two_factor_auth_type: 'email' });

    // Switching to the authenticator: a valid code from the new secret is not enough on its own.
    const { secretKey } = (
      await rt.app.inject({
        url: `/api/setting/get-google-tfa/${me.id}/${me.company_id}`,
        headers: bearer(access_token),
      })
    ).json();
    const code = totpFor(secretKey, email, 'x').generate();
    const switched = await put({ two_factor_auth: true, two_factor_auth_type: 'google', secretKey, code });
    expect(switched.statusCode).toBe(400);
    expect(await setting()).toEqual({ two_factor_auth: true, two_factor_auth_type: 'email' });

    const off = await put({
      two_factor_auth: false,
      two_factor_auth_type: null,
      currpassword: DEMO_PASSWORD,
    });
    expect(off.statusCode).toBe(200);
    expect(await setting()).toEqual({ two_factor_auth: false, two_factor_auth_type: null });
  });

  it('refuses two-factor changes in view mode with 403, whatever password is sent', async () => {
    const agency = await signIn(rt, DEMO.northwind.owner.email);
    const [client] = await rt.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.northwind.clients[0].contact.email));
    await rt.database.db
      .update(users)
      .set({ twoFactorEnabled: true, twoFactorType: 'email' })
      .where(eq(users.id, client!.id));
    const viewing = (
      await send(rt, '/api/configuration/user/switch', { usrID: client!.id }, { token: agency.access_token })
    ).json();
    for (const currpassword of [undefined, 'guess', DEMO_PASSWORD]) {
      const res = await send(
        rt,
        `/api/setting/twofactorauth/${client!.id}`,
        { userId: client!.id, two_factor_auth: false, two_factor_auth_type: null, currpassword },
        { token: viewing.access_token, method: 'PUT' },
      );
      expect(res.statusCode, String(currpassword)).toBe(403);
      expect(res.json().error.message).toBe(NOT_WHILE_ACTING);
    }
    const [after] = await rt.database.db.select().from(users).where(eq(users.id, client!.id));
    expect(after?.twoFactorEnabled).toBe(true);
  });
});
