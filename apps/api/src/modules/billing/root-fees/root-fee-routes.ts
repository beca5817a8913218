import { apiErrorSchema, rootFeesQuerySchema, rootFeesResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { ReadRootFees } from './read-statements.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
/** A system's owners (root company owner and system users); everyone else 404, as reconciliation. */
const ownerRule: AccessRule = { kind: 'user', action: 'billing.rootFees' };

/** Root-fee statements between systems (decision 0081). */
export const rootFeeRoutes =
  (read: ReadRootFees): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/root-fees',
      {
        config: { access: ownerRule },
        schema: {
          tags: ['billing'],
          summary: 'What non-master systems owe the master system in root fees, per month',
          querystring: rootFeesQuerySchema,
          response: { 200: rootFeesResponseSchema, ...errors },
        },
      },
      async (request) => read(principalOf(request), request.query.system_id),
    );
  };
