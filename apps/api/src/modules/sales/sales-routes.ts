import {
  apiErrorSchema,
  messageResponseSchema,
  salesListResponseSchema,
  setSalesRequestSchema,
} from '@app/contracts';
import { and, asc, companies, companySalesLinks, type Database, eq, inArray, isNull, users } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/audit-log.js';

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
  (db: Database, audit: AuditLog): FastifyPluginAsyncZod =>
  async (app) => {
    const salesOfSystem = (systemId: number) =>
      db
        .select({ id: users.id, name: users.name, isAccExecutive: users.isAccExecutive })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.userType, 'sales'), isNull(users.deletedAt)))
        .orderBy(asc(users.name));

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
      async (request) => ({ data: await salesOfSystem(principalOf(request).systemId) }),
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
        const [agency] = await db.select().from(companies).where(eq(companies.id, request.body.companyID));
        if (agency?.kind !== 'agency') throw notFound();
        const chosen = ROLES.map(([field]) => request.body[field]).filter((id): id is number => Boolean(id));
        const staff = chosen.length
          ? await db
              .select({ id: users.id })
              .from(users)
              .where(
                and(inArray(users.id, chosen), eq(users.systemId, p.systemId), eq(users.userType, 'sales')),
              )
          : [];
        const unknown = chosen.find((id) => !staff.some((s) => s.id === id));
        if (unknown !== undefined)
          throw badRequest('Choose a sales person of this platform.', {
            salesRep: 'not a sales person of this platform',
          });
        await db.transaction(async (tx) => {
          await tx.delete(companySalesLinks).where(eq(companySalesLinks.companyId, agency.id));
          const links = ROLES.flatMap(([field, role]) => {
            const salesUserId = request.body[field];
            return salesUserId ? [{ companyId: agency.id, role, salesUserId }] : [];
          });
          if (links.length) await tx.insert(companySalesLinks).values(links);
        });
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
