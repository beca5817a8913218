import {
  apiErrorSchema,
  companyGroupListResponseSchema,
  GROUP_NAME_TAKEN,
  messageResponseSchema,
  moduleSchema,
  saveCompanyGroupRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import type { AccessRule, SignedInRule } from '../../plugins/access.js';
import type { GroupRepository } from './group-repository.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const companyIn = (where: 'params' | 'body', action: SignedInRule['action']): AccessRule => ({
  kind: 'user',
  action,
  scope: [{ in: where, field: 'companyID', resource: 'company' }],
});

/**
 * Company groups (`/company/group…`). The company is scope-checked by the access rule; a group id
 * must belong to a company in scope (the `group` scope check), else 404. Anyone may read the groups
 * of a company in their scope, and a client those of its agency; those who manage its clients
 * create, rename and delete them.
 */
export const groupRoutes =
  (groups: GroupRepository): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/company/group/:companyID/:module',
      {
        // Read-only, so the company may also be the one the caller's group list comes from (a client
        // reads its agency's groups, spec 2 §6): the `groupList` scope check asks the policy.
        config: {
          access: {
            kind: 'user',
            action: 'groups.read',
            scope: [{ in: 'params', field: 'companyID', resource: 'groupList' }],
          },
        },
        schema: {
          tags: ['groups'],
          params: z.object({
            companyID: z.coerce.number().int(),
            module: z.union([moduleSchema, z.literal('all')]),
          }),
          response: { 200: companyGroupListResponseSchema, ...errors },
        },
      },
      async (request) => {
        const rows = await groups.list(request.params.companyID, request.params.module);
        return {
          result: 'success' as const,
          params: rows.map((g) => ({ id: g.id, group_name: g.name, module: g.module })),
        };
      },
    );

    app.post(
      '/company/group',
      {
        config: {
          // One call creates (no id) or renames a group: each needs its own switch.
          access: companyIn('body', {
            oneOf: ['groups.create', 'groups.update'],
            choose: (body) => (body.companyGroupID ? 'groups.update' : 'groups.create'),
          }),
        },
        schema: {
          tags: ['groups'],
          body: saveCompanyGroupRequestSchema,
          response: { 200: messageResponseSchema.extend({ id: z.number().int() }), ...errors },
        },
      },
      async (request) => {
        const { companyGroupID, companyGroupName, companyID, moduleID } = request.body;
        const values = { name: companyGroupName, module: moduleID };
        const taken = () => badRequest(GROUP_NAME_TAKEN, { companyGroupName: GROUP_NAME_TAKEN });
        if (companyGroupID) {
          const renamed = await groups.rename(companyID, companyGroupID, values);
          if (renamed === 'name_taken') throw taken();
          if (!renamed) throw notFound();
          return { message: 'Data has been updated successfully', id: companyGroupID };
        }
        const id = await groups.create(companyID, values);
        if (id === 'name_taken') throw taken();
        return { message: 'Data has been added successfully', id };
      },
    );

    app.delete(
      '/company/group/remove/:companyGroupID',
      {
        config: {
          access: {
            kind: 'user',
            action: 'groups.delete',
            scope: [{ in: 'params', field: 'companyGroupID', resource: 'group' }],
          },
        },
        schema: {
          tags: ['groups'],
          params: z.object({ companyGroupID: z.coerce.number().int() }),
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await groups.remove(request.params.companyGroupID);
        return { message: 'Deleted!' };
      },
    );
  };
