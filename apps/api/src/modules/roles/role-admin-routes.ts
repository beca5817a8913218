import {
  apiErrorSchema,
  removeRoleParamsSchema,
  removeRoleResponseSchema,
  saveRoleRequestSchema,
  saveRoleResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../../plugins/access.js';
import type { RoleService } from './role-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Role add/update and removal (spec 2 §7). The company id is scope-checked by the access rule; the
 * service checks that it is a root company or agency and that the role belongs to it.
 */
export const roleAdminRoutes =
  (service: RoleService): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/configuration/role-module/addupdate',
      {
        config: {
          access: {
            kind: 'user',
            // One call creates (no roleID) or updates a role: each needs its own switch.
            action: {
              oneOf: ['roles.create', 'roles.update'],
              choose: (body) => (body.roleID ? 'roles.update' : 'roles.create'),
            },
            scope: [{ in: 'body', field: 'companyID', resource: 'company' }],
          },
        },
        schema: {
          tags: ['roles'],
          body: saveRoleRequestSchema,
          response: { 200: saveRoleResponseSchema, ...errors },
        },
      },
      async (request) => service.save(principalOf(request), request.body, request.ip),
    );

    app.delete(
      '/configuration/role-module/remove/:companyID/:roleID',
      {
        config: {
          access: {
            kind: 'user',
            action: 'roles.delete',
            scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
          },
        },
        schema: {
          tags: ['roles'],
          params: removeRoleParamsSchema,
          response: { 200: removeRoleResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.remove(principalOf(request), request.params.companyID, request.params.roleID, request.ip),
    );
  };
