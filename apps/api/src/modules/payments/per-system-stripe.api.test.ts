import { asCents, PAYMENT_GATEWAY_TEXTS } from '@app/contracts';
import {
  DEMO,
  eq,
  insertCompany,
  paymentAccounts,
  paymentCustomers,
  systems,
  userLogs,
  users,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardForm, freshAgency, setOnboarding } from '../../../test/kits/cards.js';
import { postingsWithKey } from '../../../test/kits/ledger-rows.js';
import { del, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import { sandboxOf } from '../../../test/payments.js';
import { signWebhook } from '../../providers/payments/index.js';

/*
 * Stripe per system (decision 0039): the master system sets its own Stripe keys in System Settings and
 * its cards and payment accounts go to (a local fake of) Stripe with them; BrightReach, beside it, stays
 * on the sandbox. The fake checks every request's shape (integer amounts, Idempotency-Key, the
 * connected account's Stripe-Account header) and which system's secret key made it.
 */
const KEYS_A = {
  secret_key: 'sk_test_systemA0000000000000001',
  publishable_key: 'pk_test_systemA0000000000000001',
  webhook_secret: 'whsec_systemA000000000000000001',
};
const KEYS_B = {
  secret_key: 'sk_test_systemB0000000000000002',
  publishable_key: 'pk_test_systemB0000000000000002',
  webhook_secret: 'whsec_systemB000000000000000002',
};
const SECRETS = [KEYS_A.secret_key, KEYS_A.webhook_secret, KEYS_B.secret_key, KEYS_B.webhook_secret];
const FEE = 25_000;

let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let rt: TestRuntime;
let root: Who;
let otherRoot: Who;
const logLines: string[] = [];
const answers: string[] = [];

/** Every answer of the API in this file is kept, to look for the secrets in them at the end. */
const seen = async <T extends { body: string }>(response: Promise<T>) => {
  const res = await response;
  answers.push(res.body);
  return res;
};

beforeAll(async () => {
  fake = await startFakeStripe([KEYS_A.secret_key, KEYS_B.secret_key]);
  rt = await startTestRuntime(
    { logger: { level: 'debug', stream: { write: (line: string) => void logLines.push(line) } } },
    // No deployment keys: systems without their own use the sandbox; every Stripe call goes to the fake.
    { STRIPE_API_URL: `http://${fake.api.host}:${fake.api.port}`, LOG_LEVEL: 'debug' },
  );
  sandboxOf(rt).deliveries.hold();
  root = await who(rt, PEOPLE.root);
  otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
  await setOnboarding(rt, root.root, FEE, false);
  // Starting a runtime on a clone takes longer than the default hook time on a loaded machine.
}, 300_000);
afterAll(async () => {
  await rt?.close();
  await fake?.close();
});

const setKeys = (p: Who, keys: Record<string, string>) =>
  seen(put(rt, '/configuration/payment-gateway', keys, p.token));
const requestsSince = (mark: number) => fake.requests.slice(mark);

/** A client company of `agencyId` with a signed-in contact (the state a client is in at its card step). */
async function freshClient(agency: Who): Promise<Who> {
  const db = rt.database.db;
  const email = `client-${process.pid}-${Date.now()}@fresh.test`;
  const companyId = await insertCompany(db, {
    company: {
      systemId: agency.system,
      rootId: agency.root,
      parentId: agency.company,
      kind: 'client',
      name: `Fresh Client ${email}`,
      email,
    },
    terms: [{ term: 'Weekly' }],
    modules: [{ module: 'local' }],
  });
  const [template] = await db.select().from(users).where(eq(users.email, DEMO.summit.owner.email));
  await db.insert(users).values({
    systemId: agency.system,
    companyId,
    userType: 'client',
    name: 'Cleo Client',
    email,
    passwordHash: template?.passwordHash ?? '',
    phonenum: '3125550101',
    profileSetupCompleted: true,
    questionnaireSetupCompleted: true,
  });
  return who(rt, email);
}

describe('System Settings → Payment Gateway', () => {
  it('answers the sandbox to a system without keys, and only to its staff', async () => {
    const state = await seen(get(rt, '/configuration/payment-gateway', root.token));
    expect(state.json()).toMatchObject({
      gateway: 'sandbox',
      source: 'sandbox',
      mode: null,
      secret_key_last4: null,
      webhook_secret_set: false,
      webhook_path: `/payment/webhook/stripe/${root.system}`,
    });
    const agency = await who(rt, PEOPLE.northwind);
    expect((await get(rt, '/configuration/payment-gateway', agency.token)).statusCode).toBe(404);
    expect((await put(rt, '/configuration/payment-gateway', KEYS_A, agency.token)).statusCode).toBe(404);
  });

  it('refuses malformed keys, mixed modes and missing secrets with the field at fault, storing nothing', async () => {
    const cases: [Record<string, string>, string, string][] = [
      [
        { ...KEYS_A, secret_key: 'pk_test_systemA0000000000000001' },
        'secret_key',
        PAYMENT_GATEWAY_TEXTS.secretKey,
      ],
      [
        { ...KEYS_A, publishable_key: 'pk_live_systemA0000000000000001' },
        'publishable_key',
        PAYMENT_GATEWAY_TEXTS.modeMismatch,
      ],
      [{ ...KEYS_A, webhook_secret: 'secret' }, 'webhook_secret', PAYMENT_GATEWAY_TEXTS.webhookSecret],
      [{ publishable_key: KEYS_A.publishable_key }, 'secret_key', PAYMENT_GATEWAY_TEXTS.secretsRequired],
    ];
    for (const [keys, field, message] of cases) {
      const res = await setKeys(root, keys);
      expect([res.statusCode, res.json().error.message]).toEqual([400, message]);
      expect(Object.keys(res.json().error.fields)).toContain(field);
    }
    const [row] = await rt.database.db.select().from(systems).where(eq(systems.id, root.system));
    expect(row?.stripeSecretKeySealed).toBeNull();
    expect((await rt.services.payments.gateways.forSystem(root.system)).name).toBe('sandbox');
  });

  it('stores the keys sealed, shows only the last four, and makes Stripe the system gateway at once', async () => {
    const res = await setKeys(root, KEYS_A);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      gateway: 'stripe',
      source: 'system',
      mode: 'test',
      publishable_key: KEYS_A.publishable_key,
      secret_key_last4: '0001',
      webhook_secret_set: true,
      message: PAYMENT_GATEWAY_TEXTS.saved,
    });
    const [row] = await rt.database.db.select().from(systems).where(eq(systems.id, root.system));
    expect(row?.stripeSecretKeySealed).toBeTruthy();
    expect(JSON.stringify(row)).not.toContain(KEYS_A.secret_key);
    expect(JSON.stringify(row)).not.toContain(KEYS_A.webhook_secret);
    // A blank secret keeps the stored one.
    const again = await setKeys(root, { publishable_key: KEYS_A.publishable_key });
    expect(again.json()).toMatchObject({ secret_key_last4: '0001', webhook_secret_set: true });
    // The web app's boot config carries the host system's publishable key; BrightReach's has none.
    const config = (host: string) =>
      seen(rt.app.inject({ url: `/api/app-config?host=${host}` })).then((r) => r.json());
    expect((await config(DEMO.master.domain)).stripePublishableKey).toBe(KEYS_A.publishable_key);
    expect((await config(DEMO.brightreach.domain)).stripePublishableKey).toBeUndefined();
    const logs = await rt.database.db
      .select()
      .from(userLogs)
      .where(eq(userLogs.action, 'payment_gateway_keys_saved'));
    expect(logs.length).toBeGreaterThan(0);
    expect(JSON.stringify(logs)).not.toContain(KEYS_A.secret_key);
  });
});

describe('cards on a Stripe system', () => {
  it('saves the first card through a SetupIntent and charges the onboarding fee once, with integer cents and the key', async () => {
    const agency = await freshAgency(rt);
    const mark = fake.requests.length;
    const intent = await seen(post(rt, '/payment/setup-intent', { usrID: agency.id }, agency.token));
    expect(intent.statusCode).toBe(200);
    expect(intent.json()).toMatchObject({ publishable_key: KEYS_A.publishable_key, connected_account: null });
    const paymentMethod = fake.confirmSetupIntent(intent.json().client_secret);
    const res = await seen(post(rt, '/payment/customer', cardForm(agency.id, paymentMethod), agency.token));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({
      card: { brand: 'visa', last4: '4242', gateway: 'stripe' },
      onboarding: { status: 'charged', amount: '250.00' },
    });
    const calls = requestsSince(mark);
    expect(calls.every((c) => c.secretKey === KEYS_A.secret_key)).toBe(true);
    expect(calls.every((c) => c.stripeAccount === undefined)).toBe(true);
    const posts = calls.filter((c) => c.method === 'POST');
    expect(posts.every((c) => c.idempotencyKey)).toBe(true);
    // Customer, SetupIntent, then the card made its default and the fee charged with a PaymentIntent.
    expect(posts.map((c) => c.path.replace(/cus_\w+/, 'cus'))).toEqual([
      '/v1/customers',
      '/v1/setup_intents',
      '/v1/customers/cus',
      '/v1/payment_intents',
    ]);
    const charge = posts.find((c) => c.path === '/v1/payment_intents');
    expect(charge?.form).toMatchObject({
      amount: String(FEE),
      currency: 'usd',
      off_session: 'true',
      confirm: 'true',
    });
    expect(charge?.idempotencyKey).toMatch(new RegExp(`^onboarding:${agency.company}`));
    const [posting] = await postingsWithKey(rt.database.db, String(charge?.idempotencyKey));
    expect(posting?.gateway).toBe('stripe');
    const saved = await seen(get(rt, `/payment/card/${agency.id}`, agency.token));
    expect(saved.json().card).toMatchObject({ last4: '4242', gateway: 'stripe' });
    // Replacing it (PUT /payment/card) with a legacy token works too; no fee is due any more.
    const replaced = await seen(put(rt, '/payment/card', cardForm(agency.id, 'tok_visa'), agency.token));
    expect(replaced.statusCode).toBe(200);
    const direct = await seen(post(rt, '/payment/customer-direct', { usrID: agency.id }, agency.token));
    expect(direct.json()).toMatchObject({ gateway: 'stripe', pays: 'platform', has_card: true });
    expect(fake.problems).toEqual([]);
  });

  it('a declined card: the card text, no card, no posting', async () => {
    const agency = await freshAgency(rt);
    const intent = await post(rt, '/payment/setup-intent', { usrID: agency.id }, agency.token);
    const declined = fake.confirmSetupIntent(intent.json().client_secret, 'pm_card_chargeDeclined');
    const res = await seen(post(rt, '/payment/customer', cardForm(agency.id, declined), agency.token));
    expect([res.statusCode, res.json().error.message]).toEqual([402, 'Your card was declined.']);
    expect((await get(rt, `/payment/card/${agency.id}`, agency.token)).json().card).toBeNull();
  });

  it('the sandbox test-card form is refused on a Stripe system', async () => {
    const agency = await freshAgency(rt);
    const res = await post(
      rt,
      '/payment/sandbox/token',
      { number: '4242424242424242', exp_month: 12, exp_year: 2031, cvc: '123', cardholder: 'Nia' },
      agency.token,
    );
    expect(res.statusCode).toBe(400);
  });
});

describe('connected accounts and a client card on a Stripe system', () => {
  it('creates, links, checks and resets the agency account; the client card and a direct charge carry Stripe-Account', async () => {
    const agency = await freshAgency(rt);
    const mark = fake.requests.length;
    const created = await seen(
      post(
        rt,
        '/general/create-connected-account',
        {
          companyID: agency.company,
          idsys: agency.system,
          company_name: 'Fresh',
          email: 'fresh@example.test',
          country: 'US',
        },
        agency.token,
      ),
    );
    expect(created.statusCode).toBe(200);
    expect(created.json()).toMatchObject({ status: 'pending', sandbox: false, connected: false });
    const link = await seen(
      post(
        rt,
        '/general/get-existing-connected-account-link',
        { companyID: agency.company, idsys: agency.system },
        agency.token,
      ),
    );
    expect(link.json().url).toMatch(/^https:\/\/connect\.stripe\.com\/setup\/s\/acct_/);
    const check = await seen(
      get(rt, `/general/check-connected-account/${agency.company}/${agency.system}`, agency.token),
    );
    expect(check.json()).toMatchObject({ status: 'pending', sandbox: false });
    const opened = requestsSince(mark).filter((c) => c.method === 'POST');
    expect(opened.map((c) => [c.path, c.idempotencyKey?.split(':')[0]])).toEqual([
      ['/v1/accounts', 'connect'],
      ['/v1/account_links', 'account-link'],
    ]);
    expect(opened[0]?.idempotencyKey).toBe(`connect:company:${agency.company}:0`);
    expect(opened.every((c) => c.secretKey === KEYS_A.secret_key)).toBe(true);
    const [account] = await rt.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, agency.company));
    expect(account?.gateway).toBe('stripe');
    const accountId = String(account?.accountId);

    // The client's card lives on the agency's connected account: every call carries its header.
    const client = await freshClient(agency);
    const before = fake.requests.length;
    const intent = await seen(post(rt, '/payment/setup-intent', { usrID: client.id }, client.token));
    expect(intent.json()).toMatchObject({ connected_account: accountId });
    const method = fake.confirmSetupIntent(intent.json().client_secret);
    const saved = await seen(post(rt, '/payment/customer', cardForm(client.id, method), client.token));
    expect(saved.statusCode).toBe(200);
    // The card's own calls: the runtime's background jobs (the janitor, reconciliation, root fees) share
    // this fake and may call it meanwhile, on the platform's account.
    const clientCalls = requestsSince(before).filter((c) =>
      /^\/v1\/(setup_intents|customers|payment_methods)/.test(c.path),
    );
    expect(clientCalls.length).toBeGreaterThan(0);
    expect(clientCalls.every((c) => c.stripeAccount === accountId)).toBe(true);
    const direct = await seen(post(rt, '/payment/customer-direct', { usrID: client.id }, client.token));
    expect(direct.json()).toMatchObject({ gateway: 'stripe', pays: 'agency', has_card: true });

    // A direct charge on that customer (campaign billing will make these): the fee is the platform's.
    const gateway = await rt.services.payments.gateways.forSystem(agency.system);
    const [customer] = await rt.database.db
      .select()
      .from(paymentCustomers)
      .where(eq(paymentCustomers.companyId, client.company));
    const charge = await gateway.createCharge({
      idempotencyKey: `test-direct:${client.company}`,
      customerId: String(customer?.customerId),
      connectedAccountId: accountId,
      amount: asCents(10_000),
      applicationFee: asCents(1_250),
      currency: 'usd',
      description: 'Campaign charge',
    });
    expect(charge).toMatchObject({ amount: 10_000, applicationFee: 1_250, connectedAccountId: accountId });
    const directCall = fake.requests.findLast((c) => c.path === '/v1/payment_intents');
    expect(directCall).toMatchObject({
      stripeAccount: accountId,
      idempotencyKey: `test-direct:${client.company}`,
    });
    expect(directCall?.form).toMatchObject({ amount: '10000', application_fee_amount: '1250' });

    const reset = await seen(
      del(rt, `/general/reset-payment-connection/${agency.company}/stripe`, agency.token),
    );
    expect(reset.statusCode).toBe(200);
    expect(
      (
        await get(rt, `/general/check-connected-account/${agency.company}/${agency.system}`, agency.token)
      ).json(),
    ).toMatchObject({ status: '' });
    expect(fake.problems).toEqual([]);
  });
});

describe("webhooks verified with the system's own secret", () => {
  const now = () => Math.floor(Date.now() / 1000);
  const event = (id: string, accountId = 'acct_none') =>
    JSON.stringify({
      id,
      object: 'event',
      type: 'account.updated',
      created: now(),
      account: accountId,
      data: { object: { id: accountId, object: 'account' } },
    });
  const send = (url: string, body: string, signature: string, host = 'localhost') =>
    seen(
      rt.app.inject({
        method: 'POST',
        url: `/api${url}`,
        headers: { host, 'content-type': 'application/json', 'stripe-signature': signature },
        payload: body,
      }),
    );

  it("takes system A's event at its path and at its host, and keeps the account state from A's Stripe", async () => {
    const agency = await freshAgency(rt);
    await post(
      rt,
      '/general/get-connected-account-link',
      { companyID: agency.company, idsys: agency.system },
      agency.token,
    );
    const [account] = await rt.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, agency.company));
    const body = event(`evt_a_${agency.company}`, account?.accountId);
    const res = await send(
      `/payment/webhook/stripe/${root.system}`,
      body,
      signWebhook(KEYS_A.webhook_secret, body, now()),
    );
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, duplicate: false }]);
    const byHost = await send(
      '/payment/webhook/stripe',
      body,
      signWebhook(KEYS_A.webhook_secret, body, now()),
      DEMO.master.domain,
    );
    expect([byHost.statusCode, byHost.json().duplicate]).toEqual([200, true]);
    await vi.waitFor(
      async () => {
        const read = fake.requests.filter(
          (r) => r.path === `/v1/accounts/${account?.accountId}` && r.method === 'GET',
        );
        if (read.length === 0) throw new Error('not read yet');
        expect(read.every((r) => r.secretKey === KEYS_A.secret_key)).toBe(true);
      },
      { timeout: 20_000, interval: 100 },
    );
  });

  it("refuses system A's signature at system B (400), an unknown system (404) and a sandbox system (404)", async () => {
    const body = event('evt_cross');
    const signedByA = signWebhook(KEYS_A.webhook_secret, body, now());
    // BrightReach still uses the sandbox: Stripe is not configured there.
    expect((await send(`/payment/webhook/stripe/${otherRoot.system}`, body, signedByA)).statusCode).toBe(404);
    expect((await send('/payment/webhook/stripe/99999999', body, signedByA)).statusCode).toBe(404);
    expect((await setKeys(otherRoot, KEYS_B)).statusCode).toBe(200);
    const crossed = await send(`/payment/webhook/stripe/${otherRoot.system}`, body, signedByA);
    expect(crossed.statusCode).toBe(400);
    expect(crossed.json().error.message).toMatch(/^Webhook signature check failed: /);
    const stale = await send(
      `/payment/webhook/stripe/${root.system}`,
      body,
      signWebhook(KEYS_A.webhook_secret, body, now() - 3600),
    );
    expect(stale.statusCode).toBe(400);
    const signedByB = signWebhook(KEYS_B.webhook_secret, body, now());
    expect((await send(`/payment/webhook/stripe/${otherRoot.system}`, body, signedByB)).statusCode).toBe(200);
    // Back to the sandbox for the side-by-side test below.
    const removed = await seen(del(rt, '/configuration/payment-gateway', otherRoot.token));
    expect(removed.json()).toMatchObject({
      gateway: 'sandbox',
      source: 'sandbox',
      message: PAYMENT_GATEWAY_TEXTS.removed,
    });
  });
});

describe('a sandbox system beside a Stripe system', () => {
  it('BrightReach saves sandbox cards while the master system uses Stripe; switching keeps old sandbox rows readable', async () => {
    const agency = await freshAgency(rt, { system: 'other' });
    const mark = fake.requests.length;
    expect((await post(rt, '/payment/setup-intent', { usrID: agency.id }, agency.token)).statusCode).toBe(
      400,
    );
    const saved = await seen(post(rt, '/payment/customer', cardForm(agency.id, 'tok_visa'), agency.token));
    expect(saved.statusCode).toBe(200);
    expect(saved.json().card).toMatchObject({ gateway: 'sandbox', last4: '4242' });
    await post(
      rt,
      '/general/get-connected-account-link',
      { companyID: agency.company, idsys: agency.system },
      agency.token,
    );
    expect(requestsSince(mark)).toEqual([]); // nothing of BrightReach's went to Stripe

    // BrightReach moves to Stripe: its sandbox card and account stay readable as they were.
    expect((await setKeys(otherRoot, KEYS_B)).statusCode).toBe(200);
    expect((await get(rt, `/payment/card/${agency.id}`, agency.token)).json().card).toMatchObject({
      gateway: 'sandbox',
    });
    const check = await get(
      rt,
      `/general/check-connected-account/${agency.company}/${agency.system}`,
      agency.token,
    );
    expect(check.json()).toMatchObject({ status: 'pending', sandbox: true });
    // The next link opens a Stripe account (the sandbox one is detached, kept for the record).
    const link = await post(
      rt,
      '/general/get-connected-account-link',
      { companyID: agency.company, idsys: agency.system },
      agency.token,
    );
    expect(link.json()).toMatchObject({ sandbox: false, status: 'pending' });
    const rows = await rt.database.db
      .select()
      .from(paymentAccounts)
      .where(eq(paymentAccounts.companyId, agency.company));
    expect(rows.map((r) => [r.gateway, r.detachedAt === null]).sort()).toEqual([
      ['sandbox', false],
      ['stripe', true],
    ]);
    expect(requestsSince(mark).every((c) => c.secretKey === KEYS_B.secret_key)).toBe(true);
  });
});

describe('the keys never leave', () => {
  it('appear in no answer and no log line', () => {
    expect(answers.length).toBeGreaterThan(20);
    for (const secret of SECRETS) {
      expect(answers.filter((a) => a.includes(secret))).toEqual([]);
      expect(logLines.filter((l) => l.includes(secret))).toEqual([]);
    }
    expect(logLines.length).toBeGreaterThan(0);
  });
});
