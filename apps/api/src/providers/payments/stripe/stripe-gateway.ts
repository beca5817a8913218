import { asCents } from '@app/contracts';
import Stripe from 'stripe';
import {
  accountStatusOf,
  type Card,
  type Charge,
  type ConnectedAccount,
  type Customer,
  type DeclineCode,
  GatewayError,
  type PaymentGateway,
  type RetrievableObjects,
  WebhookSignatureError,
} from '../gateway.js';
import { WEBHOOK_TOLERANCE_SECONDS } from '../webhook-signature.js';

export interface StripeSettings {
  secretKey: string;
  webhookSecret: string;
  /** Where the API is (tests point it at a local fake); Stripe's own host by default. */
  api?: { host: string; port: number; protocol: 'http' | 'https' };
}

/**
 * The Stripe adapter: the official SDK behind the port. Cards are token sources on customers, charges
 * use the Charges API (a saved default source, charged off-session), Connect direct charges carry the
 * `Stripe-Account` header and `application_fee_amount`; every POST carries the caller's idempotency key
 * and the key is also kept in the charge's metadata, so reconciliation can search for it.
 */
export function createStripeGateway(settings: StripeSettings): PaymentGateway {
  const stripe = new Stripe(settings.secretKey, {
    // A retry reuses the idempotency key the SDK was given, so it cannot charge twice.
    maxNetworkRetries: 2,
    timeout: 30_000,
    telemetry: false,
    ...(settings.api ?? {}),
  });
  const on = (connectedAccountId?: string) =>
    connectedAccountId ? { stripeAccount: connectedAccountId } : {};
  const post = (idempotencyKey: string, connectedAccountId?: string) => ({
    idempotencyKey,
    ...on(connectedAccountId),
  });

  const gateway: PaymentGateway = {
    name: 'stripe',
    signatureHeader: 'stripe-signature',

    createCustomer: (input) =>
      translate(async () =>
        customerOf(
          await stripe.customers.create(
            { email: input.email, name: input.name, metadata: input.metadata ?? {} },
            post(input.idempotencyKey, input.connectedAccountId),
          ),
          input.connectedAccountId,
        ),
      ),

    attachCard: (input) =>
      translate(async () => {
        // Passing `source` replaces the customer's default card with the token's.
        const customer = await stripe.customers.update(
          input.customerId,
          { source: input.cardToken, expand: ['default_source'] },
          post(input.idempotencyKey, input.connectedAccountId),
        );
        const card = cardOf(customer.default_source);
        if (!card)
          throw new GatewayError(
            'invalid_request',
            'The token did not give the customer a card.',
            null,
            'source',
          );
        return card;
      }),

    getCard: (input) =>
      translate(async () => {
        const customer = await stripe.customers.retrieve(
          input.customerId,
          { expand: ['default_source'] },
          on(input.connectedAccountId),
        );
        if (customer.deleted) return null;
        return cardOf(customer.default_source);
      }),

    createCharge: (input) =>
      translate(async () =>
        chargeOf(
          await stripe.charges.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: input.customerId,
              description: input.description,
              ...(input.applicationFee === undefined ? {} : { application_fee_amount: input.applicationFee }),
              metadata: { ...input.metadata, idempotency_key: input.idempotencyKey },
            },
            post(input.idempotencyKey, input.connectedAccountId),
          ),
          input.connectedAccountId,
        ),
      ),

    refund: (input) =>
      translate(async () => {
        const refund = await stripe.refunds.create(
          {
            charge: input.chargeId,
            ...(input.amount === undefined ? {} : { amount: input.amount }),
            ...(input.refundApplicationFee ? { refund_application_fee: true } : {}),
          },
          post(input.idempotencyKey, input.connectedAccountId),
        );
        return refundOf(refund);
      }),

    transfer: (input) =>
      translate(async () =>
        transferOf(
          await stripe.transfers.create(
            {
              amount: input.amount,
              currency: input.currency,
              destination: input.destinationAccountId,
              description: input.description,
            },
            post(input.idempotencyKey),
          ),
        ),
      ),

    createConnectedAccount: (input) =>
      translate(async () =>
        accountOf(
          await stripe.accounts.create(
            {
              type: 'standard',
              email: input.email,
              country: input.country,
              business_profile: { name: input.businessName },
              metadata: input.metadata,
            },
            post(input.idempotencyKey),
          ),
        ),
      ),

    createOnboardingLink: (input) =>
      translate(async () => {
        const link = await stripe.accountLinks.create(
          {
            account: input.accountId,
            type: 'account_onboarding',
            return_url: input.returnUrl,
            refresh_url: input.refreshUrl,
          },
          post(input.idempotencyKey),
        );
        return { url: link.url, expiresAt: new Date(link.expires_at * 1000) };
      }),

    async retrieve(kind, id, options = {}) {
      const scope = on(options.connectedAccountId);
      const read = async (): Promise<RetrievableObjects[keyof RetrievableObjects]> => {
        switch (kind) {
          case 'customer': {
            const customer = await stripe.customers.retrieve(id, {}, scope);
            if (customer.deleted) throw new GatewayError('not_found', `No such customer: '${id}'`);
            return customerOf(customer, options.connectedAccountId);
          }
          case 'charge':
            return chargeOf(await stripe.charges.retrieve(id, {}, scope), options.connectedAccountId);
          case 'refund':
            return refundOf(await stripe.refunds.retrieve(id, {}, scope));
          case 'transfer':
            return transferOf(await stripe.transfers.retrieve(id));
          case 'account':
            return accountOf(await stripe.accounts.retrieve(id));
        }
      };
      try {
        return (await translate(read)) as never;
      } catch (err) {
        if (err instanceof GatewayError && err.code === 'not_found') return null;
        throw err;
      }
    },

    findChargeByIdempotencyKey: ({ idempotencyKey, connectedAccountId }) =>
      translate(async () => {
        // Stripe cannot be asked by idempotency key; the key is in the charge's metadata (search
        // indexes it within about a minute, which is why the janitor waits before asking).
        const found = await stripe.charges.search(
          { query: `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, "\\'")}'`, limit: 1 },
          on(connectedAccountId),
        );
        const [charge] = found.data;
        return charge ? chargeOf(charge, connectedAccountId) : null;
      }),

    async verifyWebhook(rawBody, signatureHeader) {
      if (!signatureHeader) throw new WebhookSignatureError('Missing webhook signature header.');
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          rawBody,
          signatureHeader,
          settings.webhookSecret,
          WEBHOOK_TOLERANCE_SECONDS,
        );
      } catch (err) {
        throw new WebhookSignatureError(
          `Webhook signature check failed: ${err instanceof Error ? err.message : 'invalid'}`,
        );
      }
      const object = event.data.object as unknown as { id: string; object: string } & Record<string, unknown>;
      return {
        id: event.id,
        type: event.type,
        created: event.created,
        account: event.account ?? null,
        object,
      };
    },
  };
  return gateway;
}

/** Runs an SDK call and turns Stripe's errors into the port's; anything else (network, 5xx) passes as is. */
async function translate<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (err) {
    if (!(err instanceof Stripe.errors.StripeError)) throw err;
    if (err instanceof Stripe.errors.StripeIdempotencyError)
      throw new GatewayError('idempotency_mismatch', err.message);
    if (err instanceof Stripe.errors.StripeCardError) {
      if (err.code === 'authentication_required')
        throw new GatewayError('authentication_required', err.message);
      throw new GatewayError('card_declined', err.message, declineCodeOf(err.decline_code ?? err.code));
    }
    if (err instanceof Stripe.errors.StripeInvalidRequestError) {
      if (err.code === 'resource_missing') throw new GatewayError('not_found', err.message);
      throw new GatewayError('invalid_request', err.message, null, err.param ?? null);
    }
    throw err;
  }
}

const declineCodeOf = (code: string | undefined): DeclineCode =>
  code === 'insufficient_funds' || code === 'expired_card' ? code : 'generic_decline';

const idOf = (value: string | { id: string } | null) =>
  value === null ? '' : typeof value === 'string' ? value : value.id;

function customerOf(customer: Stripe.Customer, connectedAccountId: string | undefined): Customer {
  return {
    id: customer.id,
    email: customer.email ?? '',
    name: customer.name ?? '',
    connectedAccountId: connectedAccountId ?? null,
  };
}

function cardOf(source: string | Stripe.CustomerSource | null): Card | null {
  if (!source || typeof source === 'string' || source.object !== 'card') return null;
  const card = source as Stripe.Card;
  return {
    id: card.id,
    brand: card.brand.toLowerCase(),
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    holderName: card.name ?? '',
    address: card.address_line1
      ? {
          line1: card.address_line1,
          city: card.address_city ?? '',
          state: card.address_state ?? '',
          postalCode: card.address_zip ?? '',
          country: card.address_country ?? '',
        }
      : null,
  };
}

function chargeOf(charge: Stripe.Charge, connectedAccountId: string | undefined): Charge {
  if (charge.status !== 'succeeded')
    throw new GatewayError(
      'card_declined',
      charge.failure_message ?? 'The charge did not succeed.',
      'generic_decline',
    );
  return {
    id: charge.id,
    amount: asCents(charge.amount),
    amountRefunded: asCents(charge.amount_refunded),
    applicationFee: charge.application_fee_amount === null ? null : asCents(charge.application_fee_amount),
    currency: 'usd',
    status: 'succeeded',
    customerId: idOf(charge.customer),
    connectedAccountId: connectedAccountId ?? null,
    cardLast4: charge.payment_method_details?.card?.last4 ?? '',
    created: new Date(charge.created * 1000),
  };
}

const refundOf = (refund: Stripe.Refund) => ({
  id: refund.id,
  chargeId: idOf(refund.charge),
  amount: asCents(refund.amount),
  status: 'succeeded' as const,
  created: new Date(refund.created * 1000),
});

const transferOf = (transfer: Stripe.Transfer) => ({
  id: transfer.id,
  destinationAccountId: idOf(transfer.destination),
  amount: asCents(transfer.amount),
  created: new Date(transfer.created * 1000),
});

function accountOf(account: Stripe.Account): ConnectedAccount {
  const flags = {
    detailsSubmitted: account.details_submitted ?? false,
    chargesEnabled: account.charges_enabled ?? false,
    payoutsEnabled: account.payouts_enabled ?? false,
    requirements: {
      currentlyDue: account.requirements?.currently_due ?? [],
      pastDue: account.requirements?.past_due ?? [],
      pendingVerification: account.requirements?.pending_verification ?? [],
      disabledReason: account.requirements?.disabled_reason ?? null,
    },
  };
  return {
    id: account.id,
    email: account.email ?? '',
    metadata: (account.metadata ?? {}) as Record<string, string>,
    status: accountStatusOf(flags),
    ...flags,
  };
}
