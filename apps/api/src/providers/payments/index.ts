import type { Database } from '@app/db';
import { createSandboxDeliveries, type WebhookDelivery } from './sandbox/sandbox-events.js';
import { createSandboxGateway } from './sandbox/sandbox-gateway.js';

export * from './gateway.js';
export {
  createGatewayDirectory,
  type GatewayDirectory,
  GatewayNotConfiguredError,
  type SealedStripeKeys,
  type StripeKeys,
} from './gateway-directory.js';
export type { ReleaseOptions, WebhookDelivery } from './sandbox/sandbox-events.js';
export type { SandboxGateway, VerificationOutcome } from './sandbox/sandbox-gateway.js';
export { TEST_CARDS, TEST_TOKENS } from './sandbox/test-cards.js';
export { createStripeGateway, type StripeSettings } from './stripe/stripe-gateway.js';
export { signWebhook } from './webhook-signature.js';

/**
 * The sandbox gateway with its event delivery: the default payment gateway (Stripe when configured,
 * decision 0030). `deliver` posts a signed event to our webhook endpoint; `schedule` queues that.
 */
export function createSandbox(deps: {
  db: Database;
  webhookSecret: string;
  deliver: WebhookDelivery;
  schedule: (eventId: string) => Promise<void>;
  onboardingUrl: (accountId: string) => string;
  now?: () => Date;
  afterCharge?: (chargeId: string) => Promise<void>;
  beforeCharge?: () => Promise<void>;
  afterTransfer?: (transferId: string) => Promise<void>;
}) {
  const now = deps.now ?? (() => new Date());
  const deliveries = createSandboxDeliveries({ ...deps, now });
  return createSandboxGateway({ ...deps, deliveries, now });
}
