import {
  apiErrorSchema,
  dataWalletParamsSchema,
  dataWalletQuerySchema,
  dataWalletResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../../lib/csv-reply.js';
import type { DataWalletService } from './data-wallet-service.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };

/** The Data Wallet behind its beta gate (spec 2 §2, §7): the month's view and its CSV. */
export const dataWalletRoutes =
  (wallet: DataWalletService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/data-wallet/:company_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'dataWallet.read',
            scope: [{ in: 'params', field: 'company_id', resource: 'company' }],
          },
        },
        schema: {
          tags: ['data wallet'],
          params: dataWalletParamsSchema,
          querystring: dataWalletQuerySchema,
          response: { 200: dataWalletResponseSchema, ...errors },
        },
      },
      async (request) => wallet.read(request.params.company_id, request.query.month),
    );

    app.get(
      '/data-wallet-download/:company_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'dataWallet.read',
            scope: [{ in: 'params', field: 'company_id', resource: 'company' }],
          },
        },
        schema: {
          tags: ['data wallet'],
          description: "The month's wallet history as CSV (the modal's download)",
          params: dataWalletParamsSchema,
          querystring: dataWalletQuerySchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(reply, await wallet.download(request.params.company_id, request.query.month)),
    );
  };
