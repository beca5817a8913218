import {
  CURRENT_PASSWORD_INVALID,
  CURRENT_PASSWORD_REQUIRED,
  SUBDOMAIN_RESERVED,
  SUBDOMAIN_TAKEN,
} from '@app/contracts';
import { and, companies, DEMO, DEMO_PASSWORD, desc, drawLogoPng, eq, userLogs, users } from '@app/db';
import { NOT_WHILE_ACTING } from '@app/policy';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardForm } from '../../../test/kits/cards.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, lastEmailTo, login, send, signIn } from '../../../test/sign-in.js';

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

async function session(email: string, signedIn?: { access_token: string }) {
  const { access_token } = signedIn ?? (await signIn(rt, email));
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  const update = (fields: Record<string, string | number>, file?: Parameters<typeof multipart>[1]) => {
    const body = multipart(fields, file);
    return rt.app.inject({
      method: 'POST',
      url: '/api/user/update',
      payload: body.payload,
      headers: { ...body.headers, ...bearer(access_token) },
    });
  };
  return { token: access_token, me, update };
}

/** The description of a person's newest profile_updated log entry. */
async function lastProfileLog(userId: number) {
  const [row] = await rt.database.db
    .select()
    .from(userLogs)
    .where(and(eq(userLogs.userId, userId), eq(userLogs.action, 'profile_updated')))
    .orderBy(desc(userLogs.id))
    .limit(1);
  return row?.description;
}

const step1 = (id: number, overrides: Record<string, string | number> = {}) => ({
  profilestep: '1',
  id,
  name: 'Pat Kim',
  email: DEMO.summit.clients[0].contact.email,
  phone: '3125550111',
  phoneCountryCode: 'US',
  phoneCountryDialCode: '+1',
  city: 'Denver',
  ...overrides,
});

describe('profile', () => {
  it('saves step 1 with a picture validated by its content, and refuses a taken e-mail with error_email', async () => {
    const { me, update, token } = await session(DEMO.summit.clients[0].contact.email);
    const png = drawLogoPng('#336699', 16);
    const ok = await update(step1(me.id), { name: 'me.png', bytes: png, type: 'image/png' });
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ result: 'success', picexist: true });
    // Profile pictures are private: the signed link works, the bare id or a forged signature does not.
    const link = ok.json().image_url as string;
    const picture = await rt.app.inject({ url: link });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/png');
    expect((await rt.app.inject({ url: link.split('?')[0]! })).statusCode).toBe(404);
    expect(
      (await rt.app.inject({ url: link.replace(/signature=[^&]+/, 'signature=forged') })).statusCode,
    ).toBe(404);
    expect((await rt.app.inject({ url: '/api/user', headers: bearer(token) })).json()).toMatchObject({
      city: 'Denver',
      phonenum: '3125550111',
    });

    // Another tenant's address: the same answer as a free one; its holder is told, nothing changes.
    const foreign = await update(
      step1(me.id, { email: DEMO.northwind.owner.email, currpassword: DEMO_PASSWORD }),
    );
    expect(foreign.json()).toMatchObject({ result: 'success' });
    expect((await lastEmailTo(rt, DEMO.northwind.owner.email))?.subject).toBe(
      'Someone tried to use your e-mail address',
    );
    const [still] = await rt.database.db.select().from(users).where(eq(users.id, me.id));
    expect(still?.email).toBe(DEMO.summit.clients[0].contact.email);
    // The same details saved again: the log says nothing changed (the address waits for its link).
    expect(await lastProfileLog(me.id)).toBe('Updated the profile: no changes');
    // A colleague's address, which the person may know anyway: error_email as spec 1 §7.2 says.
    const owner = await session(DEMO.northwind.owner.email);
    const taken = await owner.update(
      step1(owner.me.id, { email: DEMO.northwind.administrator.email, currpassword: DEMO_PASSWORD }),
    );
    expect(taken.json()).toMatchObject({
      result: 'error_email',
      message: 'The email has already been taken.',
    });
  });

  it('refuses a file that is not an image, whatever it is called', async () => {
    const { me, update } = await session(DEMO.summit.clients[0].contact.email);
    const res = await update(step1(me.id), {
      name: 'me.png',
      bytes: Buffer.from('<svg onload="alert(1)"></svg>'),
      type: 'image/png',
    });
    expect(res.statusCode).toBe(400);
  });

  it('validates fields with the spec texts and refuses editing someone else', async () => {
    const { me, update } = await session(DEMO.summit.clients[0].contact.email);
    const long = await update(step1(me.id, { name: 'x'.repeat(256) }));
    expect(long.json().error.fields.name).toBe('Full Name must not exceed 255 characters.');
    const phone = await update(step1(me.id, { phone: '12' }));
    expect(phone.statusCode).toBe(400);
    expect((await update(step1(1))).statusCode).toBe(404);
  });

  it('saves step 2 (company, subdomain, logo) for an agency and the branding follows', async () => {
    const { me, update } = await session(DEMO.summit.owner.email);
    const res = await update(
      {
        profilestep: '2',
        id: me.id,
        company: 'Summit Growth',
        industry: 'Marketing',
        DownlineSubDomain: 'summit',
      },
      { name: 'logo.png', bytes: drawLogoPng('#aa3300', 32), type: 'image/png' },
    );
    expect(res.statusCode).toBe(200);
    const info = (await rt.app.inject({ url: '/api/domainsubdomain/summit.localhost/summit' })).json();
    expect(info.branding.company_name).toBe('Summit Growth');
    expect(info.branding.logo_url).toBe(res.json().image_url);
    const clash = await update({
      profilestep: '2',
      id: me.id,
      company: 'Summit Growth',
      DownlineSubDomain: DEMO.northwind.subdomain,
    });
    expect(clash.json().error.fields.DownlineSubDomain).toBe('This subdomain is already taken.');
    // The same host rules as the settings screen: no reserved label, no host that already exists
    // (brightreach.localhost is another system's domain).
    for (const [subdomain, message] of [
      ['www', SUBDOMAIN_RESERVED],
      ['brightreach', SUBDOMAIN_TAKEN],
    ] as const) {
      const refused = await update({
        profilestep: '2',
        id: me.id,
        company: 'Renamed',
        DownlineSubDomain: subdomain,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.fields.DownlineSubDomain).toBe(message);
    }
    const [after] = await rt.database.db.select().from(companies).where(eq(companies.id, me.company_id));
    expect(after).toMatchObject({ name: 'Summit Growth', subdomain: 'summit' });
  });

  it('answers the onboarding status: next steps until the account is complete', async () => {
    const summit = await session(DEMO.summit.owner.email);
    const statusOf = () =>
      rt.app.inject({
        url: `/api/user/onboarding-status/${summit.me.id}`,
        headers: bearer(summit.token),
      });
    expect((await statusOf()).json()).toMatchObject({ card_added: false, next_step: 'card' });
    const saveCard = async (p: typeof summit) =>
      expect(
        (await send(rt, '/api/payment/customer', cardForm(p.me.id), { token: p.token })).statusCode,
      ).toBe(200);
    await saveCard(summit);
    const status = await statusOf();
    expect(status.json()).toEqual({
      profile_setup_completed: true,
      card_added: true,
      account_connected: false,
      next_step: 'connect_account',
      onboarding_fee: '0',
      onboarding_coupon: false,
    });
    const northwind = await session(DEMO.northwind.owner.email);
    await saveCard(northwind);
    const done = await rt.app.inject({
      url: `/api/user/onboarding-status/${northwind.me.id}`,
      headers: bearer(northwind.token),
    });
    expect(done.json().next_step).toBeNull();
    expect(
      (
        await rt.app.inject({
          url: `/api/user/onboarding-status/${summit.me.id}`,
          headers: bearer(northwind.token),
        })
      ).statusCode,
    ).toBe(404);
  });

  it('marks setup complete with questionnaire answers, and the setup check follows', async () => {
    const { me, token } = await session(DEMO.summit.clients[0].contact.email);
    expect(
      (await rt.app.inject({ url: `/api/user/checksetupcomplete/${me.id}`, headers: bearer(token) })).json()
        .setupcomplete,
    ).toBe('F');
    const res = await send(
      rt,
      '/api/leadspeek/user/setupcomplete',
      { usrID: me.id, statuscomplete: 'T', answers: { goal: '100 leads a month' } },
      { token, method: 'PUT' },
    );
    expect(res.statusCode).toBe(200);
    expect(
      (await rt.app.inject({ url: `/api/user/checksetupcomplete/${me.id}`, headers: bearer(token) })).json()
        .setupcomplete,
    ).toBe('T');
  });
});

describe('profile: password and e-mail changes need the current password', () => {
  it('changes the password in step 1 only with the right current password', async () => {
    const email = DEMO.northwind.clients[1].contact.email;
    const { me, update } = await session(email);
    const change = step1(me.id, { email, newpass: 'a-new-passw0rd', renewpass: 'a-new-passw0rd' });

    const without = await update(change);
    expect(without.statusCode).toBe(400);
    expect(without.json().error).toMatchObject({
      message: CURRENT_PASSWORD_REQUIRED,
      fields: { currpassword: CURRENT_PASSWORD_REQUIRED },
    });
    const wrong = await update({ ...change, currpassword: 'not-my-password' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error).toMatchObject({
      message: CURRENT_PASSWORD_INVALID,
      fields: { currpassword: CURRENT_PASSWORD_INVALID },
    });
    // Nothing changed: the old password still signs in, the new one does not.
    expect((await login(rt, email, { ip: '192.0.2.50' })).statusCode).toBe(200);
    expect((await login(rt, email, { password: 'a-new-passw0rd', ip: '192.0.2.50' })).statusCode).toBe(401);

    const right = await update({ ...change, currpassword: DEMO_PASSWORD });
    expect(right.statusCode).toBe(200);
    // Only what changed is logged, and the password only as changed.
    const logged = await lastProfileLog(me.id);
    expect(logged).toContain(`name "${DEMO.northwind.clients[1].contact.name}" → "Pat Kim"`);
    expect(logged).toContain('password changed');
    expect(logged).not.toContain('a-new-passw0rd');
    expect(logged).not.toContain(DEMO_PASSWORD);
    expect((await login(rt, email, { password: 'a-new-passw0rd', ip: '192.0.2.51' })).statusCode).toBe(200);
    expect((await login(rt, email, { ip: '192.0.2.51' })).statusCode).toBe(401);
  });

  it('limits wrong current passwords like the other password checks', async () => {
    const email = DEMO.master.accountExecutive.email;
    const { me, update } = await session(email);
    const change = step1(me.id, {
      email,
      newpass: 'a-new-passw0rd',
      renewpass: 'a-new-passw0rd',
      currpassword: 'wrong-guess',
    });
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) statuses.push((await update(change)).statusCode);
    expect(statuses.slice(0, 10).every((s) => s === 400)).toBe(true);
    expect(statuses[10]).toBe(429);
    // Still limited with the right one: the window has to pass first.
    expect((await update({ ...change, currpassword: DEMO_PASSWORD })).statusCode).toBe(429);
  });

  it('changes the e-mail only once the link sent to the new address is opened; the old address is told', async () => {
    const old = DEMO.northwind.administrator.email;
    const next = 'adam.ward@new-address.test';
    const { me, update, token } = await session(old);

    expect((await update(step1(me.id, { email: next }))).statusCode).toBe(400);
    expect((await update(step1(me.id, { email: next, currpassword: 'nope' }))).statusCode).toBe(400);
    expect(await lastEmailTo(rt, next)).toBeUndefined();

    const asked = await update(step1(me.id, { email: next, currpassword: DEMO_PASSWORD }));
    expect(asked.statusCode).toBe(200);
    expect(asked.json().result).toBe('success');
    expect(asked.json().message).toContain(next);

    // Until the link is opened the account keeps its address (the rest of the form is saved).
    const before = (await rt.app.inject({ url: '/api/user', headers: bearer(token) })).json();
    expect(before).toMatchObject({ email: old, city: 'Denver' });
    expect((await login(rt, old, { ip: '192.0.2.60' })).statusCode).toBe(200);
    expect((await login(rt, next, { ip: '192.0.2.60' })).statusCode).toBe(401);

    // The old address is told, with no link in the message.
    const notice = await lastEmailTo(rt, old);
    expect(notice?.textBody).toContain(next);
    expect(notice?.textBody).not.toMatch(/https?:\/\//);
    expect(notice?.htmlBody ?? '').not.toMatch(/href/i);

    const mail = await lastEmailTo(rt, next);
    const link = mail?.textBody.match(/(https?:\/\/\S+)\/confirm-email\/([A-Za-z0-9_-]+)/);
    expect(link?.[2]).toBeTruthy();
    const confirm = () => send(rt, '/api/confirm-email', { token: link?.[2] });

    const confirmed = await confirm();
    expect(confirmed.statusCode).toBe(200);
    const after = (await rt.app.inject({ url: '/api/user', headers: bearer(token) })).json();
    expect(after.email).toBe(next);
    expect((await login(rt, next, { ip: '192.0.2.61' })).statusCode).toBe(200);
    expect((await login(rt, old, { ip: '192.0.2.61' })).statusCode).toBe(401);

    // The link works once.
    const again = await confirm();
    expect(again.statusCode).toBe(400);
    expect(again.json().error.message).toBe('This confirmation link has already been used.');
    expect((await send(rt, '/api/confirm-email', { token: 'forged-token' })).statusCode).toBe(400);
  });

  it('a newer request replaces the older link, and a link to an address taken meanwhile is refused', async () => {
    const email = DEMO.master.sales.email;
    const { me, update } = await session(email);
    const tokenIn = async (to: string) =>
      (await lastEmailTo(rt, to))?.textBody.match(/\/confirm-email\/([A-Za-z0-9_-]+)/)?.[1];
    await update(step1(me.id, { email: 'first@new-address.test', currpassword: DEMO_PASSWORD }));
    const first = await tokenIn('first@new-address.test');
    await update(step1(me.id, { email: 'second@new-address.test', currpassword: DEMO_PASSWORD }));
    const second = await tokenIn('second@new-address.test');
    expect((await send(rt, '/api/confirm-email', { token: first })).statusCode).toBe(400);

    // Somebody else takes the address before the link is opened.
    await rt.database.db
      .update(users)
      .set({ email: 'second@new-address.test' })
      .where(eq(users.email, DEMO.master.rootUser.email));
    const refused = await send(rt, '/api/confirm-email', { token: second });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe('The email has already been taken.');
    const [row] = await rt.database.db.select().from(users).where(eq(users.id, me.id));
    expect(row?.email).toBe(email);
  });

  it('refuses password and e-mail changes in view mode with 403; other details still save', async () => {
    const root = await signIn(rt, DEMO.summit.owner.email);
    const [client] = await rt.database.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, DEMO.summit.clients[0].contact.email));
    const switched = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: client!.id },
      { token: root.access_token },
    );
    expect(switched.statusCode).toBe(200);
    const viewing = await session(DEMO.summit.clients[0].contact.email, switched.json());
    const email = DEMO.summit.clients[0].contact.email;
    const password = { email, newpass: 'taken-over-123', renewpass: 'taken-over-123' };
    const address = { email: 'attacker@evil.test' };
    for (const change of [
      password,
      address,
      { ...password, currpassword: DEMO_PASSWORD },
      { ...address, currpassword: DEMO_PASSWORD },
    ]) {
      const res = await viewing.update(step1(viewing.me.id, change));
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NOT_WHILE_ACTING);
    }
    expect(await lastEmailTo(rt, 'attacker@evil.test')).toBeUndefined();
    expect((await viewing.update(step1(viewing.me.id, { email, city: 'Boulder' }))).statusCode).toBe(200);
  });
});
