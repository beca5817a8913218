import {
  apiErrorSchema,
  checkConnectedAccountParamsSchema,
  checkSalesConnectedAccountParamsSchema,
  connectedAccountLinkRequestSchema,
  connectedAccountLinkSchema,
  connectedAccountStateSchema,
  createConnectedAccountRequestSchema,
  createSalesConnectedAccountRequestSchema,
  messageResponseSchema,
  resetPaymentConnectionParamsSchema,
  rootFeeAccountLinkRequestSchema,
  rootFeeAccountLinkSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { type AccessRule, principalOf, type ScopedId, type SignedInRule } from '../../plugins/access.js';
import type { ConnectService } from './connect-service.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  502: apiErrorSchema,
};
const rule = (action: SignedInRule['action'], scope: ScopedId[]): AccessRule => ({
  kind: 'user',
  action,
  scope,
});
const companyAndSystem = (where: 'params' | 'body'): ScopedId[] => [
  { in: where, field: 'companyID', resource: 'company' },
  { in: where, field: 'idsys', resource: 'system' },
];

/** The app's origin as this request reached it, where the onboarding returns the person to. */
const placeOf = (request: FastifyRequest) => ({
  origin: `${request.protocol}://${request.host}`,
  requestId: String(request.id),
});

/**
 * The connected payment account calls of spec 2 §7 "Cards and payment account" (decision 0033).
 * Company, user and system ids are scope-checked by the access rules (404 outside); the service
 * checks what they name (an agency, a sales person, the caller themselves).
 */
export const connectRoutes =
  (connect: ConnectService): FastifyPluginAsyncZod =>
  async (app) => {
    const tags = ['payment accounts'];

    app.post(
      '/general/get-connected-account-link',
      {
        config: { access: rule('paymentAccount.connect', companyAndSystem('body')) },
        schema: {
          tags,
          summary: "An agency's onboarding link (its account is opened first when it has none)",
          body: connectedAccountLinkRequestSchema,
          response: { 200: connectedAccountLinkSchema, ...errors },
        },
      },
      async (request) =>
        connect.agencyLink(principalOf(request), request.body.companyID, placeOf(request), request.ip),
    );

    // Root fees (decision 0081): the master's owners open their receiving account on a paying system.
    app.post(
      '/configuration/root-fees/receiving-account-link',
      {
        config: { access: { kind: 'user', action: 'billing.rootFees' } },
        schema: {
          tags,
          summary: "The onboarding link of the master's account that receives a paying system's root fees",
          body: rootFeeAccountLinkRequestSchema,
          response: { 200: rootFeeAccountLinkSchema, ...errors },
        },
      },
      async (request) =>
        connect.rootFeeAccountLink(
          principalOf(request),
          request.body.system_id,
          placeOf(request),
          request.ip,
        ),
    );

    app.post(
      '/general/get-existing-connected-account-link',
      {
        config: { access: rule('paymentAccount.connect', companyAndSystem('body')) },
        schema: {
          tags,
          summary: 'The onboarding link of the account an agency is connecting (continue)',
          body: connectedAccountLinkRequestSchema,
          response: { 200: connectedAccountLinkSchema, ...errors },
        },
      },
      async (request) => connect.existingAgencyLink(request.body.companyID, placeOf(request)),
    );

    app.post(
      '/general/create-connected-account',
      {
        config: { access: rule('paymentAccount.connect', companyAndSystem('body')) },
        schema: {
          tags,
          summary: "Opens an agency's connected account with its company details",
          body: createConnectedAccountRequestSchema,
          response: { 200: connectedAccountStateSchema, ...errors },
        },
      },
      async (request) => connect.createAgencyAccount(principalOf(request), request.body, request.ip),
    );

    app.post(
      '/general/create-sales-connected-account',
      {
        config: {
          access: rule('paymentAccount.sales.connect', [
            { in: 'body', field: 'userID', resource: 'user' },
            { in: 'body', field: 'idsys', resource: 'system' },
          ]),
        },
        schema: {
          tags,
          summary: "A sales person's own account for commissions, and its onboarding link",
          body: createSalesConnectedAccountRequestSchema,
          response: { 200: connectedAccountLinkSchema, ...errors },
        },
      },
      async (request) =>
        connect.salesLink(principalOf(request), request.body.userID, placeOf(request), request.ip),
    );

    app.get(
      '/general/check-connected-account/:companyID/:idsys',
      {
        config: { access: rule('paymentAccount.read', companyAndSystem('params')) },
        schema: {
          tags,
          summary: "An agency's connected account: status, flags, requirements, connected",
          params: checkConnectedAccountParamsSchema,
          response: { 200: connectedAccountStateSchema, ...errors },
        },
      },
      async (request) => connect.checkAgency(request.params.companyID),
    );

    app.get(
      '/general/check-sales-connected-account/:usrID/:idsys',
      {
        config: {
          access: rule('paymentAccount.sales.read', [
            { in: 'params', field: 'usrID', resource: 'user' },
            { in: 'params', field: 'idsys', resource: 'system' },
          ]),
        },
        schema: {
          tags,
          summary: "A sales person's connected account",
          params: checkSalesConnectedAccountParamsSchema,
          response: { 200: connectedAccountStateSchema, ...errors },
        },
      },
      async (request) => connect.checkSales(request.params.usrID),
    );

    app.delete(
      '/general/reset-payment-connection/:companyID/:typeConnection',
      {
        config: {
          access: rule('paymentAccount.reset', [{ in: 'params', field: 'companyID', resource: 'company' }]),
        },
        schema: {
          tags,
          summary: "Resets an agency's payment account connection (connect again afterwards)",
          params: resetPaymentConnectionParamsSchema,
          response: { 200: messageResponseSchema.extend({ result: z.literal('success') }), ...errors },
        },
      },
      async (request) =>
        connect.resetAgency(
          principalOf(request),
          request.params.companyID,
          request.params.typeConnection,
          request.ip,
        ),
    );
  };
