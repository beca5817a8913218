import {
  apiErrorSchema,
  messageResponseSchema,
  salesListResponseSchema,
  setSalesRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import type { SalesRepository } from './sales-repository.js';

/** Set Sales Person: the system user (spec 2 §6). */
const SYSTEM_STAFF = (where: 'params' | 'body'): AccessRule => ({
  kind: 'user',
  action: 'sales.assign',
  scope: [{ in: where, field: 'companyID', resource: 'company' }],
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const ROLES = [
  ['salesRep', 'sales_rep'],
  ['salesAE', 'account_executive'],
  ['salesRef', 'referrer'],
] as const;

/** The sales staff of a system and their links to agencies. */
export const salesRoutes =
  (repo: SalesRepository, audit: AuditLog): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/configuration/sales/list/:companyID',
      {
        config: { access: SYSTEM_STAFF('params') },
        schema: {
          tags: ['sales'],
          params: z.object({ companyID: z.coerce.number().int() }),
          response: { 200: salesListResponseSchema, ...errors },
        },
      },
      async (request) => ({ data: await repo.salesOfSystem(principalOf(request).systemId) }),
    );

    app.put(
      '/configuration/sales',
      {
        config: { access: SYSTEM_STAFF('body') },
        schema: {
          tags: ['sales'],
          body: setSalesRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const agency = await repo.company(request.body.companyID);
        if (agency?.kind !== 'agency') throw notFound();
        const chosen = ROLES.map(([field]) => request.body[field]).filter((id): id is number => Boolean(id));
        const staff = await repo.salesAmong(p.systemId, chosen);
        const unknown = chosen.find((id) => !staff.some((s) => s.id === id));
        if (unknown !== undefined)
          throw badRequest('Choose a sales person of this platform.', {
            salesRep: 'not a sales person of this platform',
          });
        await repo.replaceLinks(
          agency.id,
          ROLES.flatMap(([field, role]) => {
            const salesUserId = request.body[field];
            return salesUserId ? [{ role, salesUserId }] : [];
          }),
        );
        await audit.record({
          systemId: p.systemId,
          companyId: agency.id,
          userId: p.userId,
          actorUserId: p.actorUserId,
          action: 'sales_set',
          category: 'settings',
          description: `Set the sales people of ${agency.name}`,
          ip: request.ip,
        });
        return { message: 'Data has been updated successfully' };
      },
    );
  };
