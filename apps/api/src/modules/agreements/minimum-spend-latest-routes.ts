import {
  apiErrorSchema,
  minimumSpendLatestParamsSchema,
  minimumSpendLatestResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { MinimumSpendAgreements } from './minimum-spend-agreements.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * `GET /agreement-minimum-spend-latest/{company_id}` (spec 2 §7): which current agreement versions the
 * agency has accepted. The company is checked against the caller's scope (another tenant's: 404);
 * the action admits company staff, so a client or sales user is refused.
 */
export const minimumSpendLatestRoutes =
  (agreements: MinimumSpendAgreements): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/agreement-minimum-spend-latest/:company_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'minimumSpend.read',
            scope: [{ in: 'params', field: 'company_id', resource: 'company' }],
          },
        },
        schema: {
          tags: ['agreements', 'minimum spend'],
          params: minimumSpendLatestParamsSchema,
          response: { 200: minimumSpendLatestResponseSchema, ...errors },
        },
      },
      async (request) => agreements.latest(request.params.company_id),
    );
  };
