import {
  apiErrorSchema,
  type BetaFeatureId,
  betaFeatureListResponseSchema,
  betaFeatureParamsSchema,
  featureGateResponseSchema,
  SETTING_SAVED,
  savedResponseSchema,
  updateBetaFeatureRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { BetaFeatureService } from './beta-feature-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Beta features of a system (system staff) and the gate of a feature for the caller (spec 2 §4). */
export const betaFeatureRoutes =
  (beta: BetaFeatureService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/beta-features',
      {
        config: { access: { kind: 'user', action: 'betaFeatures.read' } },
        schema: { tags: ['beta features'], response: { 200: betaFeatureListResponseSchema, ...errors } },
      },
      async (request) => beta.list(principalOf(request).systemId),
    );

    app.put(
      '/configuration/beta-features/:feature_id',
      {
        config: { access: { kind: 'user', action: 'betaFeatures.update' } },
        schema: {
          tags: ['beta features'],
          params: betaFeatureParamsSchema,
          body: updateBetaFeatureRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        await beta.update(
          {
            systemId: p.systemId,
            userId: p.actorUserId ?? p.userId,
            featureId: request.params.feature_id as BetaFeatureId,
          },
          request.body,
        );
        return { result: 'success' as const, message: SETTING_SAVED };
      },
    );

    app.get(
      '/beta-feature/gate/:feature_id',
      {
        config: { access: { kind: 'user', action: 'betaFeatures.gate' } },
        schema: {
          tags: ['beta features'],
          params: betaFeatureParamsSchema,
          response: { 200: featureGateResponseSchema, ...errors },
        },
      },
      async (request) =>
        beta.gateOf(principalOf(request).companyId, request.params.feature_id as BetaFeatureId),
    );
  };
