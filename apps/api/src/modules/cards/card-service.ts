import { CARD_TEXTS, PAYMENT_GATEWAY_TEXTS } from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { GatewayError, type PaymentGateway } from '../../providers/payments/gateway.js';
import {
  type GatewayDirectory,
  GatewayNotConfiguredError,
} from '../../providers/payments/gateway-directory.js';
import type { Principal } from '../tenancy/index.js';
import type { CardRepository, NewCard } from './card-repository.js';

/** The card form's fields (validated by the route's schema). */
export interface CardForm {
  tokenid: string;
  cardholder: string;
  address: string;
  city: string;
  state: string;
  country: string;
  zip: string;
  usrID: number;
}

export type Payer = NonNullable<Awaited<ReturnType<CardRepository['personWithCompany']>>>;

/** A card the gateway holds for a company, ready to be stored as its current card. */
export interface AttachedCard {
  payer: Payer;
  card: NewCard;
}

/**
 * Who pays whom (decision 0032): an agency's card is a customer on its system's platform account, a
 * client's card a customer on its agency's connected account (direct charges later). Root companies
 * pay nobody by card.
 */
export function createCardService(deps: {
  repo: CardRepository;
  gateways: Pick<GatewayDirectory, 'forSystem'>;
}) {
  const { repo, gateways } = deps;

  /** The person `usrID` names, who must belong to the caller's own company (a card is one's own). */
  async function ownPayer(p: Principal, userId: number): Promise<Payer> {
    const payer = await repo.personWithCompany(userId);
    if (!payer || payer.companyId !== p.companyId) throw notFound();
    if (payer.kind === 'root') throw badRequest('A system company does not pay by card.');
    return payer;
  }

  /** Where the company's customer lives: the platform (undefined), or the agency's connected account. */
  async function accountFor(payer: Payer, gateway: PaymentGateway): Promise<string | undefined> {
    if (payer.kind !== 'client') return undefined;
    const account = payer.parentId ? await repo.connectedAccount(gateway.name, payer.parentId) : null;
    if (!account) throw new HttpError(409, 'payment_account_missing', CARD_TEXTS.agencyNotConnected);
    return account.accountId;
  }

  /**
   * The company's customer at its system's gateway (decision 0039), created once (its key is the
   * company and the account), with the gateway it lives on (`client`).
   */
  async function customerFor(payer: Payer) {
    const gateway = await gateways.forSystem(payer.systemId);
    const connectedAccountId = await accountFor(payer, gateway);
    const stored = await repo.customer(payer.companyId);
    if (
      stored &&
      (stored.connectedAccountId ?? undefined) === connectedAccountId &&
      stored.gateway === gateway.name
    )
      return { ...stored, client: gateway };
    const created = await gatewayCall(() =>
      gateway.createCustomer({
        idempotencyKey: `customer:${payer.companyId}:${connectedAccountId ?? 'platform'}`,
        email: payer.email,
        name: payer.companyName,
        connectedAccountId,
        metadata: { company_id: String(payer.companyId) },
      }),
    );
    const saved = await repo.saveCustomer({
      companyId: payer.companyId,
      systemId: payer.systemId,
      gateway: gateway.name,
      customerId: created.id,
      connectedAccountId: connectedAccountId ?? null,
    });
    return { ...saved, client: gateway };
  }

  return {
    ownPayer,
    customerFor,

    /**
     * A SetupIntent on the payer's customer for Stripe Elements (decision 0039): on the platform for an
     * agency, on its agency's connected account for a client. Each request gets its own intent (the
     * key names the request), as each card form session confirms its own.
     */
    async setupIntent(p: Principal, userId: number, requestId: string) {
      const payer = await ownPayer(p, userId);
      // Only Stripe has SetupIntents; the sandbox's card form makes its own tokens.
      if ((await gateways.forSystem(payer.systemId)).name !== 'stripe')
        throw badRequest(PAYMENT_GATEWAY_TEXTS.sandboxOnly);
      const customer = await customerFor(payer);
      const intent = await gatewayCall(() =>
        customer.client.createSetupIntent({
          idempotencyKey: `setup-intent:${payer.companyId}:${requestId}`,
          customerId: customer.customerId,
          connectedAccountId: customer.connectedAccountId ?? undefined,
        }),
      );
      return { payer, customer, intent };
    },

    /** Attaches the form's card to the company's customer (it becomes the default the gateway charges). */
    async attach(p: Principal, form: CardForm): Promise<AttachedCard> {
      const payer = await ownPayer(p, form.usrID);
      const customer = await customerFor(payer);
      const gateway = customer.client;
      const connectedAccountId = customer.connectedAccountId ?? undefined;
      const card = await gatewayCall(() =>
        gateway.attachCard({
          idempotencyKey: `card:${payer.companyId}:${form.tokenid}`,
          customerId: customer.customerId,
          connectedAccountId,
          cardToken: form.tokenid,
        }),
      );
      return {
        payer,
        card: {
          companyId: payer.companyId,
          userId: p.userId,
          gateway: gateway.name,
          customerId: customer.customerId,
          connectedAccountId: customer.connectedAccountId,
          paymentMethodId: card.id,
          brand: card.brand,
          last4: card.last4,
          expMonth: card.expMonth,
          expYear: card.expYear,
          holder: form.cardholder,
          address: form.address,
          city: form.city,
          state: form.state,
          country: form.country,
          zip: form.zip,
        },
      };
    },
  };
}

/** A gateway call whose deliberate refusals (a bad token, a declined card) reach the user as 4xx. */
export async function gatewayCall<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (error instanceof GatewayError) {
      if (error.code === 'card_declined' || error.code === 'authentication_required')
        throw new HttpError(402, error.code, error.message);
      throw badRequest(error.message);
    }
    if (error instanceof GatewayNotConfiguredError) throw badRequest(CARD_TEXTS.gatewayUnavailable);
    throw new HttpError(503, 'gateway_unavailable', CARD_TEXTS.gatewayUnavailable);
  }
}

export type CardService = ReturnType<typeof createCardService>;
