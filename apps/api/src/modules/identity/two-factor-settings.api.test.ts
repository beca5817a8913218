import { DEMO } from '@app/db';
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
        { userId: me.id, ...body },
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
});
