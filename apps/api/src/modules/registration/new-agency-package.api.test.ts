import { PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS } from '@app/contracts';
import { companies, eq, systems } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { agencyPayload, clientPayload, get, PEOPLE, post, put, who } from '../../../test/kits/users.js';
import { bearer, gtoken, lastEmailTo, send } from '../../../test/sign-in.js';

/*
 * Issue 20, item 1 (decision 0061): a self-registered agency connects its payment account and adds
 * clients without anyone at the platform doing anything. Before, a new agency had no package, so it
 * never counted as connected and the server refused its clients.
 */
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

let ipCounter = 0;
/** Signs up an agency through the form and the e-mailed link; answers its owner's token and ids. */
async function registerAgency(tag: string) {
  ipCounter += 1;
  const ip = `10.77.0.${ipCounter}`;
  const email = `owner.${tag}@self-signed.test`;
  const form = {
    companyname: `Self Signed ${tag}`,
    name: `Sam ${tag}`,
    email,
    phonenum: '3125550199',
    password: 'a-good-password',
    gtoken: await gtoken(rt),
    userType: 'userdownline',
    domainName: 'localhost',
  };
  const registered = await send(rt, '/api/register', form, { ip });
  expect(registered.statusCode, registered.body).toBe(200);
  const token = (await lastEmailTo(rt, email))?.textBody.match(/\/confirm-registration\/(\S+)/)?.[1];
  if (!token) throw new Error(`no sign-up link for ${email}`);
  const confirmed = await send(rt, '/api/register/confirm', { token }, { ip });
  expect(confirmed.statusCode, confirmed.body).toBe(200);
  const access = confirmed.json().access_token as string;
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access) })).json();
  return { token: access, id: me.id as number, company: me.company_id as number, system: me.idsys as number };
}

const setupCheck = async (owner: { token: string; id: number }) =>
  (await get(rt, `/user/checksetupcomplete/${owner.id}`, owner.token)).json();

/** Takes the agency's sandbox account through onboarding to completed, as the onboarding page does. */
async function connect(owner: { token: string; id: number; company: number; system: number }) {
  const link = await post(
    rt,
    '/general/get-connected-account-link',
    { companyID: owner.company, idsys: owner.system },
    owner.token,
  );
  expect(link.statusCode, link.body).toBe(200);
  const url = new URL(link.json().url, 'http://localhost');
  for (const action of ['submit', 'verified']) {
    const form = new URLSearchParams(url.searchParams);
    form.set('action', action);
    const pressed = await rt.app.inject({
      method: 'POST',
      url: url.pathname,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(pressed.statusCode, pressed.body).toBe(303);
  }
  await vi.waitFor(
    async () => {
      const status = (await setupCheck(owner)).accountconnected;
      if (status !== 'completed') throw new Error(`status is ${status}`);
    },
    { timeout: 20_000, interval: 100 },
  );
}

const systemDefault = async (systemId: number) =>
  (await rt.database.db.select().from(systems).where(eq(systems.id, systemId)))[0]?.defaultPackageId;
const packageOf = async (companyId: number) =>
  (await rt.database.db.select().from(companies).where(eq(companies.id, companyId)))[0]?.packageId;

describe('a new agency runs its network on its own', () => {
  it('starts with its system’s default package, connects, and adds a client with nobody at the platform acting', async () => {
    const owner = await registerAgency('alpha');
    const fallback = await systemDefault(owner.system);
    expect(fallback).toBe('standard');
    expect(await packageOf(owner.company)).toBe('standard');
    expect((await setupCheck(owner)).package_id).toBe('standard');

    // Not connected yet: the server still refuses (spec 1 §8), whatever the package.
    const early = await post(
      rt,
      '/configuration/user/create',
      clientPayload(owner.company, owner.system, 'alpha-early'),
      owner.token,
    );
    expect(early.statusCode).toBe(400);
    expect(early.json().error.message).toBe(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);

    await connect(owner);
    expect(await setupCheck(owner)).toMatchObject({ accountconnected: 'completed', package_id: 'standard' });
    const created = await post(
      rt,
      '/configuration/user/create',
      clientPayload(owner.company, owner.system, 'alpha'),
      owner.token,
    );
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json().data[0]).toMatchObject({ user_type: 'client', company_name: 'Client alpha' });
  });

  it('an agency the system user adds in the agency list starts with the default package too', async () => {
    const root = await who(rt, PEOPLE.root);
    const res = await post(rt, '/configuration/user/create', agencyPayload(root, 'listed'), root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].package_id).toBe('standard');
  });

  it('with no default package the system user chooses one in the agency list, and the agency may then add clients', async () => {
    const root = await who(rt, PEOPLE.root);
    await rt.database.db.update(systems).set({ defaultPackageId: '' }).where(eq(systems.id, root.system));
    try {
      const owner = await registerAgency('beta');
      expect(await packageOf(owner.company)).toBe('');
      await connect(owner);
      const refused = await post(
        rt,
        '/configuration/user/create',
        clientPayload(owner.company, owner.system, 'beta-refused'),
        owner.token,
      );
      expect(refused.json().error.message).toBe(PAYMENT_ACCOUNT_REQUIRED_FOR_CLIENTS);

      const chosen = await put(
        rt,
        '/configuration/setting/package',
        { CompanyID: owner.company, packageID: 'agency_pro' },
        root.token,
      );
      expect(chosen.statusCode, chosen.body).toBe(200);
      // The agency list shows it on the agency's row.
      const list = await get(
        rt,
        `/configuration/user/${root.root}/all/${root.system}/userdownline/all/none/none/${encodeURIComponent('Self Signed beta')}`,
        root.token,
      );
      expect(list.json().data[0]).toMatchObject({ company_id: owner.company, package_id: 'agency_pro' });
      const created = await post(
        rt,
        '/configuration/user/create',
        clientPayload(owner.company, owner.system, 'beta'),
        owner.token,
      );
      expect(created.statusCode, created.body).toBe(200);
    } finally {
      await rt.database.db
        .update(systems)
        .set({ defaultPackageId: 'standard' })
        .where(eq(systems.id, root.system));
    }
  });
});
