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
  sandboxTokenRequestSchema,
  sandboxTokenResponseSchema,
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

/**
 * `/payment/…`: the card of a person's company and the first card with the onboarding fee (the billing
 * method is the billing module's, decision 0075). A card saved pays what declined invoices left owing.
 */
export const cardRoutes =
  (deps: {
    cards: CardRepository;
    cardService: CardService;
    onboarding: OnboardingCharge;
    gateways: Pick<GatewayDirectory, 'forSystem' | 'publishableKey' | 'sandbox'>;
    audit: AuditLog;
    /** Runs after a card is saved for the company (the billing module's settlement). */
    cardSaved: (companyId: number) => Promise<void>;
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
        const p = principalOf(request);
        const saved = await deps.onboarding.saveCard(p, request.body, request.ip);
        if (saved.status === 200 && saved.body.result === 'success')
          await deps.cardSaved((await deps.cardService.ownPayer(p, request.body.usrID)).companyId);
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
        const p = principalOf(request);
        const saved = await deps.onboarding.saveCard(p, request.body, request.ip);
        if (saved.status === 200 && saved.body.result === 'success')
          await deps.cardSaved((await deps.cardService.ownPayer(p, request.body.usrID)).companyId);
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
  };
