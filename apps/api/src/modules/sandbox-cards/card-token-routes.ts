import {
  apiErrorSchema,
  type SandboxCardTokenRequest,
  sandboxCardTokenRequestSchema,
  sandboxCardTokenResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import { GatewayError, type SandboxGateway } from '../../providers/payments/index.js';

/** Which form field a sandbox refusal is about (the gateway names its own request parameters). */
const FIELD_OF_PARAM: Record<string, keyof SandboxCardTokenRequest | 'expiry'> = {
  number: 'number',
  exp_month: 'expiry',
  exp_year: 'expiry',
};

/**
 * `POST /payment/sandbox/card-token`: the sandbox's stand-in for Stripe.js. The card form sends the
 * typed test card here and gets a single-use token, which it then sends to `/payment/customer` or
 * `/payment/card` exactly as a Stripe token would be sent. Only test numbers are accepted, so a real
 * card number is refused and never stored. Signed-in people only (it writes a row).
 */
export const cardTokenRoutes =
  (sandbox: SandboxGateway): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/payment/sandbox/card-token',
      {
        config: { access: { kind: 'user', action: 'account.update' } },
        schema: {
          tags: ['payments'],
          summary: 'Sandbox: turn a typed test card into a card token',
          body: sandboxCardTokenRequestSchema,
          response: {
            200: sandboxCardTokenResponseSchema,
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request) => {
        const body = request.body;
        try {
          const tokenid = await sandbox.createCardToken({
            number: body.number,
            expMonth: body.exp_month,
            expYear: body.exp_year,
            holderName: body.cardholder,
          });
          return { tokenid };
        } catch (error) {
          if (!(error instanceof GatewayError) || error.code !== 'invalid_request') throw error;
          const field = FIELD_OF_PARAM[error.param ?? ''] ?? 'number';
          throw badRequest(error.message, { [field]: error.message });
        }
      },
    );
  };
