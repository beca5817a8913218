import { asCents } from '@app/contracts';
import { settlePendingHandler } from '../src/modules/billing/index.js';
import type { PaymentGateway, SandboxGateway } from '../src/providers/payments/index.js';
import type { TestRuntime } from './harness.js';

/** The runtime's sandbox gateway (its operator knobs included): every system without Stripe keys uses it. */
export function sandboxOf(rt: TestRuntime): SandboxGateway {
  return rt.services.payments.sandbox;
}

let counter = 0;
/** A fresh key per business operation of a test. */
export const key = (what: string) => `${what}:${process.pid}:${++counter}`;

/** A customer (of the platform, or of a connected account) with this card token attached. */
export async function customerWithCard(
  sandbox: SandboxGateway,
  cardToken: string,
  connectedAccountId?: string,
) {
  const customer = await sandbox.createCustomer({
    idempotencyKey: key('customer'),
    email: 'payer@example.com',
    name: 'Payer',
    connectedAccountId,
  });
  await sandbox.attachCard({
    idempotencyKey: key('card'),
    customerId: customer.id,
    cardToken,
    connectedAccountId,
  });
  return customer;
}

/** A new connected account (pending onboarding) owned as the metadata says. */
export const pendingAccount = (gateway: PaymentGateway, metadata: Record<string, string> = {}) =>
  gateway.createConnectedAccount({
    idempotencyKey: key('account'),
    email: 'agency@example.com',
    businessName: 'Agency',
    country: 'US',
    metadata,
  });

/** A connected account taken through onboarding to `completed` (charges and payouts on). */
export async function completedAccount(sandbox: SandboxGateway, metadata: Record<string, string> = {}) {
  const account = await pendingAccount(sandbox, metadata);
  await sandbox.submitOnboarding(account.id);
  return sandbox.finishVerification(account.id, 'verified');
}

export const usd = (cents: number) => asCents(cents);

/**
 * One run of the payments janitor with no grace period, on the runtime's clock: what the job does a
 * minute after a crash or a lost answer, run now.
 */
export function runJanitorNow(rt: TestRuntime) {
  return settlePendingHandler({
    chargeOnce: rt.services.payments.chargeOnce,
    onboarding: rt.services.onboarding,
    graceSeconds: 0,
    clock: rt.services.clock,
  }).handle({}, { retryCount: 0, isLastAttempt: true });
}
