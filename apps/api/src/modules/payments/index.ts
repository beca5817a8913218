import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { PaymentGateway } from '../../providers/payments/gateway.js';
import type { SandboxGateway } from '../../providers/payments/sandbox/sandbox-gateway.js';
import { createPaymentEventRepository } from './payment-event-repository.js';
import { processPaymentEventHandler, sandboxWebhookHandler } from './payment-jobs.js';
import { webhookRoutes } from './webhook-routes.js';

export { processPaymentEventJob, sandboxWebhookJob } from './payment-jobs.js';

/**
 * Payments as far as built: the webhook endpoint and the processing of its events (connected-account
 * state). Cards, charges and the ledger postings of issue 10 hook in here in later sessions.
 */
export function createPaymentsModule(deps: {
  db: Database;
  queue: JobQueue;
  gateway: PaymentGateway | SandboxGateway;
}) {
  const repo = createPaymentEventRepository(deps.db);
  const handlers: JobHandler[] = [processPaymentEventHandler({ repo, gateway: deps.gateway })];
  if ('deliveries' in deps.gateway) handlers.push(sandboxWebhookHandler(deps.gateway.deliveries));
  return {
    gateway: deps.gateway,
    accounts: { get: repo.account },
    handlers,
    routes: [webhookRoutes({ gateway: deps.gateway, repo, queue: deps.queue })],
  };
}
