import { companySalesLinks, DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, gtoken, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const agencyForm = async (overrides: Record<string, unknown> = {}, host = 'localhost') => ({
  companyname: 'Fresh Agency',
  name: 'Fran Fresh',
  email: 'fran@fresh.test',
  phonenum: '3125550199',
  password: 'a-good-password',
  gtoken: await gtoken(rt, host),
  userType: 'userdownline',
  domainName: host,
  ...overrides,
});

describe('registration', () => {
  it('registers an agency referred by a sales person, signs it in, and profile setup is pending', async () => {
    const sales = await signIn(rt, DEMO.master.sales.email);
    const salesUser = (await rt.app.inject({ url: '/api/user', headers: bearer(sales.access_token) })).json();
    const link = (
      await send(
        rt,
        '/api/general/referralink/create',
        { userID: salesUser.id },
        { token: sales.access_token },
      )
    ).json();
    expect(link.url).toContain(`/agency-register/${link.refcode}`);
    const check = await rt.app.inject({
      url: `/api/general/referralink/check/${link.refcode}?host=localhost`,
    });
    expect(check.json()).toEqual({ valid: true, name: DEMO.master.sales.name });

    const res = await send(
      rt,
      '/api/register',
      await agencyForm({ refcode: link.refcode, email: 'Fran@Fresh.test' }),
    );
    expect(res.statusCode).toBe(200);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(res.json().access_token) })).json();
    expect(me).toMatchObject({
      email: 'fran@fresh.test',
      user_type: 'userdownline',
      profile_setup_completed: 'F',
      company_name: 'Fresh Agency',
    });
    const links = await rt.database.db
      .select()
      .from(companySalesLinks)
      .where(eq(companySalesLinks.companyId, me.company_id));
    expect(links).toEqual([{ companyId: me.company_id, role: 'referrer', salesUserId: salesUser.id }]);
  });

  it('refuses a taken e-mail, a forged referral code and a client sign-up on the platform host', async () => {
    const taken = await send(rt, '/api/register', await agencyForm({ email: DEMO.northwind.owner.email }));
    expect(taken.statusCode).toBe(400);
    expect(taken.json().error.fields).toHaveProperty('email');
    const forged = await send(
      rt,
      '/api/register',
      await agencyForm({ email: 'x1@fresh.test', refcode: '1-0000000000' }),
    );
    expect(forged.json().error.fields).toHaveProperty('refcode');
    expect((await rt.app.inject({ url: '/api/general/referralink/check/1-0000000000' })).json().valid).toBe(
      false,
    );
    const client = await send(
      rt,
      '/api/register',
      await agencyForm({ email: 'x2@fresh.test', userType: 'client' }),
    );
    expect(client.statusCode).toBe(400);
    const count = await rt.database.db.select().from(users).where(eq(users.email, 'x1@fresh.test'));
    expect(count).toHaveLength(0);
  });

  it.each([
    [{ companyname: 'x'.repeat(256) }, 'companyname', 'Company Name must not exceed 255 characters.'],
    [{ name: 'x'.repeat(256) }, 'name', 'Full Name must not exceed 255 characters.'],
    [{ phonenum: '123' }, 'phonenum', 'Please enter valid phone number'],
    [{ email: `${'a'.repeat(65)}@x.test` }, 'email', 'E-mail must not exceed 70 characters.'],
  ])('validates %o with the spec text', async (overrides, field, message) => {
    const res = await send(rt, '/api/register', await agencyForm({ email: 'v@fresh.test', ...overrides }));
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields[field]).toBe(message);
  });

  it('registers a client on its agency host, under that agency', async () => {
    const host = `${DEMO.northwind.subdomain}.localhost`;
    const res = await send(
      rt,
      '/api/register',
      await agencyForm({ email: 'client@fresh.test', userType: 'client', companyname: 'Fresh Client' }, host),
    );
    expect(res.statusCode).toBe(200);
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(res.json().access_token) })).json();
    expect(me).toMatchObject({ user_type: 'client', companyparentname: DEMO.northwind.name });
  });
});
