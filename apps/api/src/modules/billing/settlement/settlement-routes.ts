import {
  apiErrorSchema,
  manualBillSettlementRequestSchema,
  manualBillSettlementResponseSchema,
  SETTLEMENT_DONE,
  SETTLEMENT_FAILED,
} from '@app/contracts';
import { and, type Database, eq, isNull, users } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../../http-errors.js';
import { principalOf } from '../../../plugins/access.js';
import type { AuditLog } from '../../audit/index.js';
import type { Settlement } from './settle-payer.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * `PUT /general/manual-bill-settlement {userID}` (spec 2 §7, decision 0075): the person's company
 * pays its declined invoices now, on its current card. The person is scope-checked (another tenant's
 * id is 404); the policy lets company staff settle, never a client or sales person on the agency's money.
 */
export const settlementRoutes =
  (deps: { db: Database; settlement: Settlement; audit: AuditLog }): FastifyPluginAsyncZod =>
  async (app) => {
    app.put(
      '/general/manual-bill-settlement',
      {
        config: {
          access: {
            kind: 'user',
            action: 'payments.settle',
            scope: [{ in: 'body', field: 'userID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['payments'],
          body: manualBillSettlementRequestSchema,
          response: { 200: manualBillSettlementResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const [person] = await deps.db
          .select({ companyId: users.companyId })
          .from(users)
          .where(and(eq(users.id, request.body.userID), isNull(users.deletedAt)));
        if (!person?.companyId) throw notFound();
        const done = await deps.settlement.settle(person.companyId);
        if (done.paid > 0)
          await deps.audit.record({
            systemId: p.systemId,
            companyId: person.companyId,
            userId: p.userId,
            actorUserId: p.actorUserId,
            action: 'payment_settled',
            category: 'settings',
            description: `Settled ${done.paid} failed invoice payments; ${done.resumed} campaigns run again`,
            ip: request.ip,
          });
        if (done.failed > 0) throw badRequest(SETTLEMENT_FAILED);
        return {
          result: 'success' as const,
          message: SETTLEMENT_DONE,
          paid: done.paid,
          pending: done.pending,
          resumed: done.resumed,
        };
      },
    );
  };
