import {
  apiErrorSchema,
  centsToDollars,
  createUserApiRequestSchema,
  developerSettingsResponseSchema,
  developerSettingsSchema,
  idParamSchema,
  userApiCreatedResponseSchema,
  userApiResponseSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import type { DeveloperRepository } from './developer-repository.js';
import type { KeyService } from './key-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const company = (where: 'params' | 'body') => [
  { in: where, field: 'companyID', resource: 'company' as const },
];

/**
 * The Developer screen's calls (spec 2 §7 "Open API (developer)", decision 0100): the key state,
 * making a key (the secret shown once), rotating and revoking it, and the system's developer fee.
 */
export const developerRoutes =
  (deps: {
    keys: KeyService;
    repo: DeveloperRepository;
    audit: AuditLog;
    /** The Open API's base address as a caller outside sees it (`…/api/v1`). */
    baseUrlOf: (request: FastifyRequest) => string;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { keys } = deps;

    app.post(
      '/v1/developer/create/userapi',
      {
        config: { access: { kind: 'user', action: 'developer.keys.create', scope: company('body') } },
        schema: {
          tags: ['developer'],
          body: createUserApiRequestSchema,
          response: { 200: userApiCreatedResponseSchema, ...errors },
        },
      },
      async (request) =>
        keys.create(principalOf(request), request.body.companyID, deps.baseUrlOf(request), request.ip),
    );

    app.get(
      '/v1/developer/userapi/:companyID',
      {
        config: { access: { kind: 'user', action: 'developer.read', scope: company('params') } },
        schema: {
          tags: ['developer'],
          params: z.object({ companyID: idParamSchema }),
          response: { 200: userApiResponseSchema, ...errors },
        },
      },
      async (request) => keys.state(request.params.companyID, deps.baseUrlOf(request)),
    );

    app.post(
      '/v1/developer/userapi/:companyID/rotate',
      {
        config: { access: { kind: 'user', action: 'developer.keys.rotate', scope: company('params') } },
        schema: {
          tags: ['developer'],
          params: z.object({ companyID: idParamSchema }),
          response: { 200: userApiCreatedResponseSchema, ...errors },
        },
      },
      async (request) =>
        keys.rotate(principalOf(request), request.params.companyID, deps.baseUrlOf(request), request.ip),
    );

    app.delete(
      '/v1/developer/userapi/:companyID',
      {
        config: { access: { kind: 'user', action: 'developer.keys.revoke', scope: company('params') } },
        schema: {
          tags: ['developer'],
          params: z.object({ companyID: idParamSchema }),
          response: { 200: z.object({ result: z.literal('success'), message: z.string() }), ...errors },
        },
      },
      async (request) => keys.revoke(principalOf(request), request.params.companyID, request.ip),
    );

    app.get(
      '/v1/developer/settings',
      {
        config: { access: { kind: 'user', action: 'developer.settings.read' } },
        schema: { tags: ['developer'], response: { 200: developerSettingsResponseSchema, ...errors } },
      },
      async (request) => ({
        result: 'success' as const,
        first_time_charge: centsToDollars(await deps.repo.feeOf(principalOf(request).systemId)),
      }),
    );

    app.put(
      '/v1/developer/settings',
      {
        config: { access: { kind: 'user', action: 'developer.settings.update' } },
        schema: {
          tags: ['developer'],
          body: developerSettingsSchema,
          response: { 200: developerSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const fee = request.body.first_time_charge;
        await deps.repo.setFee(p.systemId, fee, p.userId);
        await deps.audit.record({
          systemId: p.systemId,
          companyId: p.companyId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action: 'developer_fee_updated',
          category: 'settings',
          description: `Set the one-time developer fee to $${centsToDollars(fee)}`,
          ip: request.ip,
        });
        return { result: 'success' as const, first_time_charge: centsToDollars(fee) };
      },
    );
  };
