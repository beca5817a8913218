import {
  apiErrorSchema,
  paymentGatewayStateSchema,
  savePaymentGatewayRequestSchema,
  savePaymentGatewayResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { GatewayKeysService } from './gateway-keys-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * System Settings → Payment Gateway (decision 0039): the caller's own system's Stripe keys. No id is
 * sent — the system is the caller's — so nobody reaches another system's keys; the policy keeps it to
 * the system's staff, writes to those with the Settings update switch.
 */
export const gatewayKeysRoutes =
  (keys: GatewayKeysService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payments'];
    app.get(
      '/configuration/payment-gateway',
      {
        config: { access: { kind: 'user', action: 'paymentGateway.read' } },
        schema: {
          tags,
          summary: "The system's payment gateway and its Stripe keys (never the secrets)",
          response: { 200: paymentGatewayStateSchema, ...errors },
        },
      },
      async (request) => keys.state(principalOf(request).systemId),
    );

    app.put(
      '/configuration/payment-gateway',
      {
        config: { access: { kind: 'user', action: 'paymentGateway.update' } },
        schema: {
          tags,
          summary: "Sets the system's Stripe keys (a blank secret keeps the stored one)",
          body: savePaymentGatewayRequestSchema,
          response: { 200: savePaymentGatewayResponseSchema, ...errors },
        },
      },
      async (request) => keys.save(principalOf(request), request.body, request.ip),
    );

    app.delete(
      '/configuration/payment-gateway',
      {
        config: { access: { kind: 'user', action: 'paymentGateway.update' } },
        schema: {
          tags,
          summary: "Removes the system's Stripe keys (back to the deployment's default gateway)",
          response: { 200: savePaymentGatewayResponseSchema, ...errors },
        },
      },
      async (request) => keys.remove(principalOf(request), request.ip),
    );
  };
