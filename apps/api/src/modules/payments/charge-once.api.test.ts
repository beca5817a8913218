import { asCents, type Cents } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { ledgerWorld } from '../../../test/kits/ledger-world.js';
import { customerWithCard, key, sandboxOf } from '../../../test/payments.js';
import { systemClock } from '../../lib/clock.js';
import type { PaymentGateway, SandboxGateway } from '../../providers/payments/index.js';
import type { Ledger } from '../ledger/index.js';
import { createChargeOnce } from './charge-once.js';
import { createFollowUps } from './follow-ups.js';
import { createPaymentFailureRepository } from './payment-failure-repository.js';
import { createPaymentOperationRepository } from './payment-operation-repository.js';

let rt: TestRuntime;
let sandbox: SandboxGateway;
let ledger: Ledger;
let systemId: number;
let agencyId: number;
beforeAll(async () => {
  rt = await startTestRuntime();
  sandbox = sandboxOf(rt);
  sandbox.deliveries.hold(); // events are not the subject here
  ledger = rt.services.ledger;
  const world = await ledgerWorld(rt.database.db);
  systemId = world.master.systemId;
  agencyId = world.master.agencyId;
});
afterAll(() => rt?.close());

/** The sandbox, counting the charges asked of it, optionally failing around the call. */
function gatewayWith(fault: 'none' | 'lost-answer' | 'unreachable' = 'none') {
  const calls = { createCharge: 0 };
  const gateway: PaymentGateway = Object.create(sandbox);
  gateway.createCharge = async (input) => {
    calls.createCharge += 1;
    if (fault === 'unreachable') throw new Error('connect ECONNREFUSED');
    const made = await sandbox.createCharge(input);
    if (fault === 'lost-answer') throw new Error('socket hang up'); // charged, but we never heard
    return made;
  };
  const service = createChargeOnce({
    db: rt.database.db,
    gateways: { of: async () => gateway },
    ledger,
    operations: createPaymentOperationRepository(rt.database.db),
    failures: createPaymentFailureRepository(rt.database.db),
    followUps: createFollowUps(),
    clock: systemClock,
  });
  return { service, calls };
}

const clearingBalance = async (): Promise<Cents> => {
  const account = await ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: { type: 'system' } });
  return (await ledger.balanceOf({ systemId, accountId: account.id })).balance;
};
const receivableLines = async () => {
  const account = await ledger.accountFor({
    systemId,
    kind: 'receivable',
    owner: { type: 'company', companyId: agencyId },
  });
  return (await ledger.statement({ systemId, accountId: account.id, page: 1, pageSize: 100 })).totalLines;
};
/** A charge that pays an obligation (its attempts' keys come from it). */
const owed = (obligation: { key: string; campaignId: null }, customerId: string, amount: number) => ({
  systemId,
  cause: { kind: 'charge' as const, description: 'Activation', companyId: agencyId },
  customerId,
  gateway: 'sandbox',
  amount: asCents(amount),
  obligation,
});
const onboarding = (businessKey: string, customerId: string, amount = 49_900) => ({
  systemId,
  businessKey,
  cause: { kind: 'onboarding_charge' as const, description: 'Onboarding fee', companyId: agencyId },
  customerId,
  gateway: 'sandbox',
  amount: asCents(amount),
});

describe('one charge per business operation', () => {
  it('charges once and posts once when 1,000 requests ask at the same moment', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const { service, calls } = gatewayWith();
    const businessKey = key('onboarding');
    const [clearingBefore, linesBefore] = [await clearingBalance(), await receivableLines()];

    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, () => service.charge(onboarding(businessKey, customer.id))),
    );

    const count = (status: string) => outcomes.filter((o) => o.status === status).length;
    const charge = await sandbox.findChargeByIdempotencyKey({ idempotencyKey: businessKey });
    console.log(
      `1,000 concurrent charges of ${businessKey}: ${calls.createCharge} gateway call(s); outcomes ` +
        `succeeded ${count('succeeded')}, pending ${count('pending')}, failed ${count('failed')}; ` +
        `clearing +${(await clearingBalance()) - clearingBefore} cents; ` +
        `receivable +${(await receivableLines()) - linesBefore} lines`,
    );
    expect(calls.createCharge).toBe(1);
    expect(count('failed')).toBe(0);
    expect(charge?.amount).toBe(49_900);
    expect((await clearingBalance()) - clearingBefore).toBe(49_900);
    expect((await receivableLines()) - linesBefore).toBe(2); // charged, then collected
    // Asked again once settled: the first result, no new call.
    const again = await service.charge(onboarding(businessKey, customer.id));
    expect(again).toMatchObject({ status: 'succeeded', chargeId: charge?.id });
    expect(calls.createCharge).toBe(1);
  });

  it('settles a declined card as failed with the gateway text, posts nothing, and charges a new attempt', async () => {
    const declined = await customerWithCard(sandbox, 'tok_chargeCustomerFail');
    const { service, calls } = gatewayWith();
    const clearingBefore = await clearingBalance();
    const firstAttempt = key('onboarding-attempt');
    const outcome = await service.charge(onboarding(firstAttempt, declined.id));
    expect(outcome).toMatchObject({ status: 'failed', code: 'generic_decline' });
    expect(outcome.status === 'failed' && outcome.message).toMatch(/declined/i);
    expect(await clearingBalance()).toBe(clearingBefore);
    // The same attempt asked again answers its failure without another call.
    expect(await service.charge(onboarding(firstAttempt, declined.id))).toMatchObject({ status: 'failed' });
    expect(calls.createCharge).toBe(1);

    const good = await customerWithCard(sandbox, 'tok_visa');
    expect(await service.charge(onboarding(key('onboarding-attempt'), good.id))).toMatchObject({
      status: 'succeeded',
    });
    expect((await clearingBalance()) - clearingBefore).toBe(49_900);
  });

  it('refuses the same key with another amount, changing nothing', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const { service, calls } = gatewayWith();
    const businessKey = key('onboarding');
    await service.charge(onboarding(businessKey, customer.id, 10_000));
    await expect(service.charge(onboarding(businessKey, customer.id, 20_000))).rejects.toThrow(
      /exists with another system, amount or customer/,
    );
    expect(calls.createCharge).toBe(1);
  });
});

describe('the janitor makes the ledger equal the gateway after a crash', () => {
  const everythingPending = () => new Date(Date.now() + 60_000);

  it('records a charge whose answer was lost, once', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const businessKey = key('onboarding');
    const clearingBefore = await clearingBalance();
    await expect(
      gatewayWith('lost-answer').service.charge(onboarding(businessKey, customer.id)),
    ).rejects.toThrow(/socket hang up/);
    const charged = await sandbox.findChargeByIdempotencyKey({ idempotencyKey: businessKey });
    expect(charged?.amount).toBe(49_900);
    expect(await clearingBalance()).toBe(clearingBefore); // the gateway has it, the ledger not yet

    const { service } = gatewayWith();
    expect(await service.charge(onboarding(businessKey, customer.id))).toMatchObject({ status: 'pending' });
    const settled = await service.settlePending({ olderThan: everythingPending() });
    expect(settled.recorded).toBeGreaterThanOrEqual(1);
    expect((await clearingBalance()) - clearingBefore).toBe(49_900);
    expect(await service.charge(onboarding(businessKey, customer.id))).toMatchObject({
      status: 'succeeded',
      chargeId: charged?.id,
    });
    // Run again: nothing left to settle for this key, and nothing posted twice.
    await service.settlePending({ olderThan: everythingPending() });
    expect((await clearingBalance()) - clearingBefore).toBe(49_900);
  });

  it('settles as failed an operation whose call never reached the gateway, so it can be tried again', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const businessKey = key('onboarding');
    const clearingBefore = await clearingBalance();
    await expect(
      gatewayWith('unreachable').service.charge(onboarding(businessKey, customer.id)),
    ).rejects.toThrow(/ECONNREFUSED/);
    const { service } = gatewayWith();
    const settled = await service.settlePending({ olderThan: everythingPending() });
    expect(settled.failed).toBeGreaterThanOrEqual(1);
    expect(await service.charge(onboarding(businessKey, customer.id))).toMatchObject({
      status: 'failed',
      code: 'not_charged',
    });
    expect(await sandbox.findChargeByIdempotencyKey({ idempotencyKey: businessKey })).toBeNull();
    expect(await clearingBalance()).toBe(clearingBefore);
  });

  it('a declined obligation stays owed until a charge for it is recorded, also by the janitor after a lost answer', async () => {
    const failures = createPaymentFailureRepository(rt.database.db);
    const obligation = { key: key('obligation'), campaignId: null };
    const charge = (customerId: string) => owed(obligation, customerId, 6_000);
    const declining = await customerWithCard(sandbox, 'tok_chargeCustomerFail');
    const declined = await gatewayWith().service.chargeObligation(charge(declining.id));
    expect(declined).toMatchObject({ status: 'failed', businessKey: obligation.key });
    expect(await failures.openOf(agencyId)).toMatchObject({ count: 1, total: 6_000 });

    // The next attempt is charged but its answer is lost: still owed until the janitor records it.
    const good = await customerWithCard(sandbox, 'tok_visa');
    await expect(gatewayWith('lost-answer').service.chargeObligation(charge(good.id))).rejects.toThrow(
      /socket hang up/,
    );
    expect((await failures.openOf(agencyId)).count).toBe(1);
    const { service } = gatewayWith();
    await service.settlePending({ olderThan: everythingPending() });
    expect(await failures.openOf(agencyId)).toMatchObject({ count: 0, total: 0 });
    // Paid: asked again, the obligation answers its charge without a gateway call.
    const { service: again, calls } = gatewayWith();
    expect(await again.chargeObligation(charge(good.id))).toMatchObject({
      status: 'succeeded',
      businessKey: `${obligation.key}:attempt-2`,
    });
    expect(calls.createCharge).toBe(0);
  });

  it('a refused request (not the card) fails the attempt and leaves nothing owed', async () => {
    const failures = createPaymentFailureRepository(rt.database.db);
    const before = (await failures.openOf(agencyId)).count;
    const customer = await customerWithCard(sandbox, 'tok_visa');
    // 30 cents: under the processor's minimum, an invalid request.
    const outcome = await gatewayWith().service.chargeObligation(
      owed({ key: key('obligation'), campaignId: null }, customer.id, 30),
    );
    expect(outcome).toMatchObject({ status: 'failed', code: 'invalid_request' });
    expect((await failures.openOf(agencyId)).count).toBe(before);
  });

  it('leaves alone an operation younger than the grace period (its request may still be running)', async () => {
    const customer = await customerWithCard(sandbox, 'tok_visa');
    const businessKey = key('onboarding');
    await expect(
      gatewayWith('lost-answer').service.charge(onboarding(businessKey, customer.id)),
    ).rejects.toThrow();
    const { service } = gatewayWith();
    await service.settlePending({ olderThan: new Date(Date.now() - 60_000) });
    expect(await service.charge(onboarding(businessKey, customer.id))).toMatchObject({ status: 'pending' });
  });
});
