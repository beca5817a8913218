import {
  apiErrorSchema,
  billingCompanyParamsSchema,
  CARD_PAYMENT_PAGE_SIZE,
  CARD_PAYMENT_STATUS_LABELS,
  type CardPaymentListResponse,
  type Cents,
  cardPaymentListQuerySchema,
  cardPaymentListResponseSchema,
  centsToDollars,
} from '@app/contracts';
import { mayReadBilling } from '@app/policy';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../../http-errors.js';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { Principal } from '../../tenancy/index.js';
import type { PrepaidRefundRepository } from '../lots/prepaid-refund-repository.js';
import type { BillingRepository } from './billing-repository.js';

/** The payments module's read of a company's card charges (`payments.charges.ofCompany`). */
export type CardChargesOf = (
  companyId: number,
  limit: number,
  offset: number,
) => Promise<{
  rows: {
    id: number;
    createdAt: Date;
    description: string;
    amount: Cents;
    status: 'pending' | 'succeeded' | 'failed';
    chargeId: string | null;
    gateway: string;
    failureMessage: string | null;
  }[];
  total: number;
}>;

/**
 * A company's card payments (decision 0091): every charge made to its card, whole, newest first, with
 * what a refund gave back to the card from it.
 * Who reads them is who reads the company's billing (`mayReadBilling`); anyone else gets 404.
 */
export function createCardPayments(deps: {
  companies: Pick<BillingRepository, 'company'>;
  chargesOf: CardChargesOf;
  /** What refunds gave back to the company's card from each charge (prepaid refunds, decision 0078). */
  refunds: Pick<PrepaidRefundRepository, 'refundedFromCharges'>;
}) {
  return {
    async list(p: Principal, companyId: number, page = 1): Promise<CardPaymentListResponse> {
      const company = await deps.companies.company(p.systemId, companyId);
      if (!company || !mayReadBilling(p, { type: 'company', ...company })) throw notFound();
      const { rows, total } = await deps.chargesOf(
        companyId,
        CARD_PAYMENT_PAGE_SIZE,
        (page - 1) * CARD_PAYMENT_PAGE_SIZE,
      );
      const refunded = await deps.refunds.refundedFromCharges(
        p.systemId,
        companyId,
        rows.flatMap((r) => (r.chargeId ? [r.chargeId] : [])),
      );
      return {
        result: 'success',
        total,
        page,
        per_page: CARD_PAYMENT_PAGE_SIZE,
        payments: rows.map((r) => ({
          id: r.id,
          created_at: r.createdAt.toISOString(),
          description: r.description,
          amount: centsToDollars(r.amount),
          status: r.status,
          status_label: CARD_PAYMENT_STATUS_LABELS[r.status],
          reference: r.chargeId,
          gateway: r.gateway,
          failure: r.status === 'failed' ? r.failureMessage : null,
          refund: (() => {
            const back = r.chargeId ? refunded.get(r.chargeId) : undefined;
            return back ? { amount: centsToDollars(back.amount), refunded_at: back.at.toISOString() } : null;
          })(),
        })),
      };
    },
  };
}

export type CardPayments = ReturnType<typeof createCardPayments>;

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** `GET /billing/card-payments/company/{companyID}?page=`: the company is scope-checked, then the policy narrows. */
export const cardPaymentRoutes =
  (service: CardPayments): FastifyPluginAsyncZod =>
  async (app) => {
    const access: AccessRule = {
      kind: 'user',
      action: 'billing.read',
      scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
    };
    app.get(
      '/billing/card-payments/company/:companyID',
      {
        config: { access },
        schema: {
          tags: ['billing'],
          params: billingCompanyParamsSchema,
          querystring: cardPaymentListQuerySchema,
          response: { 200: cardPaymentListResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.list(principalOf(request), request.params.companyID, request.query.page ?? 1),
    );
  };
