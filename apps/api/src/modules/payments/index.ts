import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { PaymentGateway } from '../../providers/payments/gateway.js';
import type { SandboxGateway } from '../../providers/payments/sandbox/sandbox-gateway.js';
import type { Ledger } from '../ledger/index.js';
import { createChargeOnce } from './charge-once.js';
import { createPaymentEventRepository } from './payment-event-repository.js';
import { processPaymentEventHandler, sandboxWebhookHandler } from './payment-jobs.js';
import { createPaymentOperationRepository } from './payment-operation-repository.js';
import { webhookRoutes } from './webhook-routes.js';

export type { ChargeOnce, ChargeOutcome, ChargeRequest } from './charge-once.js';
export { processPaymentEventJob, sandboxWebhookJob } from './payment-jobs.js';

/**
 * Payments as far as built: the webhook endpoint and the processing of its events (connected-account
 * state), and `chargeOnce`, the one way a card is charged (one charge and one ledger posting per
 * business operation, decision 0031). The card and onboarding routes of issue 10 build on it.
 */
export function createPaymentsModule(deps: {
  db: Database;
  queue: JobQueue;
  gateway: PaymentGateway | SandboxGateway;
  ledger: Ledger;
}) {
  const repo = createPaymentEventRepository(deps.db);
  const handlers: JobHandler[] = [processPaymentEventHandler({ repo, gateway: deps.gateway })];
  if ('deliveries' in deps.gateway) handlers.push(sandboxWebhookHandler(deps.gateway.deliveries));
  const chargeOnce = createChargeOnce({
    db: deps.db,
    gateway: deps.gateway,
    ledger: deps.ledger,
    operations: createPaymentOperationRepository(deps.db),
  });
  return {
    gateway: deps.gateway,
    chargeOnce,
    accounts: { get: repo.account },
    handlers,
    routes: [webhookRoutes({ gateway: deps.gateway, repo, queue: deps.queue })],
  };
}
