import type { Cents } from '@app/contracts';
import {
  apiErrorSchema,
  createMinimumSpendPlanRequestSchema,
  deleteMinimumSpendPlanRequestSchema,
  minimumSpendListQuerySchema,
  minimumSpendListResponseSchema,
  minimumSpendPlanResponseSchema,
  minimumSpendSettingResponseSchema,
  minimumSpendUserQuerySchema,
  minimumSpendUserResponseSchema,
  savedResponseSchema,
  setDefaultMinimumSpendRequestSchema,
  updateMinimumSpendPlanRequestSchema,
  updateMinimumSpendSettingRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { MinimumSpendService } from './minimum-spend-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Root-only calls (spec 2 §6): root-company staff; the service also requires the master system. */
const rootRule = (action: 'read.plans' | 'create' | 'update' | 'delete' = 'read.plans'): AccessRule => ({
  kind: 'user',
  action: `minimumSpend.${action}`,
  scope: [],
});

const planValues = (b: { planName: string; months: number; flatMonth: Cents }) => ({
  name: b.planName,
  months: b.months,
  flatMonthCents: b.flatMonth,
});

/**
 * Minimum-spend plans (`/general/minimum-spend-config`, the spec's paths), the default plan, the
 * system's root minimum-spend setting (`/general/minimum-spend-setting`, our path) and the plan that
 * applies to an agency (`/general/minimum-spend-user`).
 */
export const minimumSpendRoutes =
  (service: MinimumSpendService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/general/minimum-spend-config',
      {
        config: { access: rootRule() },
        schema: {
          tags: ['minimum spend'],
          querystring: minimumSpendListQuerySchema,
          response: { 200: minimumSpendListResponseSchema, ...errors },
        },
      },
      async (request) => service.list(principalOf(request), request.query.page, request.query.PerPage),
    );

    app.post(
      '/general/minimum-spend-config',
      {
        config: { access: rootRule('create') },
        schema: {
          tags: ['minimum spend'],
          body: createMinimumSpendPlanRequestSchema,
          response: { 200: minimumSpendPlanResponseSchema, ...errors },
        },
      },
      async (request) => service.create(principalOf(request), planValues(request.body), request.ip),
    );

    app.put(
      '/general/minimum-spend-config',
      {
        // The plan id is looked up within the caller's system (404 otherwise).
        config: { access: rootRule('update') },
        schema: {
          tags: ['minimum spend'],
          body: updateMinimumSpendPlanRequestSchema,
          response: { 200: minimumSpendPlanResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.update(
          principalOf(request),
          request.body.idMinimumSpend,
          planValues(request.body),
          request.ip,
        ),
    );

    app.delete(
      '/general/minimum-spend-config',
      {
        config: { access: rootRule('delete') },
        schema: {
          tags: ['minimum spend'],
          body: deleteMinimumSpendPlanRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => service.remove(principalOf(request), request.body.idMinimumSpend, request.ip),
    );

    app.put(
      '/general/set-default-minimum-spend-config',
      {
        config: { access: rootRule('update') },
        schema: {
          tags: ['minimum spend'],
          body: setDefaultMinimumSpendRequestSchema,
          response: { 200: minimumSpendPlanResponseSchema, ...errors },
        },
      },
      async (request) => service.setDefault(principalOf(request), request.body.id, request.ip),
    );

    app.get(
      '/general/minimum-spend-setting',
      {
        config: { access: rootRule() },
        schema: { tags: ['minimum spend'], response: { 200: minimumSpendSettingResponseSchema, ...errors } },
      },
      async (request) => service.setting(principalOf(request)),
    );

    app.put(
      '/general/minimum-spend-setting',
      {
        config: { access: rootRule('update') },
        schema: {
          tags: ['minimum spend'],
          body: updateMinimumSpendSettingRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => service.saveSetting(principalOf(request), request.body, request.ip),
    );

    app.get(
      '/general/minimum-spend-user',
      {
        config: {
          access: {
            kind: 'user',
            action: 'minimumSpend.read',
            scope: [{ in: 'query', field: 'company_id', resource: 'company' }],
          },
        },
        schema: {
          tags: ['minimum spend'],
          querystring: minimumSpendUserQuerySchema,
          response: { 200: minimumSpendUserResponseSchema, ...errors },
        },
      },
      async (request) => service.planOf(request.query.company_id),
    );
  };
