import { apiErrorSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { PUBLIC } from '../../plugins/access.js';
import { type PaymentGateway, WebhookSignatureError } from '../../providers/payments/gateway.js';
import type { PaymentEventRepository } from './payment-event-repository.js';
import { processPaymentEventJob } from './payment-jobs.js';

/**
 * `POST /payment/webhook/{gateway}`: the gateway's signed events. The body is kept as the exact bytes
 * received (the signature covers them), checked, stored once by event id, and processed by a job, so
 * the answer is quick and a repeated delivery is a no-op.
 */
export const webhookRoutes =
  (deps: { gateway: PaymentGateway; repo: PaymentEventRepository; queue: JobQueue }): FastifyPluginAsyncZod =>
  async (app) => {
    // In this plugin only: JSON stays a string, for the signature check.
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/payment/webhook/:gateway',
      {
        config: { access: PUBLIC, envelope: false },
        schema: {
          tags: ['payments'],
          summary: "A payment gateway's signed webhook event (sandbox or Stripe)",
          params: z.object({ gateway: z.string().max(40) }),
          response: {
            200: z.object({ received: z.literal(true), duplicate: z.boolean() }),
            400: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const { gateway, repo, queue } = deps;
        if (request.params.gateway !== gateway.name)
          throw notFound(`The ${request.params.gateway} payment gateway is not the one configured.`);
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const signature = request.headers[gateway.signatureHeader];
        const event = await gateway
          .verifyWebhook(rawBody, typeof signature === 'string' ? signature : undefined)
          .catch((err: unknown) => {
            throw err instanceof WebhookSignatureError ? badRequest(err.message) : err;
          });
        const stored = await repo.store(gateway.name, event);
        // A repeat of an event not yet processed queues it again: the job is idempotent, and this
        // covers a first delivery whose job was never queued.
        if (!stored.processed)
          await queue.enqueue(processPaymentEventJob, { gateway: gateway.name, eventId: event.id });
        return { received: true as const, duplicate: !stored.first };
      },
    );
  };
