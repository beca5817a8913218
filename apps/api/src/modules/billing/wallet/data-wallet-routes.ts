import {
  apiErrorSchema,
  chargeDataWalletRequestSchema,
  chargeDataWalletResponseSchema,
  dataWalletDownloadParamsSchema,
  dataWalletHistoryResponseSchema,
  dataWalletQuerySchema,
  dataWalletResponseSchema,
  saveDataWalletRequestSchema,
  savedResponseSchema,
  stopContinualTopupRequestSchema,
  stopContinualTopupResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sendCsv } from '../../../lib/csv-reply.js';
import { type AccessRule, principalOf } from '../../../plugins/access.js';
import type { ManualTopUp } from './manual-topup.js';
import type { WalletAgencyOf } from './wallet-agency.js';
import type { WalletSettings } from './wallet-settings.js';
import type { WalletView } from './wallet-view.js';

const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 403: apiErrorSchema, 404: apiErrorSchema };
const BASE = '/configuration/agencies/prepaid';

/** Every wallet route names the agency's company id, scope-checked where it arrives. */
const rule = (
  action: 'dataWallet.read' | 'dataWallet.update' | 'dataWallet.charge',
  where: 'query' | 'params' | 'body',
): AccessRule => ({ kind: 'user', action, scope: [{ in: where, field: 'company_id', resource: 'company' }] });

/**
 * The Data Wallet at the spec's paths (spec 2 §7 "Minimum spend and prepaid"; decision 0073): the
 * modal's view, its month's history and CSV, the settings, continual top-up and the top-up itself.
 * Each asks `walletAgency` first: only an agency with the gate open has a wallet.
 */
export const dataWalletRoutes =
  (deps: {
    walletAgency: WalletAgencyOf;
    view: WalletView;
    settings: WalletSettings;
    chargeTopUp: ManualTopUp;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      `${BASE}/get-direct-payment`,
      {
        config: { access: rule('dataWallet.read', 'query') },
        schema: {
          tags: ['data wallet'],
          description: "The settings, the balance and a month's history (date YYYY-MM, default this month)",
          querystring: dataWalletQuerySchema,
          response: { 200: dataWalletResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.view.read(await deps.walletAgency(request.query.company_id), request.query.date),
    );

    app.get(
      `${BASE}/get-transaction-history-direct-payment`,
      {
        config: { access: rule('dataWallet.read', 'query') },
        schema: {
          tags: ['data wallet'],
          querystring: dataWalletQuerySchema,
          response: { 200: dataWalletHistoryResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.view.history(await deps.walletAgency(request.query.company_id), request.query.date),
    );

    app.get(
      `${BASE}/download-transaction-history-direct-payment/:company_id/:date?`,
      {
        config: { access: rule('dataWallet.read', 'params') },
        schema: {
          tags: ['data wallet'],
          description: "A month's history as CSV (an empty date: this month)",
          params: dataWalletDownloadParamsSchema,
          response: errors,
        },
      },
      async (request, reply) =>
        sendCsv(
          reply,
          await deps.view.download(await deps.walletAgency(request.params.company_id), request.params.date),
        ),
    );

    app.put(
      `${BASE}/stop-continual-topup`,
      {
        config: { access: rule('dataWallet.update', 'body') },
        schema: {
          tags: ['data wallet'],
          body: stopContinualTopupRequestSchema,
          response: { 200: stopContinualTopupResponseSchema, ...errors },
        },
      },
      async (request) => deps.settings.stopContinual(principalOf(request), request.body, request.ip),
    );

    app.post(
      `${BASE}/save-prepaid-direct-payment`,
      {
        config: { access: rule('dataWallet.update', 'body') },
        schema: {
          tags: ['data wallet'],
          description: 'Stores the amount, its mode and continual top-up without charging the card',
          body: saveDataWalletRequestSchema,
          response: { 200: savedResponseSchema, ...errors },
        },
      },
      async (request) => deps.settings.save(principalOf(request), request.body, request.ip),
    );

    app.post(
      `${BASE}/charge-prepaid-direct-payment`,
      {
        config: { access: rule('dataWallet.charge', 'body') },
        schema: {
          tags: ['data wallet'],
          description:
            "Tops the wallet up by the amount on the agency's card and stores the settings; 202 while the payment is processed",
          body: chargeDataWalletRequestSchema,
          response: { 200: chargeDataWalletResponseSchema, 202: chargeDataWalletResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const answer = await deps.chargeTopUp(principalOf(request), request.body, request.ip);
        return reply.code(answer.status).send(answer.body);
      },
    );
  };
