import {
  apiErrorSchema,
  billingCompanyParamsSchema,
  invoiceListQuerySchema,
  invoiceListResponseSchema,
  invoicePdfParamsSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { InvoiceService } from './invoice-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Anyone may ask; the company is scope-checked here and `mayReadBilling` narrows it in the service. */
const readRule: AccessRule = {
  kind: 'user',
  action: 'billing.read',
  scope: [{ in: 'params', field: 'companyID', resource: 'company' }],
};

/** A company's invoices (decision 0074) and one invoice as PDF. */
export const invoiceRoutes =
  (service: InvoiceService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/billing/invoices/company/:companyID',
      {
        config: { access: readRule },
        schema: {
          tags: ['billing'],
          params: billingCompanyParamsSchema,
          querystring: invoiceListQuerySchema,
          response: { 200: invoiceListResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.list(principalOf(request), request.params.companyID, request.query.page ?? 1),
    );

    app.get(
      '/billing/invoice-pdf/company/:companyID/:invoiceID',
      {
        config: { access: readRule },
        schema: {
          tags: ['billing'],
          description: 'One invoice as PDF',
          params: invoicePdfParamsSchema,
          response: errors,
        },
      },
      async (request, reply) => {
        const { body, fileName } = await service.pdf(
          principalOf(request),
          request.params.companyID,
          request.params.invoiceID,
        );
        return reply
          .header('content-type', 'application/pdf')
          .header('content-disposition', `attachment; filename="${fileName}"`)
          .header('cache-control', 'no-store')
          .send(body as never);
      },
    );
  };
