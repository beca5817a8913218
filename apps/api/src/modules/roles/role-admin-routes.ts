import type { UserType } from '@app/contracts';
import {
  apiErrorSchema,
  removeRoleParamsSchema,
  removeRoleResponseSchema,
  saveRoleRequestSchema,
  saveRoleResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { principalOf } from '../identity/identity-routes.js';
import type { RoleService } from './role-service.js';

/** Company staff: root-company and agency people who may hold the settings permissions. */
const STAFF: readonly UserType[] = ['root', 'admin', 'userdownline', 'user', 'administrator'];
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * Role add/update and removal (spec 2 §7). The company id is scope-checked by the access rule; the
 * service checks that it is a root company or agency, that the role belongs to it and the caller's
 * settings permission (create or update, decided by roleID; delete is on the rule).
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
            userTypes: STAFF,
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
            userTypes: STAFF,
            scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
            permission: { module: 'settings', action: 'delete' },
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
