import {
  apiErrorSchema,
  companyGroupListResponseSchema,
  messageResponseSchema,
  moduleSchema,
  saveCompanyGroupRequestSchema,
} from '@app/contracts';
import { and, companyGroups, type Database, eq, firstRow } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import type { AccessRule } from '../../plugins/access.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const companyIn = (where: 'params' | 'body'): AccessRule => ({
  kind: 'user',
  userTypes: 'any',
  scope: [{ in: where, field: 'companyID', resource: 'company' }],
});

/**
 * Company groups (`/company/group…`). The company is scope-checked by the access rule; a group id
 * must belong to a company in scope (the `group` scope check), else 404.
 */
export const groupRoutes =
  (db: Database): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/company/group/:companyID/:module',
      {
        config: { access: companyIn('params') },
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
        const { companyID, module } = request.params;
        const rows = await db
          .select()
          .from(companyGroups)
          .where(
            and(
              eq(companyGroups.companyId, companyID),
              module === 'all' ? undefined : eq(companyGroups.module, module),
            ),
          )
          .orderBy(companyGroups.name);
        return {
          result: 'success' as const,
          params: rows.map((g) => ({ id: g.id, group_name: g.name, module: g.module })),
        };
      },
    );

    app.post(
      '/company/group',
      {
        config: { access: companyIn('body') },
        schema: {
          tags: ['groups'],
          body: saveCompanyGroupRequestSchema,
          response: { 200: messageResponseSchema.extend({ id: z.number().int() }), ...errors },
        },
      },
      async (request) => {
        const { companyGroupID, companyGroupName, companyID, moduleID } = request.body;
        if (companyGroupID) {
          const updated = await db
            .update(companyGroups)
            .set({ name: companyGroupName, module: moduleID })
            .where(and(eq(companyGroups.id, companyGroupID), eq(companyGroups.companyId, companyID)))
            .returning({ id: companyGroups.id });
          if (updated.length === 0) throw notFound();
          return { message: 'Data has been updated successfully', id: companyGroupID };
        }
        const created = firstRow(
          await db
            .insert(companyGroups)
            .values({ companyId: companyID, name: companyGroupName, module: moduleID })
            .returning({ id: companyGroups.id }),
          'company group',
        );
        return { message: 'Data has been added successfully', id: created.id };
      },
    );

    app.delete(
      '/company/group/remove/:companyGroupID',
      {
        config: {
          access: {
            kind: 'user',
            userTypes: 'any',
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
        await db.delete(companyGroups).where(eq(companyGroups.id, request.params.companyGroupID));
        return { message: 'Deleted!' };
      },
    );
  };
