import {
  REGISTRATION_AGENCY_CLOSED,
  REGISTRATION_CHECK_EMAIL,
  REGISTRATION_LINK_INVALID,
  REGISTRATION_LINK_USED,
} from '@app/contracts';
import { companies, companySalesLinks, DEMO, emailMessages, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { bearer, gtoken, lastEmailTo, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

const CHECK_EMAIL = { result: 'confirm_email', message: REGISTRATION_CHECK_EMAIL };
const usersWith = async (email: string) => rt.database.db.select().from(users).where(eq(users.email, email));
const mailsTo = async (email: string) =>
  (await rt.database.db.select().from(emailMessages).where(eq(emailMessages.toAddress, email))).length;

/** The sign-up link e-mailed to an address: its origin and token. */
async function signUpLink(email: string) {
  const mail = await lastEmailTo(rt, email);
  const match = mail?.textBody.match(/(\S+)\/confirm-registration\/(\S+)/);
  if (!match) throw new Error(`no sign-up link e-mailed to ${email}`);
  return { origin: match[1], token: match[2] as string };
}
const confirm = (token: string, ip?: string) => send(rt, '/api/register/confirm', { token }, { ip });

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
  it('registers an agency referred by a sales person through the e-mailed link; profile setup is pending', async () => {
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
    // The referral link is on the system's own host, with the deployment's scheme and port.
    expect(link.url).toBe(`http://localhost:3000/agency-register/${link.refcode}`);
    const check = await rt.app.inject({
      url: `/api/general/referralink/check/${link.refcode}?host=localhost`,
    });
    expect(check.json()).toEqual({ valid: true, name: DEMO.master.sales.name });

    const res = await send(
      rt,
      '/api/register',
      await agencyForm({ refcode: link.refcode, email: 'Fran@Fresh.test' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual(CHECK_EMAIL);
    // Nothing exists until the owner of the mailbox opens the link.
    expect(await usersWith('fran@fresh.test')).toHaveLength(0);
    const { origin, token } = await signUpLink('fran@fresh.test');
    expect(origin).toBe('http://localhost:3000');
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().result).toBe('success');
    const me = (
      await rt.app.inject({ url: '/api/user', headers: bearer(confirmed.json().access_token) })
    ).json();
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
    // The link works once.
    const again = await confirm(token);
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe(REGISTRATION_LINK_USED);
  });

  it('answers a registered address exactly like a new one, and tells the owner instead', async () => {
    const fresh = await send(rt, '/api/register', await agencyForm({ email: 'brand-new@fresh.test' }));
    const owner = DEMO.northwind.owner.email;
    const [before] = await usersWith(owner);
    const mailsBefore = await mailsTo(owner);
    const taken = await send(rt, '/api/register', await agencyForm({ email: owner }));
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.body).toBe(fresh.body);
    expect(taken.json()).toEqual(CHECK_EMAIL);
    // One e-mail each: the sign-up link to the new address, a note to the existing owner.
    expect(await mailsTo('brand-new@fresh.test')).toBe(1);
    expect(await mailsTo(owner)).toBe(mailsBefore + 1);
    const note = await lastEmailTo(rt, owner);
    expect(note?.subject).toContain('Someone tried to sign up');
    expect(note?.textBody).not.toContain('confirm-registration');
    // The note points at the owner's own host, not the one the form was on.
    expect(note?.textBody).toContain('http://leads.northwind.test:3000/login');
    expect(await usersWith(owner)).toEqual([before]);
  });

  it('refuses a forged, altered or expired sign-up link', async () => {
    await send(rt, '/api/register', await agencyForm({ email: 'late@fresh.test' }));
    const { token } = await signUpLink('late@fresh.test');
    const altered = `${token.slice(0, -4)}${token.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    for (const bad of ['v1.nonsense', altered, await rt.services.secrets.seal('"a string"')]) {
      const res = await confirm(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().error.message).toBe(REGISTRATION_LINK_INVALID);
    }
    const expired = await rt.services.secrets.seal(
      JSON.stringify({
        purpose: 'registration',
        expiresAt: Date.now() - 1000,
        host: 'localhost',
        userType: 'userdownline',
        companyName: 'Late Agency',
        name: 'Lee Late',
        email: 'late@fresh.test',
        phone: '3125550199',
        phoneCountryCode: 'US',
        passwordHash: 'x',
        salesUserId: null,
      }),
    );
    expect((await confirm(expired)).json().error.message).toBe(REGISTRATION_LINK_INVALID);
    expect(await usersWith('late@fresh.test')).toHaveLength(0);
  });

  it('refuses a forged referral code and a client sign-up on the platform host', async () => {
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
    expect(res.json()).toEqual(CHECK_EMAIL);
    const { origin, token } = await signUpLink('client@fresh.test');
    // The link stays on the agency's host the client signed up on.
    expect(origin).toBe(`http://${host}:3000`);
    const confirmed = await confirm(token);
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const me = (
      await rt.app.inject({ url: '/api/user', headers: bearer(confirmed.json().access_token) })
    ).json();
    expect(me).toMatchObject({ user_type: 'client', companyparentname: DEMO.northwind.name });
  });

  it('a cancelled agency takes no new clients through its sign-up page, nor through a link sent before', async () => {
    const host = `${DEMO.northwind.subdomain}.localhost`;
    const before = await send(
      rt,
      '/api/register',
      await agencyForm({ email: 'late@fresh.test', userType: 'client', companyname: 'Late Client' }, host),
    );
    expect(before.json()).toEqual(CHECK_EMAIL);
    const { token } = await signUpLink('late@fresh.test');

    const cancel = (at: Date | null) =>
      rt.database.db
        .update(companies)
        .set({ subscriptionCancelledAt: at })
        .where(eq(companies.name, DEMO.northwind.name));
    await cancel(new Date());
    try {
      const confirmed = await confirm(token);
      expect(confirmed.statusCode).toBe(400);
      expect(confirmed.json().error.message).toBe(REGISTRATION_AGENCY_CLOSED);
      expect(await usersWith('late@fresh.test')).toHaveLength(0);

      const mails = await mailsTo('new@fresh.test');
      const refused = await send(
        rt,
        '/api/register',
        await agencyForm({ email: 'new@fresh.test', userType: 'client', companyname: 'New Client' }, host),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(REGISTRATION_AGENCY_CLOSED);
      expect(await mailsTo('new@fresh.test')).toBe(mails);
    } finally {
      await cancel(null);
    }
  });
});
