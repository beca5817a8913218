import {
  apiErrorSchema,
  billingCompanyParamsSchema,
  billingDownloadQuerySchema,
  billingHistoryQuerySchema,
  billingHistoryResponseSchema,
  billingPartiesResponseSchema,
  billingUserParamsSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../../lib/csv-reply.js';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { BillingService } from './billing-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** Anyone may ask; the id is scope-checked here and `mayReadBilling` narrows it in the service. */
const readRule = (field: 'companyID' | 'usrID'): AccessRule => ({
  kind: 'user',
  action: 'billing.read',
  scope: [{ in: 'params', field, resource: field === 'companyID' ? 'company' : 'user' }],
});

/**
 * Billing history (decision 0035): a company's or a person's ledger accounts and statement pages,
 * their CSV, and the system staff's picker of the parties that hold accounts.
 */
export const billingRoutes =
  (service: BillingService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/billing/parties',
      {
        config: { access: { kind: 'user', action: 'billing.read.system' } },
        schema: { tags: ['billing'], response: { 200: billingPartiesResponseSchema, ...errors } },
      },
      async (request) => service.parties(principalOf(request)),
    );

    app.get(
      '/billing/history/company/:companyID',
      {
        config: { access: readRule('companyID') },
        schema: {
          tags: ['billing'],
          params: billingCompanyParamsSchema,
          querystring: billingHistoryQuerySchema,
          response: { 200: billingHistoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.history(
          principalOf(request),
          { type: 'company', id: request.params.companyID },
          request.query,
        ),
    );

    app.get(
      '/billing/history/user/:usrID',
      {
        config: { access: readRule('usrID') },
        schema: {
          tags: ['billing'],
          params: billingUserParamsSchema,
          querystring: billingHistoryQuerySchema,
          response: { 200: billingHistoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.history(principalOf(request), { type: 'user', id: request.params.usrID }, request.query),
    );

    app.get(
      '/billing/history-download/company/:companyID',
      {
        config: { access: readRule('companyID') },
        schema: {
          tags: ['billing'],
          params: billingCompanyParamsSchema,
          querystring: billingDownloadQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await service.download(
            principalOf(request),
            { type: 'company', id: request.params.companyID },
            request.query,
          ),
        ),
    );

    app.get(
      '/billing/history-download/user/:usrID',
      {
        config: { access: readRule('usrID') },
        schema: {
          tags: ['billing'],
          params: billingUserParamsSchema,
          querystring: billingDownloadQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await service.download(
            principalOf(request),
            { type: 'user', id: request.params.usrID },
            request.query,
          ),
        ),
    );
  };
