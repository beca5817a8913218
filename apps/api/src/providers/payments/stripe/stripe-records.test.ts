import { asCents } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFakeStripe } from '../../../../test/fake-stripe.js';
import type { PaymentGateway } from '../gateway.js';
import { createStripeGateway } from './stripe-gateway.js';

const SECRET_KEY = 'sk_test_fake_records';
let fake: Awaited<ReturnType<typeof startFakeStripe>>;
let stripe: PaymentGateway;
beforeAll(async () => {
  fake = await startFakeStripe(SECRET_KEY);
  stripe = createStripeGateway({ secretKey: SECRET_KEY, webhookSecret: 'whsec_fake', api: fake.api });
});
afterAll(async () => {
  expect(fake.problems).toEqual([]);
  await fake.close();
});

let n = 0;
const key = (what: string) => `${what}:${++n}`;

async function customerOn(connectedAccountId?: string) {
  const customer = await stripe.createCustomer({
    idempotencyKey: key('customer'),
    email: 'payer@example.com',
    name: 'Payer',
    ...(connectedAccountId ? { connectedAccountId } : {}),
  });
  await stripe.attachCard({
    idempotencyKey: key('card'),
    customerId: customer.id,
    cardToken: 'tok_visa',
    ...(connectedAccountId ? { connectedAccountId } : {}),
  });
  return customer.id;
}

describe("Stripe's records for reconciliation (decision 0079)", () => {
  it('lists every page of the platform charges, the direct charges of the given accounts, refunds and transfers', async () => {
    const platform = await customerOn();
    const account = await stripe.createConnectedAccount({
      idempotencyKey: key('account'),
      email: 'agency@example.com',
      businessName: 'Northwind',
      country: 'US',
      metadata: {},
    });
    const client = await customerOn(account.id);
    // More than a page (100) of platform charges, so the list is read past its first page.
    const keys: string[] = [];
    for (let i = 0; i < 102; i++) {
      const idempotencyKey = key('fee');
      keys.push(idempotencyKey);
      await stripe.createCharge({
        idempotencyKey,
        customerId: platform,
        amount: asCents(1_000 + i),
        currency: 'usd',
        description: 'Platform fee',
        metadata: { system_id: '1' },
      });
    }
    const direct = await stripe.createCharge({
      idempotencyKey: key('activation'),
      customerId: client,
      amount: asCents(8_000),
      currency: 'usd',
      description: 'Activation',
      connectedAccountId: account.id,
      applicationFee: asCents(3_000),
      metadata: { system_id: '1' },
    });
    const first = await stripe.findChargeByIdempotencyKey({ idempotencyKey: keys[0]! });
    const refund = await stripe.refund({
      idempotencyKey: key('refund'),
      chargeId: first!.id,
      amount: asCents(400),
    });
    const transfer = await stripe.transfer({
      idempotencyKey: key('commission'),
      destinationAccountId: account.id,
      amount: asCents(250),
      currency: 'usd',
      description: 'Commission',
    });

    const records = await stripe.listRecords({ since: null, connectedAccountIds: [account.id] });
    const charges = records.filter((r) => r.kind === 'charge' && r.connectedAccountId === null);
    expect(charges.map((c) => c.idempotencyKey).sort()).toEqual([...keys].sort());
    expect(charges.every((c) => c.metadata.system_id === '1' && c.currency === 'usd')).toBe(true);
    expect(records.find((r) => r.id === direct.id)).toMatchObject({
      kind: 'charge',
      connectedAccountId: account.id,
      amount: 8_000,
      applicationFee: 3_000,
    });
    expect(records.find((r) => r.id === refund.id)).toMatchObject({
      kind: 'refund',
      chargeId: first!.id,
      amount: 400,
      connectedAccountId: null,
      metadata: { system_id: '1' },
    });
    expect(records.find((r) => r.id === transfer.id)).toMatchObject({
      kind: 'transfer',
      amount: 250,
      connectedAccountId: account.id,
    });
    expect(records).toHaveLength(105);
    // Pages of 100, each after the last one read.
    const pages = fake.requests.filter(
      (r) => r.method === 'GET' && r.path === '/v1/charges' && !r.stripeAccount,
    );
    expect(pages).toHaveLength(2);
    // Without the account, its direct charges are not asked for.
    const platformOnly = await stripe.listRecords({ since: null, connectedAccountIds: [] });
    expect(platformOnly.find((r) => r.id === direct.id)).toBeUndefined();
    // Since a time after everything: nothing.
    expect(
      await stripe.listRecords({ since: new Date(Date.now() + 60_000), connectedAccountIds: [] }),
    ).toEqual([]);
  });
});
