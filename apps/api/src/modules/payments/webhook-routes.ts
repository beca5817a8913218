import { apiErrorSchema } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { PUBLIC } from '../../plugins/access.js';
import { GATEWAY_NAMES, type GatewayName, WebhookSignatureError } from '../../providers/payments/gateway.js';
import {
  type GatewayDirectory,
  GatewayNotConfiguredError,
} from '../../providers/payments/gateway-directory.js';
import type { PaymentEventRepository } from './payment-event-repository.js';
import { processPaymentEventJob } from './payment-jobs.js';

/** How the webhook endpoint finds the system an event is for (decision 0039). */
export interface WebhookSystems {
  /** The system a request host belongs to (an unknown host: the master system, as for pages). */
  ofHost(host: string): Promise<number>;
  exists(systemId: number): Promise<boolean>;
}

/**
 * `POST /payment/webhook/{gateway}` and `POST /payment/webhook/{gateway}/{system}`: the gateway's
 * signed events. The body is kept as the exact bytes received (the signature covers them), checked
 * with the secret of the system the event is for — the one named in the path, else the request host's
 * (decision 0039); the sandbox has one secret of its own — stored once by event id, and processed by a
 * job, so the answer is quick and a repeated delivery is a no-op.
 */
export const webhookRoutes =
  (deps: {
    gateways: Pick<GatewayDirectory, 'of'>;
    systems: WebhookSystems;
    repo: PaymentEventRepository;
    queue: JobQueue;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // In this plugin only: JSON stays a string, for the signature check.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    const responses = {
      200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
      400: apiErrorSchema,
      404: apiErrorSchema,
    };

    async function receive(request: FastifyRequest, name: string, systemParam: string | undefined) {
      if (!(GATEWAY_NAMES as readonly string[]).includes(name))
        throw notFound(`There is no ${name} payment gateway.`);
      const gatewayName = name as GatewayName;
      let systemId: number | null = null;
      if (gatewayName !== 'sandbox') {
        systemId =
          systemParam === undefined ? await deps.systems.ofHost(request.hostname) : Number(systemParam);
        if (systemParam !== undefined && !(await deps.systems.exists(systemId)))
          throw notFound('There is no such system.');
      }
      const gateway = await deps.gateways.of(systemId, gatewayName).catch((err: unknown) => {
        throw err instanceof GatewayNotConfiguredError
          ? notFound(`The ${gatewayName} payment gateway is not configured for this system.`)
          : err;
      });
      const rawBody = typeof request.body === 'string' ? request.body : '';
      const signature = request.headers[gateway.signatureHeader];
      const event = await gateway
        .verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined)
        .catch((err: unknown) => {
          throw err instanceof WebhookSignatureError ? badRequest(err.message) : err;
        });
      const stored = await deps.repo.store(gatewayName, systemId, event);
      // A repeat of an event not yet processed queues it again: the job is idempotent, and this
      // covers a first delivery whose job was never queued.
      if (!stored.processed)
        await deps.queue.enqueue(processPaymentEventJob, { gateway: gatewayName, eventId: event.id });
      return { received: true as const, duplicate: !stored.first };
    }

    app.post(
      '/payment/webhook/:gateway',
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          tags: ['payments'],
          summary: "A payment gateway's signed webhook event, for the request host's system",
          params: z.object({ gateway: z.string().max(40) }),
          response: responses,
        },
      },
      (request) => receive(request, request.params.gateway, undefined),
    );
    app.post(
      '/payment/webhook/:gateway/:system',
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          tags: ['payments'],
          summary: "A payment gateway's signed webhook event for the system named by its id",
          params: z.object({ gateway: z.string().max(40), system: z.string().regex(/^[1-9][0-9]{0,8}$/) }),
          response: responses,
        },
      },
      (request) => receive(request, request.params.gateway, request.params.system),
    );
  };
