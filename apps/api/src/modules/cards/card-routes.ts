import { randomUUID } from 'node:crypto';
import {
  apiErrorSchema,
  CARD_TEXTS,
  cardParamsSchema,
  cardResponseSchema,
  cardSavedResponseSchema,
  createCustomerRequestSchema,
  customerDirectRequestSchema,
  customerDirectResponseSchema,
  replaceCardRequestSchema,
  SETTING_SAVED,
  sandboxTokenRequestSchema,
  sandboxTokenResponseSchema,
  setBillingMethodRequestSchema,
  setBillingMethodResponseSchema,
  setupIntentRequestSchema,
  setupIntentResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../http-errors.js';
import { principalOf } from '../../plugins/access.js';
import type { GatewayDirectory } from '../../providers/payments/gateway-directory.js';
import type { AuditLog } from '../audit/index.js';
import type { CardRepository } from './card-repository.js';
import { type CardService, gatewayCall } from './card-service.js';
import { cardView } from './card-view.js';
import type { OnboardingCharge } from './onboarding-charge.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  402: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  503: apiErrorSchema,
};
const userIn = (where: 'params' | 'body') => ({ in: where, field: 'usrID', resource: 'user' }) as const;

/** `/payment/…`: the card of a person's company, the first card with the onboarding fee, billing method. */
export const cardRoutes =
  (deps: {
    cards: CardRepository;
    cardService: CardService;
    onboarding: OnboardingCharge;
    gateways: Pick<GatewayDirectory, 'forSystem' | 'publishableKey' | 'sandbox'>;
    audit: AuditLog;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/payment/card/:usrID',
      {
        config: { access: { kind: 'user', action: 'cards.read', scope: [userIn('params')] } },
        schema: {
          tags: ['payments'],
          params: cardParamsSchema,
          response: { 200: cardResponseSchema, ...errors },
        },
      },
      async (request) => {
        const person = await deps.cards.personWithCompany(request.params.usrID);
        if (!person) throw notFound();
        const card = await deps.cards.currentCard(person.companyId);
        return {
          result: 'success' as const,
          card: card ? cardView(card) : null,
          pays: person.kind === 'client' ? ('agency' as const) : ('platform' as const),
        };
      },
    );

    app.put(
      '/payment/card',
      {
        config: { access: { kind: 'user', action: 'cards.update', scope: [userIn('body')] } },
        schema: {
          tags: ['payments'],
          body: replaceCardRequestSchema,
          response: { 200: cardSavedResponseSchema, 202: cardSavedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const saved = await deps.onboarding.saveCard(principalOf(request), request.body, request.ip);
        return reply.status(saved.status).send(saved.body);
      },
    );

    app.post(
      '/payment/customer',
      {
        config: { access: { kind: 'user', action: 'cards.update', scope: [userIn('body')] } },
        schema: {
          tags: ['payments'],
          body: createCustomerRequestSchema,
          response: { 200: cardSavedResponseSchema, 202: cardSavedResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const saved = await deps.onboarding.saveCard(principalOf(request), request.body, request.ip);
        return reply.status(saved.status).send(saved.body);
      },
    );

    app.post(
      '/payment/customer-direct',
      {
        config: { access: { kind: 'user', action: 'cards.update', scope: [userIn('body')] } },
        schema: {
          tags: ['payments'],
          body: customerDirectRequestSchema,
          response: { 200: customerDirectResponseSchema, ...errors },
        },
      },
      async (request) => {
        const payer = await deps.cardService.ownPayer(principalOf(request), request.body.usrID);
        const customer = await deps.cardService.customerFor(payer);
        return {
          result: 'success' as const,
          gateway: customer.client.name,
          pays: payer.kind === 'client' ? ('agency' as const) : ('platform' as const),
          has_card: (await deps.cards.currentCard(payer.companyId)) !== null,
        };
      },
    );

    app.post(
      '/payment/setup-intent',
      {
        config: { access: { kind: 'user', action: 'cards.update', scope: [userIn('body')] } },
        schema: {
          tags: ['payments'],
          summary: "A SetupIntent for Stripe Elements on the payer's customer (its client secret)",
          body: setupIntentRequestSchema,
          response: { 200: setupIntentResponseSchema, ...errors },
        },
      },
      async (request, reply) => {
        const p = principalOf(request);
        // One intent per card form session: the key names this request (Fastify's request ids start
        // again at each process start, so a random one).
        const made = await deps.cardService.setupIntent(p, request.body.usrID, randomUUID());
        // The client secret is for this browser only: never kept by a cache on the way.
        reply.header('cache-control', 'no-store');
        return {
          result: 'success' as const,
          client_secret: made.intent.clientSecret,
          publishable_key: (await deps.gateways.publishableKey(made.payer.systemId)) ?? '',
          connected_account: made.customer.connectedAccountId,
        };
      },
    );

    app.post(
      '/payment/sandbox/token',
      {
        config: { access: { kind: 'user', action: 'cards.update' } },
        schema: {
          tags: ['payments'],
          body: sandboxTokenRequestSchema,
          response: { 200: sandboxTokenResponseSchema, ...errors },
        },
      },
      async (request) => {
        // Only where the caller's system takes sandbox cards: a Stripe system's cards come from Elements.
        if ((await deps.gateways.forSystem(principalOf(request).systemId)).name !== 'sandbox')
          throw badRequest(CARD_TEXTS.sandboxOnly);
        const gateway = deps.gateways.sandbox;
        const body = request.body;
        const tokenid = await gatewayCall(() =>
          gateway.createCardToken({
            number: body.number,
            expMonth: body.exp_month,
            expYear: body.exp_year,
            holderName: body.cardholder,
          }),
        );
        return { tokenid };
      },
    );

    app.put(
      '/payment/set-billing-method',
      {
        config: {
          access: {
            kind: 'user',
            action: 'agencies.billingSwitches',
            scope: [{ in: 'body', field: 'companyID', resource: 'company' }],
          },
        },
        schema: {
          tags: ['payments'],
          body: setBillingMethodRequestSchema,
          response: { 200: setBillingMethodResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const company = await deps.cards.company(request.body.companyID);
        if (!company) throw notFound();
        if (company.kind !== 'agency') throw badRequest('The billing method is set for agencies.');
        const on = request.body.manualBill === 'T';
        // Spec 2 §4: ON bills campaigns at wholesale to the agency's card, OFF stops the agency's
        // campaigns and charges them to date. No campaigns exist yet, so the switch is what changes.
        if (await deps.cards.setManualBill(company.companyId, on))
          await deps.audit.record({
            systemId: p.systemId,
            companyId: company.companyId,
            userId: p.userId,
            actorUserId: p.actorUserId,
            action: 'billing_method_changed',
            category: 'settings',
            description: `Set the billing method of ${company.companyName} to ${on ? 'manual bill' : 'card billing'}`,
            ip: request.ip,
          });
        return {
          result: 'success' as const,
          manual_bill: on ? ('T' as const) : ('F' as const),
          message: SETTING_SAVED,
        };
      },
    );
  };
