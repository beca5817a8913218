import type { Database } from '@app/db';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { Clock } from '../../lib/clock.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import type { AuditLog } from '../audit/index.js';
import type { Ledger } from '../ledger/index.js';
import { createChargeOnce } from './charge-once.js';
import { createConnectRepository } from './connect-repository.js';
import { connectRoutes } from './connect-routes.js';
import { createConnectService } from './connect-service.js';
import { createFollowUps } from './follow-ups.js';
import { createGatewayKeysRepository } from './gateway-keys-repository.js';
import { gatewayKeysRoutes } from './gateway-keys-routes.js';
import { createGatewayKeysService } from './gateway-keys-service.js';
import { createPaidWithoutCharge } from './paid-without-charge.js';
import { createPaymentEventRepository } from './payment-event-repository.js';
import { createPaymentFailureRepository } from './payment-failure-repository.js';
import { processPaymentEventHandler, sandboxWebhookHandler } from './payment-jobs.js';
import { createPaymentOperationRepository } from './payment-operation-repository.js';
import { sandboxOnboardingPage } from './sandbox-onboarding-page.js';
import { type WebhookSystems, webhookRoutes } from './webhook-routes.js';

export type { ChargeOnce, ChargeOutcome, ChargeRequest, Obligation } from './charge-once.js';
export type { ConnectService } from './connect-service.js';
export type { FollowUpHandler, FollowUps } from './follow-ups.js';
export { createGatewayKeysRepository } from './gateway-keys-repository.js';
export type { PaidWithoutCharge } from './paid-without-charge.js';
export {
  createPaymentFailureRepository,
  INVOICE_OBLIGATIONS,
  type OpenFailures,
  type OpenInvoiceFailure,
  type PaymentFailureRepository,
} from './payment-failure-repository.js';
export { paymentFailedSql, paymentFailedUnderAgencySql } from './payment-failure-sql.js';
export { processPaymentEventJob, sandboxWebhookJob } from './payment-jobs.js';
export type { PaymentOperationRow, SucceededByKeyPrefix } from './payment-operation-repository.js';

/**
 * Payments as far as built: the webhook endpoint and the processing of its events (connected-account
 * state), and `chargeOnce`, the one way a card is charged (one charge and one ledger posting per
 * business operation, decision 0031), the connected payment accounts of agencies and sales people
 * (decision 0033): their routes and the sandbox onboarding page, and each system's own Stripe keys
 * (decision 0039). Every call goes to the gateway the directory names for the system, or for the row.
 */
/** Collected campaign charges in settlement order (decision 0080). */
export type CollectedCharges = ReturnType<typeof createPaymentOperationRepository>['collectedCharges'];
export type OperationsOfCharges = ReturnType<typeof createPaymentOperationRepository>['operationsOfCharges'];

export function createPaymentsModule(deps: {
  db: Database;
  queue: JobQueue;
  gateways: GatewayDirectory;
  ledger: Ledger;
  audit: AuditLog;
  secrets: SecretBox;
  /** The system of a request host (for webhooks sent without a system in the path). */
  systemOfHost: WebhookSystems['ofHost'];
  invalidateDomains: () => void;
  /** The runtime's clock (an operation's age, decision 0072's janitor). */
  clock: Clock;
}) {
  const { gateways } = deps;
  const repo = createPaymentEventRepository(deps.db);
  const keysRepo = createGatewayKeysRepository(deps.db);
  const handlers: JobHandler[] = [
    processPaymentEventHandler({ repo, gateways }),
    sandboxWebhookHandler(gateways.sandbox.deliveries),
  ];
  const operations = createPaymentOperationRepository(deps.db);
  const failures = createPaymentFailureRepository(deps.db);
  // Each module that charges for something registers how to finish it (decision 0072).
  const followUps = createFollowUps();
  const chargeOnce = createChargeOnce({
    db: deps.db,
    gateways,
    ledger: deps.ledger,
    operations,
    failures,
    followUps,
    clock: deps.clock,
  });
  const paidWithoutCharge = createPaidWithoutCharge({ operations, failures, followUps });
  const connect = createConnectService({
    repo: createConnectRepository(deps.db),
    gateways,
    audit: deps.audit,
  });
  const keys = createGatewayKeysService({
    repo: keysRepo,
    gateways,
    secrets: deps.secrets,
    audit: deps.audit,
    invalidateDomains: deps.invalidateDomains,
  });
  return {
    gateways,
    connect,
    chargeOnce,
    followUps: { register: followUps.register },
    /** An obligation the agency's Data Wallet paid, finished like a charge (decision 0085). */
    paidWithoutCharge,
    /** Declined charges still owed (decision 0065): what a payer owes, and dropping a removed campaign's. */
    failures,
    keys,
    accounts: { get: repo.account },
    /**
     * What was charged under business keys (a campaign's activations, for its invoice): the whole
     * amount, also of a direct charge on a connected account, where the ledger holds only the fee.
     */
    charges: {
      succeededByKeyPrefix: operations.succeededByKeyPrefix,
      /** Collected campaign charges in settlement order (what sales commissions are earned on). */
      collectedCharges: operations.collectedCharges,
      paidFor: operations.paidFor,
      /** The operations of gateway charges (a refund's charges → the commissions earned on them). */
      operationsOfCharges: operations.operationsOfCharges,
      /** A page of the charges made to a company's card, whole (its Billing History, decision 0091). */
      ofCompany: operations.ofCompany,
    },
    /** Reconciliation's read of the operations (decision 0079): a system's, per gateway. */
    operations: { ofSystemOnGateway: operations.ofSystemOnGateway, gatewaysOf: operations.gatewaysOf },
    handlers,
    routes: [
      webhookRoutes({
        gateways,
        systems: { ofHost: deps.systemOfHost, exists: keysRepo.exists },
        repo,
        queue: deps.queue,
      }),
      connectRoutes(connect),
      gatewayKeysRoutes(keys),
    ],
    /** Pages outside /api: the sandbox's onboarding page (the sandbox is there for every system without Stripe). */
    pages: [sandboxOnboardingPage(gateways.sandbox)],
  };
}
