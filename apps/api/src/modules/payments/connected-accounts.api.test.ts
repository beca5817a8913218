import {
  ACCOUNT_ALREADY_CONNECTING,
  NO_ACCOUNT_TO_CONTINUE,
  NO_CONNECTION_TO_RESET,
  ONLY_AGENCIES_CONNECT,
  UNKNOWN_CONNECTION_TYPE,
} from '@app/contracts';
import { and, DEMO, eq, isNull, paymentAccounts, paymentEvents, sandboxEvents } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { sandboxOf } from '../../../test/payments.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { loadOrCreateSecret } from '../../lib/app-secrets.js';
import type { SandboxGateway } from '../../providers/payments/index.js';
import { createOnboardingLinkSigner } from '../../providers/payments/sandbox/onboarding-link.js';

let rt: TestRuntime;
let sandbox: SandboxGateway;
beforeAll(async () => {
  rt = await startTestRuntime();
  sandbox = sandboxOf(rt);
});
afterAll(() => rt?.close());

interface Caller {
  token: string;
  me: { id: number; company_id: number; idsys: number; company_parent: number | null };
}
async function as(email: string, host?: string): Promise<Caller> {
  const { access_token } = await signIn(rt, email, { host });
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  return { token: access_token, me };
}
const check = (c: Caller, companyId = c.me.company_id, idsys = c.me.idsys) =>
  rt.app.inject({
    url: `/api/general/check-connected-account/${companyId}/${idsys}`,
    headers: bearer(c.token),
  });
const setupCheck = async (c: Caller) =>
  (await rt.app.inject({ url: `/api/user/checksetupcomplete/${c.me.id}`, headers: bearer(c.token) })).json();
const link = (
  c: Caller,
  path = 'get-connected-account-link',
  companyId = c.me.company_id,
  idsys = c.me.idsys,
) => send(rt, `/api/general/${path}`, { companyID: companyId, idsys }, { token: c.token });
const reset = (c: Caller, companyId = c.me.company_id, type = 'stripe') =>
  rt.app.inject({
    method: 'DELETE',
    url: `/api/general/reset-payment-connection/${companyId}/${type}`,
    headers: bearer(c.token),
  });
/** Opens a link's page path (the link is `/sandbox/onboarding/…` on this host). */
const pathOf = (url: string) => {
  const u = new URL(url, 'http://localhost');
  return { path: u.pathname, query: u.searchParams };
};
const pressOnPage = (url: string, action: string) => {
  const { path, query } = pathOf(url);
  const form = new URLSearchParams(query);
  form.set('action', action);
  return rt.app.inject({
    method: 'POST',
    url: path,
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    payload: form.toString(),
  });
};
/** Waits until the agency's check answers the status (webhook events processed by jobs). */
const statusBecomes = (c: Caller, status: string) =>
  vi.waitFor(
    async () => {
      const body = (await check(c)).json();
      if (body.status !== status) throw new Error(`status is ${body.status}, waiting for ${status}`);
      return body;
    },
    { timeout: 20_000, interval: 100 },
  );
const liveRows = (companyId: number) =>
  rt.database.db
    .select()
    .from(paymentAccounts)
    .where(and(eq(paymentAccounts.companyId, companyId), isNull(paymentAccounts.detachedAt)));

describe('an agency connects its payment account through the sandbox onboarding', () => {
  it('goes empty → pending → inverification → completed, and the setup check and session follow', async () => {
    const summit = await as(DEMO.summit.owner.email);
    const before = (await check(summit)).json();
    expect(before).toMatchObject({ status: '', connected: false, charges_enabled: false, sandbox: true });
    expect((await setupCheck(summit)).accountconnected).toBe('');
    expect((await link(summit, 'get-existing-connected-account-link')).json().error.message).toBe(
      NO_ACCOUNT_TO_CONTINUE,
    );

    const first = await link(summit);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ status: 'pending', connected: false });
    expect(first.json().account_requirements.currently_due.length).toBeGreaterThan(0);
    // Asking again continues the same account: one account per agency.
    const again = await link(summit);
    expect(again.statusCode).toBe(200);
    const existing = await link(summit, 'get-existing-connected-account-link');
    expect(existing.statusCode).toBe(200);
    const rows = await liveRows(summit.me.company_id);
    expect(rows).toHaveLength(1);
    const accountId = rows[0]?.accountId ?? '';
    expect(first.json().url).toContain(`/sandbox/onboarding/${accountId}?`);
    expect(existing.json().url).toContain(`/sandbox/onboarding/${accountId}?`);
    expect(pathOf(first.json().url).query.get('return_url')).toMatch(
      /^http:\/\/localhost(:\d+)?\/configuration\/general-setting\?tab=payment-account&connect=return$/,
    );

    const page = await rt.app.inject({ url: first.json().url });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.body).toContain('SANDBOX');
    expect(page.body).toContain('Submit details');

    const submitted = await pressOnPage(first.json().url, 'submit');
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toMatch(new RegExp(`^/sandbox/onboarding/${accountId}\\?`));
    await statusBecomes(summit, 'inverification');
    expect((await setupCheck(summit)).accountconnected).toBe('inverification');
    const verifying = await rt.app.inject({ url: String(submitted.headers.location) });
    expect(verifying.body).toContain('Verify: completed');

    const verified = await pressOnPage(first.json().url, 'verified');
    expect(verified.statusCode).toBe(303);
    expect(verified.headers.location).toBe(pathOf(first.json().url).query.get('return_url'));
    const done = await statusBecomes(summit, 'completed');
    expect(done).toMatchObject({ charges_enabled: true, payouts_enabled: true, connected: true });
    expect((await setupCheck(summit)).accountconnected).toBe('completed');
    const me = (await rt.app.inject({ url: '/api/user', headers: bearer(summit.token) })).json();
    expect(me).toMatchObject({ status_acc: 'completed', charges_enabled: true, payouts_enabled: true });
    // The page refuses a second verification: the account is no longer in verification.
    const late = await pressOnPage(first.json().url, 'rejected');
    expect(late.statusCode).toBe(409);
    expect(late.body).toContain('Only an account in verification can finish verification.');

    // Reset: the wrong type is refused and changes nothing; then the account no longer counts.
    const wrongType = await reset(summit, summit.me.company_id, 'paypal');
    expect(wrongType.statusCode).toBe(400);
    expect(wrongType.json().error.message).toBe(UNKNOWN_CONNECTION_TYPE);
    expect((await check(summit)).json().status).toBe('completed');
    expect((await reset(summit)).statusCode).toBe(200);
    expect((await check(summit)).json()).toMatchObject({ status: '', connected: false });
    expect((await reset(summit)).json().error.message).toBe(NO_CONNECTION_TO_RESET);
    // Connecting again opens a new account (the next connection's idempotency key).
    const fresh = await link(summit);
    expect(fresh.json().status).toBe('pending');
    const [newRow] = await liveRows(summit.me.company_id);
    expect(newRow?.accountId).not.toBe(accountId);
    expect(
      sandbox.readOnboardingLink(accountId, Object.fromEntries(pathOf(first.json().url).query)),
    ).toMatchObject({ ok: true });
  });

  it('ends with the gateway state whatever the order and number of the webhook deliveries', async () => {
    const summit = await as(DEMO.summit.owner.email);
    await reset(summit); // whatever the previous test left
    const opened = await link(summit);
    const [row] = await liveRows(summit.me.company_id);
    const accountId = row?.accountId ?? '';
    sandbox.deliveries.hold();
    expect((await pressOnPage(opened.json().url, 'submit')).statusCode).toBe(303);
    expect((await pressOnPage(opened.json().url, 'payouts_disabled')).statusCode).toBe(303);
    const results = await sandbox.deliveries.release({ order: 'newest-first', duplicates: 2 });
    expect(results).toHaveLength(6);
    expect(results.every((r) => r.status === 200)).toBe(true);
    const state = await statusBecomes(summit, 'completed');
    expect(state).toMatchObject({ charges_enabled: true, payouts_enabled: false, connected: true });
    expect(state.account_requirements.past_due).toEqual(['external_account']);
    // Every delivered event was stored once and processed (applied, or stale for the older one).
    const events = await rt.database.db
      .select()
      .from(sandboxEvents)
      .where(eq(sandboxEvents.accountId, accountId));
    expect(events).toHaveLength(2);
    await vi.waitFor(
      async () => {
        for (const event of events) {
          const [stored] = await rt.database.db
            .select()
            .from(paymentEvents)
            .where(eq(paymentEvents.eventId, event.id));
          if (!stored?.processedAt) throw new Error('not processed yet');
        }
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await check(summit)).json().status).toBe('completed');
    // Payouts disabled ('Action Required'): the holder provides what is past due through a link.
    const fixed = await pressOnPage(opened.json().url, 'resolve');
    expect(fixed.statusCode).toBe(303);
    await vi.waitFor(
      async () => {
        const body = (await check(summit)).json();
        if (!body.payouts_enabled) throw new Error('payouts still disabled');
        expect(body).toMatchObject({ status: 'completed', charges_enabled: true, connected: true });
        expect(body.account_requirements.past_due).toEqual([]);
      },
      { timeout: 20_000, interval: 100 },
    );
    await reset(summit);
  });
});

describe('the sandbox onboarding page trusts only its own links', () => {
  it('refuses a changed, foreign or expired link and changes nothing', async () => {
    const summit = await as(DEMO.summit.owner.email);
    await reset(summit); // 400 when nothing is connected: fine, the point is a clean start
    const opened = (await link(summit)).json();
    const { path, query } = pathOf(opened.url);
    const accountId = path.split('/').pop() ?? '';

    const changed = new URLSearchParams(query);
    changed.set('return_url', 'https://evil.example/');
    expect((await rt.app.inject({ url: `${path}?${changed}` })).statusCode).toBe(404);
    const form = new URLSearchParams(changed);
    form.set('action', 'submit');
    const refused = await rt.app.inject({
      method: 'POST',
      url: path,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: form.toString(),
    });
    expect(refused.statusCode).toBe(404);
    // Another account's page with this link's signature.
    expect((await rt.app.inject({ url: `/sandbox/onboarding/acct_other?${query}` })).statusCode).toBe(404);
    expect((await rt.app.inject({ url: path })).statusCode).toBe(404);

    const secret = await loadOrCreateSecret(rt.database.db, 'sandbox_webhook_secret');
    const expired = createOnboardingLinkSigner(secret).query({
      accountId,
      returnUrl: '/configuration/general-setting?connect=return',
      refreshUrl: '/configuration/general-setting?connect=refresh',
      expires: Math.floor(Date.now() / 1000) - 1,
    });
    const late = await rt.app.inject({ url: `${path}?${expired}` });
    expect(late.statusCode).toBe(410);
    expect(late.body).toContain('This onboarding link has expired.');
    expect((await sandbox.retrieve('account', accountId))?.status).toBe('pending');
    expect((await check(summit)).json().status).toBe('pending');
    await reset(summit);
  });
});

describe('connected-account calls: bad input and other tenants', () => {
  it('refuses clients, other agencies, other systems and bad details, changing nothing', async () => {
    const summit = await as(DEMO.summit.owner.email);
    const northwind = await as(DEMO.northwind.owner.email);
    const coastal = await as(DEMO.brightreach.agency.owner.email, DEMO.brightreach.domain);
    // Another agency's account: 404 as if it did not exist, for every call.
    expect((await check(summit, northwind.me.company_id)).statusCode).toBe(404);
    expect((await link(summit, 'get-connected-account-link', northwind.me.company_id)).statusCode).toBe(404);
    expect((await reset(summit, northwind.me.company_id)).statusCode).toBe(404);
    // Another system's id.
    expect((await check(summit, summit.me.company_id, coastal.me.idsys)).statusCode).toBe(404);
    // Northwind's own client is in its scope but is not an agency.
    const client = await as(DEMO.northwind.clients[0].contact.email);
    const clientCompany = client.me.company_id;
    const notAgency = await link(northwind, 'get-connected-account-link', clientCompany);
    expect(notAgency.statusCode).toBe(400);
    expect(notAgency.json().error.message).toBe(ONLY_AGENCIES_CONNECT);
    // A client reaches none of it.
    expect((await check(client, clientCompany)).statusCode).toBe(404);
    // Northwind already has its account: creating another is refused; its state is untouched.
    const create = (body: Record<string, unknown>) =>
      send(rt, '/api/general/create-connected-account', body, { token: northwind.token });
    const twice = await create({
      companyID: northwind.me.company_id,
      idsys: northwind.me.idsys,
      company_name: 'Northwind',
      email: 'owner@northwind.test',
    });
    expect(twice.json().error.message).toBe(ACCOUNT_ALREADY_CONNECTING);
    const badEmail = await create({
      companyID: northwind.me.company_id,
      idsys: northwind.me.idsys,
      company_name: 'Northwind',
      email: 'not-an-address',
    });
    expect(badEmail.statusCode).toBe(400);
    expect(badEmail.json().error.fields).toHaveProperty('email');
    expect((await check(northwind)).json()).toMatchObject({ status: 'completed', connected: true });
  });

  it('opens an account with the company details given', async () => {
    const summit = await as(DEMO.summit.owner.email);
    await reset(summit); // 400 when nothing is connected: fine, the point is a clean start
    const created = await send(
      rt,
      '/api/general/create-connected-account',
      {
        companyID: summit.me.company_id,
        idsys: summit.me.idsys,
        company_name: 'Summit Growth LLC',
        email: 'billing@summitgrowth.test',
        country: 'US',
      },
      { token: summit.token },
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'pending', connected: false });
    const [row] = await liveRows(summit.me.company_id);
    const account = await sandbox.retrieve('account', row?.accountId ?? '');
    expect(account).toMatchObject({
      email: 'billing@summitgrowth.test',
      metadata: { company_id: String(summit.me.company_id) },
    });
    await reset(summit);
  });
});

describe("a sales person's connected account", () => {
  it('is opened by the sales person only, and read by them and system staff', async () => {
    const sales = await as(DEMO.master.sales.email);
    const exec = await as(DEMO.master.accountExecutive.email);
    const root = await as(DEMO.master.rootUser.email);
    const checkSales = (c: Caller, userId: number) =>
      rt.app.inject({
        url: `/api/general/check-sales-connected-account/${userId}/${c.me.idsys}`,
        headers: bearer(c.token),
      });
    expect((await checkSales(sales, sales.me.id)).json()).toMatchObject({ status: '', connected: false });
    // Someone else's id: 404.
    const foreign = await send(
      rt,
      '/api/general/create-sales-connected-account',
      { userID: exec.me.id, idsys: sales.me.idsys },
      { token: sales.token },
    );
    expect(foreign.statusCode).toBe(404);
    expect((await checkSales(sales, exec.me.id)).statusCode).toBe(404);
    const opened = await send(
      rt,
      '/api/general/create-sales-connected-account',
      { userID: sales.me.id, idsys: sales.me.idsys },
      { token: sales.token },
    );
    expect(opened.statusCode).toBe(200);
    expect(opened.json()).toMatchObject({ status: 'pending', connected: false });
    expect(pathOf(opened.json().url).query.get('return_url')).toMatch(
      /\/configuration\/sales-connect-account\?connect=return$/,
    );
    expect((await setupCheck(sales)).accountconnected).toBe('pending');
    expect((await checkSales(root, sales.me.id)).json().status).toBe('pending');
    // An agency owner reaches none of the sales calls.
    const summit = await as(DEMO.summit.owner.email);
    expect((await checkSales(summit, sales.me.id)).statusCode).toBe(404);

    await pressOnPage(opened.json().url, 'submit');
    await pressOnPage(opened.json().url, 'verified');
    await vi.waitFor(
      async () => {
        if ((await checkSales(sales, sales.me.id)).json().status !== 'completed') throw new Error('waiting');
      },
      { timeout: 20_000, interval: 100 },
    );
    expect((await checkSales(sales, sales.me.id)).json().connected).toBe(true);
    expect((await setupCheck(sales)).accountconnected).toBe('completed');
  });
});
