import {
  apiErrorSchema,
  centsToDollars,
  manualBillSettlementRequestSchema,
  manualBillSettlementResponseSchema,
  paymentFailuresParamsSchema,
  paymentFailuresResponseSchema,
  SETTLEMENT_DONE,
  SETTLEMENT_FAILED,
  SETTLEMENT_START_OWED,
} from '@app/contracts';
import { and, type Database, eq, isNull, users } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../../http-errors.js';
import { principalOf } from '../../../plugins/access.js';
import type { AuditLog } from '../../audit/index.js';
import type { PaymentFailureRepository } from '../../payments/index.js';
import type { Settlement } from './settle-payer.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/**
 * `PUT /general/manual-bill-settlement {userID}` (spec 2 §7, decision 0075): the person's company
 * pays its declined invoices now, on its current card. The person is scope-checked (another tenant's
 * id is 404); the policy lets company staff settle, never a client or sales person on the agency's money.
 */
export const settlementRoutes =
  (deps: {
    db: Database;
    settlement: Settlement;
    audit: AuditLog;
    failures: Pick<PaymentFailureRepository, 'openOf'>;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    const companyOf = async (userId: number) => {
      const [person] = await deps.db
        .select({ companyId: users.companyId })
        .from(users)
        .where(and(eq(users.id, userId), isNull(users.deletedAt)));
      if (!person?.companyId) throw notFound();
      return person.companyId;
    };

    // The payment-failed modal's facts: the failed campaigns and their total, from the open rows.
    app.get(
      '/general/payment-failures/:userID',
      {
        config: {
          access: {
            kind: 'user',
            action: 'payments.settle',
            scope: [{ in: 'params', field: 'userID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['payments'],
          params: paymentFailuresParamsSchema,
          response: { 200: paymentFailuresResponseSchema, ...errors },
        },
      },
      async (request) => {
        const open = await deps.failures.openOf(await companyOf(request.params.userID));
        return {
          result: 'success' as const,
          campaigns: open.campaignPublicIds,
          amount: centsToDollars(open.total),
        };
      },
    );

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
        const companyId = await companyOf(request.body.userID);
        const done = await deps.settlement.settle(companyId);
        if (done.paid > 0)
          await deps.audit.record({
            systemId: p.systemId,
            companyId,
            userId: p.userId,
            actorUserId: p.actorUserId,
            action: 'payment_settled',
            category: 'settings',
            description: `Settled ${done.paid} failed invoice payments; ${done.resumed} campaigns run again`,
            ip: request.ip,
          });
        if (done.failed > 0) throw badRequest(SETTLEMENT_FAILED);
        // Nothing in flight, yet something still owed: a declined start, which only a new start pays.
        if (done.pending === 0 && (await deps.failures.openOf(companyId)).count > 0)
          throw badRequest(SETTLEMENT_START_OWED);
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
