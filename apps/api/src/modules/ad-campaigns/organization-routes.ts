import {
  apiErrorSchema,
  createOrganizationRequestSchema,
  organizationParamsSchema,
  organizationSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import type { ModuleAccess } from '../tenancy/index.js';
import type { Organizations } from './organizations.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
};
const rule = (action: Extract<AccessRule, { kind: 'user' }>['action'], ...scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});
const companyIn = (where: ScopedId['in'], field: string): ScopedId => ({
  in: where,
  field,
  resource: 'company',
});
const tags = ['simplifi'];

/** The marketing organisation calls (spec 2 §7): a company's organisation at the ad platform. */
export const organizationRoutes =
  (deps: {
    organizations: Organizations;
    moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const { organizations } = deps;
    const ok = z.object({ result: z.literal('success'), message: z.string() });

    app.get(
      '/marketing/getorganization/:id/:type',
      {
        config: { access: rule('adOrganizations.read', companyIn('params', 'id')) },
        schema: {
          tags,
          params: organizationParamsSchema,
          response: {
            200: z.object({ result: z.literal('success'), data: organizationSchema.nullable() }),
            ...errors,
          },
        },
      },
      async (request) => {
        await deps.moduleAccess.requireReadable(principalOf(request), 'simplifi');
        return organizations.get(request.params.id, request.params.type);
      },
    );

    app.post(
      '/marketing/createorganization',
      {
        config: { access: rule('adOrganizations.manage', companyIn('body', 'companyID')) },
        schema: {
          tags,
          body: createOrganizationRequestSchema,
          response: { 200: ok.extend({ data: organizationSchema }), ...errors },
        },
      },
      async (request) => {
        await deps.moduleAccess.requireReadable(principalOf(request), 'simplifi');
        return organizations.create(request.body);
      },
    );

    app.delete(
      '/marketing/deleteorganization/:id',
      {
        config: { access: rule('adOrganizations.manage', companyIn('params', 'id')) },
        schema: {
          tags,
          params: organizationParamsSchema.pick({ id: true }),
          response: { 200: ok, ...errors },
        },
      },
      async (request) => {
        await deps.moduleAccess.requireReadable(principalOf(request), 'simplifi');
        return organizations.remove(request.params.id);
      },
    );
  };
