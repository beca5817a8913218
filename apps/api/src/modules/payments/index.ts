import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { PaymentGateway } from '../../providers/payments/gateway.js';
import type { SandboxGateway } from '../../providers/payments/sandbox/sandbox-gateway.js';
import type { AuditLog } from '../audit/index.js';
import type { Ledger } from '../ledger/index.js';
import { createChargeOnce } from './charge-once.js';
import { createConnectRepository } from './connect-repository.js';
import { connectRoutes } from './connect-routes.js';
import { createConnectService } from './connect-service.js';
import { createPaymentEventRepository } from './payment-event-repository.js';
import { processPaymentEventHandler, sandboxWebhookHandler } from './payment-jobs.js';
import { createPaymentOperationRepository } from './payment-operation-repository.js';
import { sandboxOnboardingPage } from './sandbox-onboarding-page.js';
import { webhookRoutes } from './webhook-routes.js';

export type { ChargeOnce, ChargeOutcome, ChargeRequest } from './charge-once.js';
export type { ConnectService } from './connect-service.js';
export { processPaymentEventJob, sandboxWebhookJob } from './payment-jobs.js';

/**
 * Payments as far as built: the webhook endpoint and the processing of its events (connected-account
 * state), and `chargeOnce`, the one way a card is charged (one charge and one ledger posting per
 * business operation, decision 0031), and the connected payment accounts of agencies and sales
 * people (decision 0033): their routes and, with the sandbox gateway, the sandbox onboarding page.
 */
export function createPaymentsModule(deps: {
  db: Database;
  queue: JobQueue;
  gateway: PaymentGateway | SandboxGateway;
  ledger: Ledger;
  audit: AuditLog;
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
  const connect = createConnectService({
    repo: createConnectRepository(deps.db),
    gateway: deps.gateway,
    audit: deps.audit,
  });
  return {
    gateway: deps.gateway,
    connect,
    chargeOnce,
    accounts: { get: repo.account },
    handlers,
    routes: [webhookRoutes({ gateway: deps.gateway, repo, queue: deps.queue }), connectRoutes(connect)],
    /** Pages outside /api: the sandbox's onboarding page, only while the sandbox is the gateway. */
    pages: 'deliveries' in deps.gateway ? [sandboxOnboardingPage(deps.gateway)] : [],
  };
}
