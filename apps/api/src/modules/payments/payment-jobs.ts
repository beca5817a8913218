import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import { GATEWAY_NAMES } from '../../providers/payments/gateway.js';
import {
  type GatewayDirectory,
  GatewayNotConfiguredError,
} from '../../providers/payments/gateway-directory.js';
import type { SandboxDeliveries } from '../../providers/payments/sandbox/sandbox-events.js';
import type { PaymentEventRepository } from './payment-event-repository.js';

export const processPaymentEventJob = defineJob({
  name: 'payment.process-event',
  payload: z.object({ gateway: z.enum(GATEWAY_NAMES), eventId: z.string().min(1).max(255) }),
  retryLimit: 8,
  retryDelaySeconds: 15,
});

/** Delivery of one sandbox event to our webhook endpoint; retried until it answers 2xx, as Stripe retries. */
export const sandboxWebhookJob = defineJob({
  name: 'payment.sandbox-webhook',
  payload: z.object({ eventId: z.string().min(1).max(255) }),
  retryLimit: 8,
  retryDelaySeconds: 15,
});

/**
 * Processes a stored webhook event, once (a processed event is skipped, so repeated jobs are harmless)
 * and safely out of order: an account event older than the state we hold is marked stale; a newer one
 * makes us read the account from the gateway, so what we store is the gateway's current state whatever
 * order events arrive in. Other events are recorded for the money flows that will consume them.
 */
export function processPaymentEventHandler(deps: {
  repo: PaymentEventRepository;
  gateways: Pick<GatewayDirectory, 'of'>;
}): JobHandler<typeof processPaymentEventJob.payload> {
  return {
    spec: processPaymentEventJob,
    async handle({ gateway, eventId }) {
      const event = await deps.repo.get(gateway, eventId);
      if (!event || event.processedAt) return;
      if (!event.type.startsWith('account.')) return deps.repo.markProcessed(gateway, eventId, 'recorded');
      const storedAsOf = await deps.repo.accountStateAsOf(gateway, event.objectId);
      if (storedAsOf !== null && event.eventCreated < storedAsOf)
        return deps.repo.markProcessed(gateway, eventId, 'stale');
      // The account is read from the gateway of the system whose secret verified the event (0039).
      const source = await deps.gateways.of(event.systemId, gateway).catch((error: unknown) => {
        if (error instanceof GatewayNotConfiguredError) return null;
        throw error;
      });
      if (!source) return deps.repo.markProcessed(gateway, eventId, 'recorded');
      const account = await source.retrieve('account', event.objectId);
      if (!account) return deps.repo.markProcessed(gateway, eventId, 'recorded');
      const saved = await deps.repo.saveAccountState(gateway, account, event.eventCreated);
      await deps.repo.markProcessed(gateway, eventId, saved ? 'applied' : 'stale');
    },
  };
}

export function sandboxWebhookHandler(
  deliveries: SandboxDeliveries,
): JobHandler<typeof sandboxWebhookJob.payload> {
  return {
    spec: sandboxWebhookJob,
    async handle({ eventId }) {
      const status = await deliveries.deliver(eventId);
      if (status < 200 || status >= 300)
        throw new Error(`webhook endpoint answered ${status} for ${eventId}`);
    },
  };
}
