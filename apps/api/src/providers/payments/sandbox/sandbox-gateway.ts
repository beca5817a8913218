import { asCents, type Cents, centsFromBigInt, DECLINED_WHEN_SAVED, formatUsdCents } from '@app/contracts';
import {
  and,
  type Database,
  type Executor,
  eq,
  isNull,
  sandboxAccounts,
  sandboxCards,
  sandboxCharges,
  sandboxCustomers,
  sandboxRefunds,
  sandboxTokens,
  sandboxTransfers,
  sql,
} from '@app/db';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import {
  type ConnectedAccount,
  GatewayError,
  type GatewayEvent,
  type PaymentGateway,
  type RetrievableObjects,
  WebhookSignatureError,
} from '../gateway.js';
import { verifyWebhookSignature } from '../webhook-signature.js';
import { createOnboardingLinkSigner, ONBOARDING_LINK_MINUTES } from './onboarding-link.js';
import { recordEvent, type SandboxDeliveries } from './sandbox-events.js';
import { type Done, newId, runIdempotent } from './sandbox-idempotency.js';
import {
  accountOf,
  cardOf,
  chargeOf,
  customerOf,
  refundOf,
  stripeShapedAccount,
  stripeShapedCharge,
  stripeShapedTransfer,
  transferOf,
} from './sandbox-objects.js';
import { listSandboxRecords } from './sandbox-records.js';
import { type CardBehaviour, TEST_TOKENS, testCardOf } from './test-cards.js';

/** Stripe's limits for USD charges: at least $0.50, at most $999,999.99. */
const MIN_CHARGE = 50;
const MAX_CHARGE = 99_999_999;
/** What a new connected account must still provide (a short version of Stripe's list). */
const ONBOARDING_REQUIREMENTS = [
  'business_profile.url',
  'external_account',
  'representative.dob',
  'tos_acceptance.date',
];
const VERIFICATION_CHECKS = ['representative.verification.document'];

const invalid = (message: string, param: string | null = null) =>
  new GatewayError('invalid_request', message, null, param);
const noSuch = (what: string, id: string) => new GatewayError('not_found', `No such ${what}: '${id}'`);

/** How verification of a submitted account ends (the sandbox onboarding page offers each). */
export type VerificationOutcome = 'verified' | 'rejected' | 'charges_disabled' | 'payouts_disabled';

/**
 * The default payment gateway: Stripe's test mode, played on our own database (the sandbox_* tables).
 * Customers, test cards, charges (direct charges on connected accounts with an application fee),
 * refunds, transfers, connected accounts with their onboarding state machine, balances, and signed
 * events delivered to our webhook endpoint. It validates what Stripe validates and fails as it fails.
 */
export function createSandboxGateway(deps: {
  db: Database;
  webhookSecret: string;
  deliveries: SandboxDeliveries;
  /** The sandbox onboarding page of an account (served by the app, labelled Sandbox). */
  onboardingUrl: (accountId: string) => string;
  now?: () => Date;
  /**
   * Tests only: runs after a charge is stored and before the answer leaves, to play a process that
   * dies there (the charge exists at the gateway, the caller never hears of it).
   */
  afterCharge?: (chargeId: string) => Promise<void>;
  /** Tests only: runs when a charge is asked for, before anything is stored (a process dying on its way there). */
  beforeCharge?: () => Promise<void>;
  /** Tests only: like `afterCharge`, after a transfer is stored and before the answer leaves. */
  afterTransfer?: (transferId: string) => Promise<void>;
}) {
  const { db } = deps;
  const now = deps.now ?? (() => new Date());
  const links = createOnboardingLinkSigner(deps.webhookSecret);
  const scopeOf = (connectedAccountId?: string) => connectedAccountId ?? 'platform';
  /** Rows of the given connected account, or the platform's own (null account). */
  const onAccount = (column: AnyPgColumn, connectedAccountId?: string) =>
    connectedAccountId ? eq(column, connectedAccountId) : isNull(column);

  /** Runs a mutation under its key and hands its events to delivery once committed. */
  async function mutate(
    operation: string,
    input: { idempotencyKey: string; connectedAccountId?: string } & object,
    work: (tx: Executor) => Promise<Done>,
  ): Promise<string> {
    const done = await runIdempotent(db, scopeOf(input.connectedAccountId), operation, input, work);
    await deps.deliveries.dispatch(done.eventIds);
    return done.id;
  }

  async function accountRow(tx: Executor, id: string) {
    const [row] = await tx.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
    if (!row) throw noSuch('account', id);
    return row;
  }
  /** A customer of the given account (or of the platform); another account's customer is unknown here. */
  async function customerRow(tx: Executor, id: string, connectedAccountId?: string) {
    const [row] = await tx
      .select()
      .from(sandboxCustomers)
      .where(and(eq(sandboxCustomers.id, id), onAccount(sandboxCustomers.accountId, connectedAccountId)));
    if (!row) throw noSuch('customer', id);
    return row;
  }
  async function chargeRow(tx: Executor, id: string, connectedAccountId?: string) {
    const [row] = await tx
      .select()
      .from(sandboxCharges)
      .where(and(eq(sandboxCharges.id, id), onAccount(sandboxCharges.accountId, connectedAccountId)));
    if (!row) throw noSuch('charge', id);
    return row;
  }
  async function cardLast4(tx: Executor, cardId: string) {
    const [card] = await tx
      .select({ last4: sandboxCards.last4 })
      .from(sandboxCards)
      .where(eq(sandboxCards.id, cardId));
    return card?.last4 ?? '';
  }
  const checkAmount = (amount: number, param: string) => {
    if (!Number.isSafeInteger(amount) || amount <= 0) throw invalid(`Invalid integer: ${amount}`, param);
  };
  const checkCurrency = (currency: string) => {
    if (currency !== 'usd')
      throw invalid(`Invalid currency: ${currency}. This platform charges in usd only.`, 'currency');
  };

  /** Moves an account through onboarding and records the account.updated event it causes. */
  async function updateAccount(
    accountId: string,
    allowed: (row: ConnectedAccount) => boolean,
    change: Partial<typeof sandboxAccounts.$inferInsert>,
    refusal: string,
  ): Promise<ConnectedAccount> {
    const eventIds = await db.transaction(async (tx) => {
      const [current] = await tx
        .select()
        .from(sandboxAccounts)
        .where(eq(sandboxAccounts.id, accountId))
        .for('update');
      if (!current) throw noSuch('account', accountId);
      if (!allowed(accountOf(current))) throw invalid(refusal);
      const [row] = await tx
        .update(sandboxAccounts)
        .set(change)
        .where(eq(sandboxAccounts.id, accountId))
        .returning();
      if (!row) throw noSuch('account', accountId);
      return [
        await recordEvent(
          tx,
          { type: 'account.updated', accountId, object: stripeShapedAccount(row) },
          now(),
        ),
      ];
    });
    await deps.deliveries.dispatch(eventIds);
    return gateway.retrieve('account', accountId) as Promise<ConnectedAccount>;
  }

  const gateway: PaymentGateway = {
    name: 'sandbox',
    signatureHeader: 'sandbox-signature',

    async createCustomer(input) {
      const id = await mutate('customer.create', input, async (tx) => {
        if (input.connectedAccountId) await accountRow(tx, input.connectedAccountId);
        const id = newId('cus');
        await tx.insert(sandboxCustomers).values({
          id,
          accountId: input.connectedAccountId ?? null,
          email: input.email,
          name: input.name,
          metadata: input.metadata ?? {},
        });
        return { id, eventIds: [] };
      });
      return customerOf(await customerRow(db, id, input.connectedAccountId));
    },

    async createSetupIntent() {
      throw invalid(
        'The sandbox has no SetupIntents: its test-card form makes the card token.',
        'setup_intent',
      );
    },

    async attachCard(input) {
      const id = await mutate('card.attach', input, async (tx) => {
        const customer = await customerRow(tx, input.customerId, input.connectedAccountId);
        const card = await cardFromToken(tx, input.cardToken);
        // As on Stripe, a declining test card is refused when attached (its token is still used up).
        if (DECLINED_WHEN_SAVED.includes(card.behaviour)) failLikeTheTestCard(card.behaviour);
        const id = newId('card');
        await tx.insert(sandboxCards).values({ id, customerId: customer.id, ...card });
        await tx
          .update(sandboxCustomers)
          .set({ defaultCardId: id })
          .where(eq(sandboxCustomers.id, customer.id));
        return { id, eventIds: [] };
      });
      const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, id));
      if (!row) throw noSuch('card', id);
      return cardOf(row);
    },

    async getCard(input) {
      const customer = await customerRow(db, input.customerId, input.connectedAccountId);
      if (!customer.defaultCardId) return null;
      const [row] = await db.select().from(sandboxCards).where(eq(sandboxCards.id, customer.defaultCardId));
      return row ? cardOf(row) : null;
    },

    async createCharge(input) {
      await deps.beforeCharge?.();
      const id = await mutate('charge.create', input, async (tx) => {
        checkAmount(input.amount, 'amount');
        if (input.amount < MIN_CHARGE) throw invalid('Amount must be at least $0.50 usd', 'amount');
        if (input.amount > MAX_CHARGE) throw invalid('Amount must be no more than $999,999.99', 'amount');
        checkCurrency(input.currency);
        if (input.applicationFee !== undefined) {
          if (!input.connectedAccountId)
            throw invalid(
              'Can only apply an application_fee_amount when the request is made on behalf of another account.',
              'application_fee_amount',
            );
          if (!Number.isSafeInteger(input.applicationFee) || input.applicationFee < 0)
            throw invalid(`Invalid integer: ${input.applicationFee}`, 'application_fee_amount');
          if (input.applicationFee > input.amount)
            throw invalid(
              'The application fee cannot be greater than the charge amount.',
              'application_fee_amount',
            );
        }
        if (input.connectedAccountId) {
          const account = await accountRow(tx, input.connectedAccountId);
          if (!account.chargesEnabled)
            throw invalid(
              `The connected account ${account.id} cannot currently make charges (charges_enabled is false).`,
            );
        }
        const customer = await customerRow(tx, input.customerId, input.connectedAccountId);
        if (!customer.defaultCardId)
          throw invalid('Cannot charge a customer that has no active card', 'customer');
        const [card] = await tx
          .select()
          .from(sandboxCards)
          .where(eq(sandboxCards.id, customer.defaultCardId));
        if (!card) throw invalid('Cannot charge a customer that has no active card', 'customer');
        failLikeTheTestCard(card.behaviour as CardBehaviour);
        const id = newId('ch');
        const [row] = await tx
          .insert(sandboxCharges)
          .values({
            id,
            accountId: input.connectedAccountId ?? null,
            customerId: customer.id,
            cardId: card.id,
            amount: input.amount,
            applicationFee: input.applicationFee ?? null,
            description: input.description,
            metadata: input.metadata ?? {},
            idempotencyKey: input.idempotencyKey,
          })
          .returning();
        if (!row) throw new Error('charge not stored');
        const event = { type: 'charge.succeeded', accountId: row.accountId, object: stripeShapedCharge(row) };
        return { id, eventIds: [await recordEvent(tx, event, now())] };
      });
      await deps.afterCharge?.(id);
      return (await gateway.retrieve('charge', id, input)) as RetrievableObjects['charge'];
    },

    async refund(input) {
      const id = await mutate('refund.create', input, async (tx) => {
        const charge = await chargeRow(tx, input.chargeId, input.connectedAccountId);
        const remaining = charge.amount - charge.amountRefunded;
        if (remaining === 0) throw invalid(`Charge ${charge.id} has already been refunded.`, 'charge');
        const amount = input.amount ?? remaining;
        checkAmount(amount, 'amount');
        if (amount > remaining)
          throw invalid(
            `Refund amount (${formatUsdCents(asCents(amount))}) is greater than unrefunded amount on charge (${formatUsdCents(asCents(remaining))})`,
            'amount',
          );
        // The fee goes back as asked (an amount), or in proportion to the refund, rounded down; never
        // past what was taken.
        const feeLeft = (charge.applicationFee ?? 0) - charge.applicationFeeRefunded;
        const feeBack =
          input.applicationFeeBack !== undefined && charge.applicationFee
            ? Math.min(input.applicationFeeBack, feeLeft)
            : input.refundApplicationFee && charge.applicationFee
              ? Math.min(Math.floor((charge.applicationFee * amount) / charge.amount), feeLeft)
              : 0;
        const id = newId('re');
        await tx
          .insert(sandboxRefunds)
          .values({ id, chargeId: charge.id, amount, applicationFeeRefunded: feeBack });
        const [row] = await tx
          .update(sandboxCharges)
          .set({
            amountRefunded: sql`${sandboxCharges.amountRefunded} + ${amount}`,
            applicationFeeRefunded: sql`${sandboxCharges.applicationFeeRefunded} + ${feeBack}`,
          })
          .where(eq(sandboxCharges.id, charge.id))
          .returning();
        if (!row) throw noSuch('charge', charge.id);
        const event = { type: 'charge.refunded', accountId: row.accountId, object: stripeShapedCharge(row) };
        return { id, eventIds: [await recordEvent(tx, event, now())] };
      });
      return (await gateway.retrieve('refund', id, input)) as RetrievableObjects['refund'];
    },

    async transfer(input) {
      const id = await mutate('transfer.create', input, async (tx) => {
        checkAmount(input.amount, 'amount');
        checkCurrency(input.currency);
        const account = await accountRow(tx, input.destinationAccountId);
        if (!account.payoutsEnabled)
          throw invalid(
            `The destination account ${account.id} cannot receive transfers yet (payouts_enabled is false).`,
            'destination',
          );
        // Transfers of one platform are serialised, so two cannot both spend the same balance.
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('sandbox_platform_balance'))`);
        const available = await balanceIn(tx, null);
        if (available < input.amount)
          throw new GatewayError(
            'invalid_request',
            'You have insufficient funds in your Stripe account.',
            null,
            'amount',
          );
        const id = newId('tr');
        const [row] = await tx
          .insert(sandboxTransfers)
          .values({
            id,
            destinationAccountId: account.id,
            amount: input.amount,
            description: input.description,
          })
          .returning();
        if (!row) throw new Error('transfer not stored');
        const event = { type: 'transfer.created', accountId: null, object: stripeShapedTransfer(row) };
        return { id, eventIds: [await recordEvent(tx, event, now())] };
      });
      await deps.afterTransfer?.(id);
      return (await gateway.retrieve('transfer', id)) as RetrievableObjects['transfer'];
    },

    async createConnectedAccount(input) {
      const id = await mutate('account.create', input, async (tx) => {
        if (!/^[A-Z]{2}$/.test(input.country)) throw invalid(`Invalid country: ${input.country}`, 'country');
        const id = newId('acct');
        await tx.insert(sandboxAccounts).values({
          id,
          email: input.email,
          businessName: input.businessName,
          country: input.country,
          currentlyDue: ONBOARDING_REQUIREMENTS,
          metadata: input.metadata,
        });
        return { id, eventIds: [] };
      });
      return (await gateway.retrieve('account', id)) as ConnectedAccount;
    },

    async createOnboardingLink(input) {
      // Like Stripe's account links: nothing is stored, so the key only has to be present. The link
      // itself is signed and expires (onboarding-link.ts): it is the capability to act on the account.
      if (!input.idempotencyKey) throw invalid('An idempotency key is required.', 'idempotencyKey');
      await accountRow(db, input.accountId);
      const expiresAt = new Date(now().getTime() + ONBOARDING_LINK_MINUTES * 60_000);
      const query = links.query({
        accountId: input.accountId,
        returnUrl: input.returnUrl,
        refreshUrl: input.refreshUrl,
        expires: Math.floor(expiresAt.getTime() / 1000),
      });
      return { url: `${deps.onboardingUrl(input.accountId)}?${query}`, expiresAt };
    },

    async retrieve(kind, id, options = {}) {
      const scope = options.connectedAccountId;
      const found = await (async (): Promise<RetrievableObjects[keyof RetrievableObjects] | null> => {
        switch (kind) {
          case 'customer': {
            const [row] = await db.select().from(sandboxCustomers).where(eq(sandboxCustomers.id, id));
            return row && row.accountId === (scope ?? null) ? customerOf(row) : null;
          }
          case 'charge': {
            const [row] = await db.select().from(sandboxCharges).where(eq(sandboxCharges.id, id));
            return row && row.accountId === (scope ?? null)
              ? chargeOf(row, await cardLast4(db, row.cardId))
              : null;
          }
          case 'refund': {
            const [row] = await db
              .select({ refund: sandboxRefunds, accountId: sandboxCharges.accountId })
              .from(sandboxRefunds)
              .innerJoin(sandboxCharges, eq(sandboxCharges.id, sandboxRefunds.chargeId))
              .where(eq(sandboxRefunds.id, id));
            return row && row.accountId === (scope ?? null) ? refundOf(row.refund) : null;
          }
          case 'transfer': {
            const [row] = await db.select().from(sandboxTransfers).where(eq(sandboxTransfers.id, id));
            return row ? transferOf(row) : null;
          }
          case 'account': {
            const [row] = await db.select().from(sandboxAccounts).where(eq(sandboxAccounts.id, id));
            return row ? accountOf(row) : null;
          }
        }
      })();
      return found as never;
    },

    async findChargeByIdempotencyKey({ idempotencyKey, connectedAccountId }) {
      const [row] = await db
        .select()
        .from(sandboxCharges)
        .where(
          and(
            eq(sandboxCharges.idempotencyKey, idempotencyKey),
            onAccount(sandboxCharges.accountId, connectedAccountId),
          ),
        );
      return row ? chargeOf(row, await cardLast4(db, row.cardId)) : null;
    },

    listRecords: (input) => listSandboxRecords(db, input.since),

    async verifyWebhook(rawBody, signatureHeader): Promise<GatewayEvent> {
      verifyWebhookSignature(
        deps.webhookSecret,
        rawBody,
        signatureHeader,
        Math.floor(now().getTime() / 1000),
      );
      return parseStripeShapedEvent(rawBody);
    },
  };

  /** A token from the sandbox card form, or one of Stripe's named test tokens; single use. */
  async function cardFromToken(tx: Executor, token: string) {
    const namedNumber = TEST_TOKENS[token];
    if (namedNumber) {
      const test = testCardOf(namedNumber);
      if (!test) throw invalid(`No such token: '${token}'`, 'source');
      const year = now().getUTCFullYear() + 3;
      return {
        brand: test.brand,
        last4: namedNumber.slice(-4),
        expMonth: 12,
        expYear: year,
        holderName: '',
        address: null,
        behaviour: test.behaviour,
      };
    }
    const [row] = await tx
      .update(sandboxTokens)
      .set({ usedAt: now() })
      .where(and(eq(sandboxTokens.id, token), isNull(sandboxTokens.usedAt)))
      .returning();
    if (!row) throw invalid(`No such token: '${token}' (or it was already used)`, 'source');
    const test = testCardOf(row.number);
    if (!test) throw invalid('Use a sandbox test card number.', 'number');
    return {
      brand: test.brand,
      last4: row.number.slice(-4),
      expMonth: row.expMonth,
      expYear: row.expYear,
      holderName: row.holderName,
      address: row.address,
      behaviour: test.behaviour,
    };
  }

  /** The platform's balance (accountId null) or a connected account's: what it collected, less what went out. */
  async function balanceIn(tx: Executor, accountId: string | null): Promise<Cents> {
    const isPlatform = accountId === null;
    const rows = await tx.execute<{ balance: string | number | null }>(sql`
      select
        coalesce((select sum(case when ${isPlatform} then
                    case when account_id is null then amount - amount_refunded
                         else coalesce(application_fee, 0) - application_fee_refunded end
                  else amount - amount_refunded - coalesce(application_fee, 0) + application_fee_refunded end)
                  from sandbox_charges
                  where ${isPlatform} or account_id = ${accountId}), 0)
        + coalesce((select sum(case when ${isPlatform} then -amount else amount end)
                    from sandbox_transfers
                    where ${isPlatform} or destination_account_id = ${accountId}), 0) as balance`);
    const row = (rows as unknown as { rows: { balance: string | number | null }[] }).rows[0];
    // A sum is int8/numeric: PGlite answers a number, node-postgres text; BigInt reads both exactly.
    return centsFromBigInt(BigInt(row?.balance ?? 0));
  }

  return {
    ...gateway,
    /** Sandbox-only: what the card form does with a typed test card (Stripe.js does this for Stripe). */
    async createCardToken(input: {
      number: string;
      expMonth: number;
      expYear: number;
      holderName: string;
      address?: Record<string, string>;
    }): Promise<string> {
      const number = input.number.replace(/[\s-]/g, '');
      if (!testCardOf(number))
        throw invalid('This is the sandbox: use a test card number such as 4242 4242 4242 4242.', 'number');
      if (!Number.isInteger(input.expMonth) || input.expMonth < 1 || input.expMonth > 12)
        throw invalid("Your card's expiration month is invalid.", 'exp_month');
      const today = now();
      const expired =
        input.expYear < today.getUTCFullYear() ||
        (input.expYear === today.getUTCFullYear() && input.expMonth < today.getUTCMonth() + 1);
      if (!Number.isInteger(input.expYear) || expired)
        throw invalid("Your card's expiration year is invalid.", 'exp_year');
      const id = newId('tok');
      await db.insert(sandboxTokens).values({ id, ...input, number, address: input.address ?? null });
      return id;
    },
    /** Sandbox-only: the account holder submitted the onboarding form (pending → inverification). */
    submitOnboarding(accountId: string) {
      return updateAccount(
        accountId,
        (a) => a.status === 'pending',
        { detailsSubmitted: true, currentlyDue: [], pendingVerification: VERIFICATION_CHECKS },
        'Only an account whose onboarding is pending can submit its details.',
      );
    },
    /** Sandbox-only: verification ends (inverification → completed, failed, or with charges/payouts off). */
    finishVerification(accountId: string, outcome: VerificationOutcome) {
      const outcomes: Record<VerificationOutcome, Partial<typeof sandboxAccounts.$inferInsert>> = {
        verified: { chargesEnabled: true, payoutsEnabled: true },
        rejected: { disabledReason: 'rejected.other' },
        charges_disabled: {
          payoutsEnabled: true,
          pastDue: ['company.tax_id'],
          disabledReason: 'requirements.past_due',
        },
        payouts_disabled: { chargesEnabled: true, pastDue: ['external_account'] },
      };
      return updateAccount(
        accountId,
        (a) => a.status === 'inverification' && a.requirements.pendingVerification.length > 0,
        { pendingVerification: [], ...outcomes[outcome] },
        'Only an account in verification can finish verification.',
      );
    },
    /**
     * Sandbox-only: the account holder provides what verification left past due, so charges and
     * payouts are enabled again (how an 'Action Required' account is fixed through an account link).
     */
    resolveRequirements(accountId: string) {
      return updateAccount(
        accountId,
        (a) =>
          a.status !== 'failed' &&
          a.detailsSubmitted &&
          a.requirements.pendingVerification.length === 0 &&
          (!a.chargesEnabled || !a.payoutsEnabled),
        { chargesEnabled: true, payoutsEnabled: true, pastDue: [], disabledReason: null },
        'Only a verified account with charges or payouts disabled has information to provide.',
      );
    },
    /** Sandbox-only: reads an onboarding link's query for an account (the onboarding page's check). */
    readOnboardingLink: (accountId: string, query: Record<string, unknown>) =>
      links.read(accountId, query, Math.floor(now().getTime() / 1000)),
    /** Sandbox-only: an account's available balance (a connected account's, or the platform's with null). */
    balance: (accountId: string | null) => balanceIn(db, accountId),
    deliveries: deps.deliveries,
  };
}

export type SandboxGateway = ReturnType<typeof createSandboxGateway>;

/** The decline a test card produces, as Stripe reports it. */
function failLikeTheTestCard(behaviour: CardBehaviour): void {
  switch (behaviour) {
    case 'succeeds':
      return;
    case 'generic_decline':
    case 'charge_declined_after_save':
      throw new GatewayError('card_declined', 'Your card was declined.', 'generic_decline');
    case 'insufficient_funds':
      throw new GatewayError('card_declined', 'Your card has insufficient funds.', 'insufficient_funds');
    case 'expired_card':
      throw new GatewayError('card_declined', 'Your card has expired.', 'expired_card');
    case 'authentication_required':
      throw new GatewayError(
        'authentication_required',
        'Your card requires authentication to complete this payment.',
      );
  }
}

/** Reads a Stripe-shaped event body (the sandbox posts Stripe's shape, so one reader serves both). */
export function parseStripeShapedEvent(rawBody: string): GatewayEvent {
  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody);
  } catch {
    throw new WebhookSignatureError('Webhook body is not JSON.');
  }
  const event = parsed as {
    id?: unknown;
    type?: unknown;
    created?: unknown;
    account?: unknown;
    data?: { object?: unknown };
  };
  const object = event.data?.object as GatewayEvent['object'] | undefined;
  if (
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    !Number.isSafeInteger(event.created) ||
    !object ||
    typeof object.id !== 'string'
  )
    throw new WebhookSignatureError('Webhook body is not an event (id, type, created, data.object).');
  return {
    id: event.id,
    type: event.type,
    created: event.created as number,
    account: typeof event.account === 'string' ? event.account : null,
    object,
  };
}
