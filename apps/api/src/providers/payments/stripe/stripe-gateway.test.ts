import { asCents } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../../test/fake-stripe.js';
import { GatewayError, type PaymentGateway, WebhookSignatureError } from '../gateway.js';
import { signWebhook } from '../webhook-signature.js';
import { createStripeGateway } from './stripe-gateway.js';

const SECRET_KEY = 'sk_test_fake_platform';
const WEBHOOK_SECRET = 'whsec_fake';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: PaymentGateway;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  stripe = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: WEBHOOK_SECRET, api: fake.api });
});
afterAll(async () => {
  // Every request the adapter made had the shape Stripe requires.
  expect(fake.problems.filter((p) => !p.startsWith('Invalid integer'))).toEqual([]);
  await fake.close();
});

let n = 0;
const key = (what: string) => `${what}:${++n}`;
const lastRequest = (path: string) => fake.requests.filter((r) => r.path === path).at(-1);
const failure = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (err: unknown) => err,
  );

async function accountWithCustomer(token = 'tok_visa') {
  const account = await stripe.createConnectedAccount({
    idempotencyKey: key('account'),
    email: 'agency@example.com',
    businessName: 'Northwind',
    country: 'US',
    metadata: { company_id: '12' },
  });
  const customer = await stripe.createCustomer({
    idempotencyKey: key('customer'),
    email: 'client@example.com',
    name: 'Client',
    connectedAccountId: account.id,
  });
  await stripe.attachCard({
    idempotencyKey: key('card'),
    customerId: customer.id,
    cardToken: token,
    connectedAccountId: account.id,
  });
  return { account, customer };
}

describe('the Stripe adapter against a local fake Stripe', () => {
  it('creates a connected account (pending) with its owner in metadata, and an onboarding link', async () => {
    const idempotencyKey = key('account');
    const account = await stripe.createConnectedAccount({
      idempotencyKey,
      email: 'a@example.com',
      businessName: 'Agency',
      country: 'US',
      metadata: { company_id: '7' },
    });
    expect(account).toMatchObject({
      status: 'pending',
      chargesEnabled: false,
      metadata: { company_id: '7' },
    });
    expect(lastRequest('/v1/accounts')).toMatchObject({
      method: 'POST',
      idempotencyKey,
      form: { type: 'standard', 'business_profile[name]': 'Agency', 'metadata[company_id]': '7' },
    });
    const link = await stripe.createOnboardingLink({
      idempotencyKey: key('link'),
      accountId: account.id,
      returnUrl: 'https://app.example.com/done',
      refreshUrl: 'https://app.example.com/again',
    });
    expect(link.url).toContain(account.id);
    expect(lastRequest('/v1/account_links')?.form).toMatchObject({
      account: account.id,
      type: 'account_onboarding',
    });
    expect(await stripe.retrieve('account', account.id)).toMatchObject({ id: account.id, status: 'pending' });
  });

  it('makes a direct charge on the connected account with the application fee, and reads the card', async () => {
    const { account, customer } = await accountWithCustomer();
    expect(await stripe.getCard({ customerId: customer.id, connectedAccountId: account.id })).toMatchObject({
      brand: 'visa',
      last4: '4242',
      expMonth: 12,
    });
    const idempotencyKey = key('campaign-charge');
    const charge = await stripe.createCharge({
      idempotencyKey,
      customerId: customer.id,
      connectedAccountId: account.id,
      amount: asCents(10_000),
      applicationFee: asCents(2_500),
      currency: 'usd',
      description: 'Campaign',
    });
    expect(charge).toMatchObject({
      amount: 10_000,
      applicationFee: 2_500,
      connectedAccountId: account.id,
      cardLast4: '4242',
    });
    expect(lastRequest('/v1/charges')).toEqual({
      method: 'POST',
      path: '/v1/charges',
      idempotencyKey,
      stripeAccount: account.id,
      secretKey: SECRET_KEY,
      form: {
        amount: '10000',
        application_fee_amount: '2500',
        currency: 'usd',
        customer: customer.id,
        description: 'Campaign',
        'metadata[idempotency_key]': idempotencyKey,
      },
    });
    // Reconciliation finds it by its key, on the same account.
    expect(
      (await stripe.findChargeByIdempotencyKey({ idempotencyKey, connectedAccountId: account.id }))?.id,
    ).toBe(charge.id);
    expect(
      await stripe.findChargeByIdempotencyKey({
        idempotencyKey: key('never'),
        connectedAccountId: account.id,
      }),
    ).toBeNull();
    expect(await stripe.retrieve('charge', charge.id, { connectedAccountId: account.id })).toMatchObject({
      id: charge.id,
    });
    expect(await stripe.retrieve('charge', charge.id)).toBeNull();

    const refund = await stripe.refund({
      idempotencyKey: key('refund'),
      chargeId: charge.id,
      connectedAccountId: account.id,
      amount: asCents(4_000),
      refundApplicationFee: true,
    });
    expect(refund).toMatchObject({ chargeId: charge.id, amount: 4_000 });
    expect(lastRequest('/v1/refunds')).toMatchObject({
      stripeAccount: account.id,
      form: { charge: charge.id, amount: '4000', refund_application_fee: 'true' },
    });
  });

  it('answers the same charge for a repeated key and refuses the key with other parameters', async () => {
    const { account, customer } = await accountWithCustomer();
    const input = {
      idempotencyKey: key('onboarding'),
      customerId: customer.id,
      connectedAccountId: account.id,
      amount: asCents(5_000),
      currency: 'usd' as const,
      description: 'Onboarding',
    };
    const first = await stripe.createCharge(input);
    expect((await stripe.createCharge(input)).id).toBe(first.id);
    const error = await failure(stripe.createCharge({ ...input, amount: asCents(5_001) }));
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject({ code: 'idempotency_mismatch' });
  });

  it.each([
    [
      'tok_chargeDeclined',
      { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    ],
    ['tok_chargeDeclinedInsufficientFunds', { code: 'card_declined', declineCode: 'insufficient_funds' }],
    ['tok_authenticationRequired', { code: 'authentication_required' }],
  ])('turns the decline of %s into the port error', async (token, expected) => {
    const { account, customer } = await accountWithCustomer(token);
    const error = await failure(
      stripe.createCharge({
        idempotencyKey: key('declined'),
        customerId: customer.id,
        connectedAccountId: account.id,
        amount: asCents(1_000),
        currency: 'usd',
        description: 'x',
      }),
    );
    expect(error).toBeInstanceOf(GatewayError);
    expect(error).toMatchObject(expected);
  });

  it('reports a fractional amount as Stripe does (the fake refuses it) and an unknown id as not found', async () => {
    const { account, customer } = await accountWithCustomer();
    const error = await failure(
      stripe.createCharge({
        idempotencyKey: key('fraction'),
        customerId: customer.id,
        connectedAccountId: account.id,
        amount: 10.5 as never,
        currency: 'usd',
        description: 'x',
      }),
    );
    expect(error).toMatchObject({ code: 'invalid_request', param: 'amount' });
    expect(await stripe.retrieve('customer', 'cus_unknown')).toBeNull();
  });

  it('transfers to a connected account with the platform key', async () => {
    const { account } = await accountWithCustomer();
    const idempotencyKey = key('commission');
    const transfer = await stripe.transfer({
      idempotencyKey,
      destinationAccountId: account.id,
      amount: asCents(300),
      currency: 'usd',
      description: 'Commission',
    });
    expect(transfer).toMatchObject({ destinationAccountId: account.id, amount: 300 });
    expect(lastRequest('/v1/transfers')).toMatchObject({
      idempotencyKey,
      stripeAccount: undefined,
      form: { amount: '300', destination: account.id },
    });
  });
});

describe('Stripe webhooks (stripe.webhooks.constructEvent)', () => {
  const body = JSON.stringify({
    id: 'evt_1',
    object: 'event',
    type: 'account.updated',
    created: 1_790_000_000,
    account: 'acct_1',
    data: { object: { id: 'acct_1', object: 'account', charges_enabled: true } },
  });
  const now = () => Math.floor(Date.now() / 1000);

  it('accepts a correctly signed event and hands it over in the port shape', async () => {
    const event = await stripe.verifyWebhook(body, signWebhook(WEBHOOK_SECRET, body, now()));
    expect(event).toMatchObject({
      id: 'evt_1',
      type: 'account.updated',
      created: 1_790_000_000,
      account: 'acct_1',
      object: { id: 'acct_1' },
    });
  });

  it('refuses a tampered body, another secret and a stale signature', async () => {
    for (const [raw, header] of [
      [body.replace('true', 'false'), signWebhook(WEBHOOK_SECRET, body, now())],
      [body, signWebhook('whsec_other', body, now())],
      [body, signWebhook(WEBHOOK_SECRET, body, now() - 301)],
    ] as const) {
      const error = await failure(stripe.verifyWebhook(raw, header));
      expect(error).toBeInstanceOf(WebhookSignatureError);
    }
  });
});
