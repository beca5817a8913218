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
import { listStripeRecords } from './stripe-records.js';

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

  /**
   * A payment method from a confirmed SetupIntent: attached to the customer (the SetupIntent usually
   * did that already) and made its default, which is what `createCharge` charges.
   */
  async function attachPaymentMethod(input: Parameters<PaymentGateway['attachCard']>[0]) {
    const method = await stripe.paymentMethods.retrieve(input.cardToken, {}, on(input.connectedAccountId));
    const owner = typeof method.customer === 'string' ? method.customer : (method.customer?.id ?? null);
    if (owner !== null && owner !== input.customerId)
      throw new GatewayError(
        'invalid_request',
        'The card belongs to another customer.',
        null,
        'payment_method',
      );
    if (owner === null)
      await stripe.paymentMethods.attach(
        method.id,
        { customer: input.customerId },
        post(`${input.idempotencyKey}:attach`, input.connectedAccountId),
      );
    await stripe.customers.update(
      input.customerId,
      { invoice_settings: { default_payment_method: method.id } },
      post(input.idempotencyKey, input.connectedAccountId),
    );
    const card = cardOfMethod(method);
    if (!card)
      throw new GatewayError('invalid_request', 'The payment method is not a card.', null, 'payment_method');
    return card;
  }

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
        if (input.cardToken.startsWith('pm_')) return attachPaymentMethod(input);
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

    createSetupIntent: (input) =>
      translate(async () => {
        const intent = await stripe.setupIntents.create(
          { customer: input.customerId, usage: 'off_session' },
          post(input.idempotencyKey, input.connectedAccountId),
        );
        if (!intent.client_secret) throw new Error(`SetupIntent ${intent.id} came without a client secret`);
        return { id: intent.id, clientSecret: intent.client_secret };
      }),

    getCard: (input) =>
      translate(async () => {
        const customer = await stripe.customers.retrieve(
          input.customerId,
          { expand: ['default_source', 'invoice_settings.default_payment_method'] },
          on(input.connectedAccountId),
        );
        if (customer.deleted) return null;
        const method = customer.invoice_settings?.default_payment_method;
        if (method && typeof method !== 'string') return cardOfMethod(method);
        return cardOf(customer.default_source);
      }),

    createCharge: (input) =>
      translate(async () => {
        // A card saved through a SetupIntent is the customer's default payment method and is charged
        // with a PaymentIntent, off-session; a legacy token's card is the default source (Charges API).
        const customer = await stripe.customers.retrieve(input.customerId, {}, on(input.connectedAccountId));
        const method = customer.deleted ? null : customer.invoice_settings?.default_payment_method;
        const fee =
          input.applicationFee === undefined ? {} : { application_fee_amount: input.applicationFee };
        const metadata = { ...input.metadata, idempotency_key: input.idempotencyKey };
        if (method) {
          const intent = await stripe.paymentIntents.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: input.customerId,
              payment_method: typeof method === 'string' ? method : method.id,
              off_session: true,
              confirm: true,
              description: input.description,
              ...fee,
              metadata,
              expand: ['latest_charge'],
            },
            post(input.idempotencyKey, input.connectedAccountId),
          );
          return chargeOfIntent(intent, input.connectedAccountId);
        }
        return chargeOf(
          await stripe.charges.create(
            {
              amount: input.amount,
              currency: input.currency,
              customer: input.customerId,
              description: input.description,
              ...fee,
              metadata,
            },
            post(input.idempotencyKey, input.connectedAccountId),
          ),
          input.connectedAccountId,
        );
      }),

    refund: (input) =>
      translate(async () => {
        const refund = await stripe.refunds.create(
          {
            charge: input.chargeId,
            ...(input.amount === undefined ? {} : { amount: input.amount }),
            ...(input.refundApplicationFee && input.applicationFeeBack === undefined
              ? { refund_application_fee: true }
              : {}),
          },
          post(input.idempotencyKey, input.connectedAccountId),
        );
        // An exact part of the fee back: a refund of the application fee itself (on the platform),
        // under a key of its own derived from the refund's, so a replay gives it back once.
        if (
          input.applicationFeeBack !== undefined &&
          input.applicationFeeBack > 0 &&
          input.connectedAccountId
        ) {
          const charge = await stripe.charges.retrieve(input.chargeId, {}, on(input.connectedAccountId));
          const fee =
            typeof charge.application_fee === 'string' ? charge.application_fee : charge.application_fee?.id;
          if (fee)
            await stripe.applicationFees.createRefund(
              fee,
              { amount: input.applicationFeeBack },
              { idempotencyKey: `${input.idempotencyKey}:fee` },
            );
        }
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

    listRecords: (input) => translate(() => listStripeRecords(stripe, input)),

    findChargeByIdempotencyKey: ({ idempotencyKey, connectedAccountId }) =>
      translate(async () => {
        // Stripe cannot be asked by idempotency key; the key is in the charge's (or PaymentIntent's)
        // metadata (search indexes it within about a minute, which is why the janitor waits before asking).
        const query = `metadata['idempotency_key']:'${idempotencyKey.replace(/'/g, "\\'")}'`;
        const found = await stripe.charges.search({ query, limit: 1 }, on(connectedAccountId));
        const [charge] = found.data;
        if (charge) return chargeOf(charge, connectedAccountId);
        const intents = await stripe.paymentIntents.search(
          { query, limit: 1, expand: ['data.latest_charge'] },
          on(connectedAccountId),
        );
        const [intent] = intents.data;
        return intent?.status === 'succeeded' ? chargeOfIntent(intent, connectedAccountId) : null;
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

function cardOfMethod(method: Stripe.PaymentMethod): Card | null {
  const card = method.card;
  if (!card) return null;
  const address = method.billing_details?.address;
  return {
    id: method.id,
    brand: card.brand.toLowerCase(),
    last4: card.last4,
    expMonth: card.exp_month,
    expYear: card.exp_year,
    holderName: method.billing_details?.name ?? '',
    address: address?.line1
      ? {
          line1: address.line1,
          city: address.city ?? '',
          state: address.state ?? '',
          postalCode: address.postal_code ?? '',
          country: address.country ?? '',
        }
      : null,
  };
}

/** A PaymentIntent's charge; one that did not succeed off-session is a refusal like a declined charge. */
function chargeOfIntent(intent: Stripe.PaymentIntent, connectedAccountId: string | undefined): Charge {
  if (intent.status === 'requires_action')
    throw new GatewayError('authentication_required', 'This payment requires authentication.');
  const charge = intent.latest_charge;
  if (intent.status !== 'succeeded' || !charge || typeof charge === 'string')
    throw new GatewayError(
      'card_declined',
      intent.last_payment_error?.message ?? 'The payment did not succeed.',
      declineCodeOf(intent.last_payment_error?.decline_code),
    );
  return chargeOf(charge, connectedAccountId);
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
