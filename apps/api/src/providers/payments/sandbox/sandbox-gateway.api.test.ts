import { eq, idempotencyKeys, sandboxCharges, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  completedAccount,
  customerWithCard,
  key,
  pendingAccount,
  sandboxOf,
  usd,
} from '../../../../test/payments.js';
import { GatewayError, type SandboxGateway } from '../index.js';

let rt: TestRuntime;
let sandbox: SandboxGateway;
beforeAll(async () => {
  rt = await startTestRuntime();
  sandbox = sandboxOf(rt);
  // Events are not the subject here; keep them back so no delivery runs behind the tests.
  sandbox.deliveries.hold();
});
afterAll(() => rt?.close());

const chargeCount = async () =>
  (await rt.database.db.select({ n: sql<number>`count(*)::int` }).from(sandboxCharges))[0]?.n ?? 0;
const charge = (customerId: string, amount = 1250, idempotencyKey = key('charge')) =>
  sandbox.createCharge({
    idempotencyKey,
    customerId,
    amount: usd(amount),
    currency: 'usd',
    description: 'Test',
  });
const expectGatewayError = async (promise: Promise<unknown>, expected: Partial<GatewayError>) => {
  const error = await promise.then(
    () => null,
    (err: unknown) => err,
  );
  expect(error).toBeInstanceOf(GatewayError);
  expect(error).toMatchObject(expected);
};

describe('test cards', () => {
  it('charges tok_visa and reads the card and the charge back', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const card = await sandbox.getCard({ customerId: customer.id });
    expect(card).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12 });
    const idempotencyKey = key('charge');
    const made = await charge(customer.id, 1250, idempotencyKey);
    expect(made).toMatchObject({ amount: 1250, amountRefunded: 0, status: 'succeeded', cardLast4: '4242' });
    expect(await sandbox.retrieve('charge', made.id)).toEqual(made);
    expect(await sandbox.findChargeByIdempotencyKey({ idempotencyKey })).toEqual(made);
    expect(await sandbox.findChargeByIdempotencyKey({ idempotencyKey: key('never-made') })).toBeNull();
  });

  it('keeps the holder, expiry and address of a card typed into the sandbox form', async () => {
    const token = await sandbox.createCardToken({
      number: '4242 4242 4242 4242',
      expMonth: 4,
      expYear: new Date().getUTCFullYear() + 2,
      holderName: 'Ada Lovelace',
      address: { line1: '1 Main St', city: 'Austin', state: 'TX', postalCode: '73301', country: 'US' },
    });
    const customer = await customerWithCard(sandbox, token);
    expect(await sandbox.getCard({ customerId: customer.id })).toMatchObject({
      last4: '4242',
      expMonth: 4,
      holderName: 'Ada Lovelace',
      address: { city: 'Austin', postalCode: '73301' },
    });
    // A token is single use, like Stripe's.
    await expectGatewayError(customerWithCard(sandbox, token), { code: 'invalid_request' });
  });

  it.each([
    [
      '4000 0000 0000 0002',
      { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    ],
    ['4000 0000 0000 9995', { code: 'card_declined', declineCode: 'insufficient_funds' }],
    ['4000 0000 0000 0069', { code: 'card_declined', declineCode: 'expired_card' }],
  ] as const)(
    'card %s is declined when saved, as on Stripe: no card, no charge',
    async (number, expected) => {
      const token = await sandbox.createCardToken({
        number,
        expMonth: 12,
        expYear: 2040,
        holderName: 'Test',
      });
      const customer = await sandbox.createCustomer({
        idempotencyKey: key('customer'),
        email: 'payer@example.com',
        name: 'Payer',
      });
      await expectGatewayError(
        sandbox.attachCard({ idempotencyKey: key('card'), customerId: customer.id, cardToken: token }),
        expected,
      );
      expect(await sandbox.getCard({ customerId: customer.id })).toBeNull();
    },
  );

  it.each([
    [
      '4000 0000 0000 0341',
      { code: 'card_declined', declineCode: 'generic_decline', message: 'Your card was declined.' },
    ],
    ['4000 0025 0000 3155', { code: 'authentication_required', declineCode: null }],
  ] as const)(
    'card %s saves and then fails its charge as Stripe test mode does, and nothing is charged',
    async (number, expected) => {
      const token = await sandbox.createCardToken({
        number,
        expMonth: 12,
        expYear: 2040,
        holderName: 'Test',
      });
      const customer = await customerWithCard(sandbox, token);
      const before = await chargeCount();
      await expectGatewayError(charge(customer.id), expected);
      expect(await chargeCount()).toBe(before);
    },
  );

  it.each([
    ['tok_chargeDeclined', 'generic_decline'],
    ['tok_chargeDeclinedInsufficientFunds', 'insufficient_funds'],
    ['tok_chargeDeclinedExpiredCard', 'expired_card'],
  ] as const)('the named token %s is declined with %s when saved', async (token, declineCode) => {
    await expectGatewayError(customerWithCard(sandbox, token), { code: 'card_declined', declineCode });
  });

  it('the named token tok_chargeCustomerFail saves, then declines its charges', async () => {
    const customer = await customerWithCard(sandbox, 'tok_chargeCustomerFail');
    await expectGatewayError(charge(customer.id), { code: 'card_declined', declineCode: 'generic_decline' });
  });

  it('refuses numbers that are not test cards, and past expiry dates', async () => {
    await expectGatewayError(
      sandbox.createCardToken({ number: '4111 1111 1111 1112', expMonth: 1, expYear: 2040, holderName: 'X' }),
      { code: 'invalid_request', param: 'number' },
    );
    await expectGatewayError(
      sandbox.createCardToken({ number: '4242424242424242', expMonth: 1, expYear: 2020, holderName: 'X' }),
      { code: 'invalid_request', param: 'exp_year' },
    );
  });
});

describe('input checks, as Stripe makes them', () => {
  it('refuses amounts that are not positive whole cents of at least 50, and other currencies', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const attempt = (change: Partial<Parameters<SandboxGateway['createCharge']>[0]>) =>
      sandbox.createCharge({
        idempotencyKey: key('c'),
        customerId: customer.id,
        amount: usd(100),
        currency: 'usd',
        description: 'x',
        ...change,
      });
    const before = await chargeCount();
    for (const amount of [0, -100, 10.5, 49])
      await expectGatewayError(attempt({ amount: amount as never }), {
        code: 'invalid_request',
        param: 'amount',
      });
    await expectGatewayError(attempt({ currency: 'eur' as 'usd' }), {
      code: 'invalid_request',
      param: 'currency',
    });
    await expectGatewayError(attempt({ applicationFee: usd(10) }), {
      code: 'invalid_request',
      param: 'application_fee_amount',
    });
    expect(await chargeCount()).toBe(before);
  });

  it('refuses an unknown customer, and a customer without a card', async () => {
    await expectGatewayError(charge('cus_nobody'), {
      code: 'not_found',
      message: "No such customer: 'cus_nobody'",
    });
    const bare = await sandbox.createCustomer({
      idempotencyKey: key('cus'),
      email: 'a@example.com',
      name: 'A',
    });
    await expectGatewayError(charge(bare.id), {
      code: 'invalid_request',
      message: 'Cannot charge a customer that has no active card',
    });
  });

  it('does not use the key of a refused request, so the corrected request can use it', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const idempotencyKey = key('charge');
    await expectGatewayError(
      sandbox.createCharge({
        idempotencyKey,
        customerId: customer.id,
        amount: usd(10),
        currency: 'usd',
        description: 'x',
      }),
      { code: 'invalid_request' },
    );
    await expect(charge(customer.id, 100, idempotencyKey)).resolves.toMatchObject({ amount: 100 });
  });
});

describe('idempotency', () => {
  it('answers the same charge for the same key and input, and refuses the key with another input', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const idempotencyKey = key('onboarding');
    const first = await charge(customer.id, 5000, idempotencyKey);
    const before = await chargeCount();
    expect(await charge(customer.id, 5000, idempotencyKey)).toEqual(first);
    await expectGatewayError(charge(customer.id, 5001, idempotencyKey), { code: 'idempotency_mismatch' });
    expect(await chargeCount()).toBe(before);
  });

  it('replays a decline for its key instead of trying the card again', async () => {
    const customer = await customerWithCard(sandbox, 'tok_chargeCustomerFail');
    const idempotencyKey = key('declined');
    await expectGatewayError(charge(customer.id, 700, idempotencyKey), { declineCode: 'generic_decline' });
    await expectGatewayError(charge(customer.id, 700, idempotencyKey), { declineCode: 'generic_decline' });
    const [stored] = await rt.database.db
      .select()
      .from(idempotencyKeys)
      .where(eq(idempotencyKeys.key, idempotencyKey));
    expect(stored?.error?.code).toBe('card_declined');
  });

  it('makes exactly one charge for 100 concurrent calls with one key', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const idempotencyKey = key('concurrent');
    const before = await chargeCount();
    const results = await Promise.all(
      Array.from({ length: 100 }, () => charge(customer.id, 9900, idempotencyKey)),
    );
    const ids = new Set(results.map((r) => r.id));
    console.log(
      `100 concurrent calls with one key: ${ids.size} charge id(s), ${(await chargeCount()) - before} charge row(s)`,
    );
    expect(ids.size).toBe(1);
    expect((await chargeCount()) - before).toBe(1);
  });
});

describe('connected accounts', () => {
  it('moves pending → inverification → completed, with requirements at each step', async () => {
    const created = await pendingAccount(sandbox, { company_id: '7' });
    expect(created).toMatchObject({
      status: 'pending',
      detailsSubmitted: false,
      chargesEnabled: false,
      payoutsEnabled: false,
    });
    expect(created.requirements.currentlyDue.length).toBeGreaterThan(0);
    await expectGatewayError(sandbox.finishVerification(created.id, 'verified'), { code: 'invalid_request' });

    const submitted = await sandbox.submitOnboarding(created.id);
    expect(submitted).toMatchObject({
      status: 'inverification',
      detailsSubmitted: true,
      chargesEnabled: false,
    });
    expect(submitted.requirements).toMatchObject({
      currentlyDue: [],
      pendingVerification: ['representative.verification.document'],
    });
    await expectGatewayError(sandbox.submitOnboarding(created.id), { code: 'invalid_request' });

    const done = await sandbox.finishVerification(created.id, 'verified');
    expect(done).toMatchObject({
      status: 'completed',
      chargesEnabled: true,
      payoutsEnabled: true,
      metadata: { company_id: '7' },
    });
    await expectGatewayError(sandbox.finishVerification(created.id, 'rejected'), { code: 'invalid_request' });
  });

  it.each([
    ['rejected', { status: 'failed', chargesEnabled: false, payoutsEnabled: false }],
    ['charges_disabled', { status: 'completed', chargesEnabled: false, payoutsEnabled: true }],
    ['payouts_disabled', { status: 'completed', chargesEnabled: true, payoutsEnabled: false }],
  ] as const)('ends verification %s', async (outcome, expected) => {
    const account = await pendingAccount(sandbox);
    await sandbox.submitOnboarding(account.id);
    expect(await sandbox.finishVerification(account.id, outcome)).toMatchObject(expected);
  });

  it('gives an onboarding link to the sandbox page of the account', async () => {
    const account = await pendingAccount(sandbox);
    const link = await sandbox.createOnboardingLink({
      idempotencyKey: key('link'),
      accountId: account.id,
      returnUrl: '/done',
      refreshUrl: '/again',
    });
    expect(link.url).toMatch(
      new RegExp(
        `^/sandbox/onboarding/${account.id}\\?return_url=%2Fdone&refresh_url=%2Fagain&expires=\\d+&sig=[0-9a-f]{64}$`,
      ),
    );
    expect(link.expiresAt.getTime()).toBeGreaterThan(Date.now());
  });
});

describe('direct charges, refunds, transfers and balances', () => {
  it('splits a direct charge between the account and the platform fee, and refunds in proportion', async () => {
    const account = await completedAccount(sandbox);
    const customer = await customerWithCard(sandbox, 'tok_visa', account.id);
    const platformBefore = await sandbox.balance(null);
    const made = await sandbox.createCharge({
      idempotencyKey: key('direct'),
      customerId: customer.id,
      connectedAccountId: account.id,
      amount: usd(10_000),
      applicationFee: usd(2_500),
      currency: 'usd',
      description: 'Campaign',
    });
    expect(made).toMatchObject({ connectedAccountId: account.id, applicationFee: 2500 });
    expect(await sandbox.balance(account.id)).toBe(7_500);
    expect((await sandbox.balance(null)) - platformBefore).toBe(2_500);
    // The charge lives on the connected account: the platform does not see it as its own.
    expect(await sandbox.retrieve('charge', made.id)).toBeNull();

    const refund = await sandbox.refund({
      idempotencyKey: key('refund'),
      chargeId: made.id,
      connectedAccountId: account.id,
      amount: usd(4_000),
      refundApplicationFee: true,
    });
    expect(refund).toMatchObject({ amount: 4000, chargeId: made.id });
    expect(await sandbox.balance(account.id)).toBe(7_500 - 3_000);
    expect((await sandbox.balance(null)) - platformBefore).toBe(1_500);
    await expectGatewayError(
      sandbox.refund({
        idempotencyKey: key('refund'),
        chargeId: made.id,
        connectedAccountId: account.id,
        amount: usd(6_001),
      }),
      {
        code: 'invalid_request',
        message: 'Refund amount ($60.01) is greater than unrefunded amount on charge ($60.00)',
      },
    );
    await sandbox.refund({
      idempotencyKey: key('refund'),
      chargeId: made.id,
      connectedAccountId: account.id,
    });
    await expectGatewayError(
      sandbox.refund({ idempotencyKey: key('refund'), chargeId: made.id, connectedAccountId: account.id }),
      { code: 'invalid_request', message: `Charge ${made.id} has already been refunded.` },
    );
  });

  it('refuses a direct charge on an account that cannot charge yet, and a fee above the amount', async () => {
    const pending = await pendingAccount(sandbox);
    const customer = await customerWithCard(sandbox, 'tok_visa', pending.id);
    const direct = {
      customerId: customer.id,
      connectedAccountId: pending.id,
      currency: 'usd' as const,
      description: 'x',
    };
    await expectGatewayError(
      sandbox.createCharge({
        ...direct,
        idempotencyKey: key('d'),
        amount: usd(1000),
        applicationFee: usd(100),
      }),
      { code: 'invalid_request' },
    );
    const ready = await completedAccount(sandbox);
    const readyCustomer = await customerWithCard(sandbox, 'tok_visa', ready.id);
    await expectGatewayError(
      sandbox.createCharge({
        ...direct,
        customerId: readyCustomer.id,
        connectedAccountId: ready.id,
        idempotencyKey: key('d'),
        amount: usd(1000),
        applicationFee: usd(1001),
      }),
      { code: 'invalid_request', param: 'application_fee_amount' },
    );
    // A customer of one account is unknown on another.
    await expectGatewayError(
      sandbox.createCharge({
        ...direct,
        connectedAccountId: ready.id,
        idempotencyKey: key('d'),
        amount: usd(1000),
      }),
      { code: 'not_found' },
    );
  });

  it('transfers platform funds to an account with payouts on, never more than the platform holds', async () => {
    const account = await completedAccount(sandbox);
    const available = await sandbox.balance(null);
    await expectGatewayError(
      sandbox.transfer({
        idempotencyKey: key('tr'),
        destinationAccountId: account.id,
        amount: usd(available + 1),
        currency: 'usd',
        description: 'Commission',
      }),
      { code: 'invalid_request', message: 'You have insufficient funds in your Stripe account.' },
    );
    const transfer = await sandbox.transfer({
      idempotencyKey: key('tr'),
      destinationAccountId: account.id,
      amount: usd(300),
      currency: 'usd',
      description: 'Commission',
    });
    expect(transfer).toMatchObject({ destinationAccountId: account.id, amount: 300 });
    expect(await sandbox.balance(account.id)).toBe(300);
    expect(await sandbox.balance(null)).toBe(available - 300);
  });
});
