import { companies } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startFakeStripe } from '../../../test/fake-stripe.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { pendingAccount } from '../../../test/payments.js';
import { signWebhook } from '../../providers/payments/index.js';

const SECRET_KEY = 'sk_test_fake_runtime';
const WEBHOOK_SECRET = 'whsec_fake_runtime';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let rt: TestRuntime;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  rt = await startTestRuntime(
    {},
    {
      STRIPE_SECRET_KEY: SECRET_KEY,
      STRIPE_WEBHOOK_SECRET: WEBHOOK_SECRET,
      STRIPE_API_URL: `http://${fake.api.host}:${fake.api.port}`,
    },
  );
});
afterAll(async () => {
  await rt?.close();
  await fake?.close();
});

const now = () => Math.floor(Date.now() / 1000);
const post = (gateway: string, body: string, signature: string) =>
  rt.app.inject({
    method: 'POST',
    url: `/api/payment/webhook/${gateway}`,
    headers: { 'content-type': 'application/json; charset=utf-8', 'stripe-signature': signature },
    payload: body,
  });

describe('with Stripe configured', () => {
  it('takes Stripe-signed events at /stripe, reads the account from Stripe and stores its state', async () => {
    const [company] = await rt.database.db
      .select({ id: companies.id, systemId: companies.systemId })
      .from(companies)
      .limit(1);
    // A system without keys of its own uses the deployment's (decision 0039).
    const gateway = await rt.services.payments.gateways.forSystem(company?.systemId ?? 0);
    expect(gateway.name).toBe('stripe');
    const account = await pendingAccount(gateway, { company_id: String(company?.id) });
    const body = JSON.stringify({
      id: 'evt_stripe_1',
      object: 'event',
      type: 'account.updated',
      created: now(),
      account: account.id,
      data: { object: { id: account.id, object: 'account' } },
    });
    const res = await post('stripe', body, signWebhook(WEBHOOK_SECRET, body, now()));
    expect([res.statusCode, res.json()]).toEqual([200, { received: true, duplicate: false }]);
    const stored = await vi.waitFor(
      async () => {
        const row = await rt.services.payments.accounts.get('stripe', account.id);
        if (!row) throw new Error('not stored yet');
        return row;
      },
      { timeout: 20_000, interval: 100 },
    );
    expect(stored).toMatchObject({ companyId: company?.id, status: 'pending', chargesEnabled: false });
    expect(fake.requests.some((r) => r.method === 'GET' && r.path === `/v1/accounts/${account.id}`)).toBe(
      true,
    );
    expect(fake.problems).toEqual([]);
  });

  it('refuses a tampered Stripe event with 400, and a Stripe-signed event sent to the sandbox address too', async () => {
    const body = JSON.stringify({
      id: 'evt_stripe_2',
      object: 'event',
      type: 'charge.succeeded',
      created: now(),
      data: { object: { id: 'ch_1', object: 'charge' } },
    });
    const signature = signWebhook(WEBHOOK_SECRET, body, now());
    const tampered = await post('stripe', body.replace('ch_1', 'ch_2'), signature);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json().error.message).toMatch(/^Webhook signature check failed: /);
    // The sandbox gateway stays on beside Stripe (its rows stay readable, decision 0039): its address
    // wants the sandbox's own signature header and secret, which a Stripe-signed event lacks.
    const atSandbox = await post('sandbox', body, signature);
    expect(atSandbox.statusCode).toBe(400);
    expect(atSandbox.json().error.message).toMatch(/signature/i);
  });
});
