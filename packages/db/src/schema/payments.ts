import type { Cents } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { ledgerAccounts } from './ledger.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Payments: what our webhook endpoint received (payment_events) and the connected-account state the
 * events carry (payment_accounts); then the sandbox gateway's own tables (sandbox_*), which play the
 * card processor's side and are never read by product code, only through the gateway port.
 */

const amount = (name?: string) => (name ? bigint(name, { mode: 'number' }) : bigint({ mode: 'number' }));
const createdAt = () => timestamp({ withTimezone: true }).defaultNow().notNull();

/** Every webhook event a gateway delivered, once: a repeated delivery of an id is a no-op. */
export const paymentEvents = pgTable(
  'payment_events',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    gateway: text().notNull(),
    /** The system whose webhook secret verified the event (its gateway reads the object); null = the sandbox's. */
    systemId: integer().references(() => systems.id),
    eventId: text().notNull(),
    type: text().notNull(),
    /** The provider's time of the event, in seconds (orders events of one object). */
    eventCreated: bigint({ mode: 'number' }).notNull(),
    connectedAccountId: text(),
    objectId: text().notNull(),
    payload: jsonb().$type<Record<string, unknown>>().notNull(),
    receivedAt: createdAt(),
    processedAt: timestamp({ withTimezone: true }),
    /** What processing did: 'applied', 'stale' (older than the stored state), 'recorded' (kept for later). */
    outcome: text(),
  },
  (t) => [
    uniqueIndex('payment_events_gateway_event_idx').on(t.gateway, t.eventId),
    index('payment_events_unprocessed_idx').on(t.receivedAt).where(sql`${t.processedAt} is null`),
  ],
);

/**
 * The connected payment accounts of agencies (companyId) and sales people (userId): the one table
 * every reader of "is the account connected" reads (decision 0033; it replaced connected_accounts).
 * A row is written when we create the account at the gateway and kept current by its webhook events
 * (status, flags, requirements). No row for an owner is the spec's empty status. Resetting the
 * connection detaches the row (detachedAt) instead of deleting it, so each owner has at most one
 * live account and the old ones stay readable; the number of detached rows numbers the next
 * connection's idempotency key.
 */
export const paymentAccounts = pgTable(
  'payment_accounts',
  {
    gateway: text().notNull(),
    accountId: text().notNull(),
    companyId: integer().references(() => companies.id),
    userId: integer().references(() => users.id),
    status: text().$type<'pending' | 'inverification' | 'completed' | 'failed'>().notNull(),
    chargesEnabled: boolean().notNull(),
    payoutsEnabled: boolean().notNull(),
    requirements: jsonb().$type<Record<string, unknown>>().notNull(),
    /** The newest event time this state reflects; an older event never overwrites it. */
    stateAsOf: bigint({ mode: 'number' }).notNull(),
    updatedAt: createdAt(),
    createdAt: createdAt(),
    /** When the owner reset the connection; a detached account no longer counts for its owner. */
    detachedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.gateway, t.accountId] }),
    uniqueIndex('payment_accounts_live_company_idx')
      .on(t.companyId)
      .where(sql`${t.detachedAt} is null and ${t.companyId} is not null`),
    uniqueIndex('payment_accounts_live_user_idx')
      .on(t.userId)
      .where(sql`${t.detachedAt} is null and ${t.userId} is not null`),
    check(
      'payment_accounts_status',
      sql`${t.status} in ('pending', 'inverification', 'completed', 'failed')`,
    ),
    check('payment_accounts_one_owner', sql`${t.companyId} is null or ${t.userId} is null`),
  ],
);

// ---- the sandbox gateway's side ----

export const sandboxAccounts = pgTable('sandbox_accounts', {
  id: text().primaryKey(),
  email: text().notNull(),
  businessName: text().notNull(),
  country: text().notNull(),
  detailsSubmitted: boolean().notNull().default(false),
  chargesEnabled: boolean().notNull().default(false),
  payoutsEnabled: boolean().notNull().default(false),
  currentlyDue: jsonb().$type<string[]>().notNull(),
  pastDue: jsonb().$type<string[]>().notNull().default([]),
  pendingVerification: jsonb().$type<string[]>().notNull().default([]),
  disabledReason: text(),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

/** A card as typed into the sandbox card form, waiting to be attached (single use, like a Stripe token). */
export const sandboxTokens = pgTable('sandbox_tokens', {
  id: text().primaryKey(),
  number: text().notNull(),
  expMonth: smallint().notNull(),
  expYear: smallint().notNull(),
  holderName: text().notNull(),
  address: jsonb().$type<Record<string, string>>(),
  usedAt: timestamp({ withTimezone: true }),
  createdAt: createdAt(),
});

export const sandboxCustomers = pgTable('sandbox_customers', {
  id: text().primaryKey(),
  /** The connected account the customer belongs to; null = the platform's. */
  accountId: text().references(() => sandboxAccounts.id),
  email: text().notNull(),
  name: text().notNull(),
  defaultCardId: text(),
  metadata: jsonb().$type<Record<string, string>>().notNull(),
  createdAt: createdAt(),
});

export const sandboxCards = pgTable(
  'sandbox_cards',
  {
    id: text().primaryKey(),
    customerId: text()
      .notNull()
      .references(() => sandboxCustomers.id),
    brand: text().notNull(),
    last4: text().notNull(),
    expMonth: smallint().notNull(),
    expYear: smallint().notNull(),
    holderName: text().notNull(),
    address: jsonb().$type<Record<string, string>>(),
    /** What charging it does, from the test card it came from ('succeeds', 'generic_decline', …). */
    behaviour: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('sandbox_cards_customer_idx').on(t.customerId)],
);

export const sandboxCharges = pgTable(
  'sandbox_charges',
  {
    id: text().primaryKey(),
    accountId: text().references(() => sandboxAccounts.id),
    customerId: text()
      .notNull()
      .references(() => sandboxCustomers.id),
    cardId: text()
      .notNull()
      .references(() => sandboxCards.id),
    amount: amount().notNull(),
    amountRefunded: amount().notNull().default(0),
    applicationFee: amount(),
    applicationFeeRefunded: amount().notNull().default(0),
    description: text().notNull(),
    metadata: jsonb().$type<Record<string, string>>().notNull(),
    idempotencyKey: text().notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('sandbox_charges_account_idx').on(t.accountId),
    check('sandbox_charges_amount_positive', sql`${t.amount} > 0`),
    check('sandbox_charges_refund_range', sql`${t.amountRefunded} between 0 and ${t.amount}`),
    check(
      'sandbox_charges_fee_range',
      sql`${t.applicationFee} is null or ${t.applicationFee} between 0 and ${t.amount}`,
    ),
  ],
);

export const sandboxRefunds = pgTable('sandbox_refunds', {
  id: text().primaryKey(),
  chargeId: text()
    .notNull()
    .references(() => sandboxCharges.id),
  amount: amount().notNull(),
  applicationFeeRefunded: amount().notNull().default(0),
  createdAt: createdAt(),
});

export const sandboxTransfers = pgTable('sandbox_transfers', {
  id: text().primaryKey(),
  destinationAccountId: text()
    .notNull()
    .references(() => sandboxAccounts.id),
  amount: amount().notNull(),
  description: text().notNull(),
  createdAt: createdAt(),
});

/** Events the sandbox emitted, in order, with how often each was delivered. */
export const sandboxEvents = pgTable('sandbox_events', {
  sequence: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  id: text().notNull().unique(),
  type: text().notNull(),
  accountId: text(),
  object: jsonb().$type<Record<string, unknown>>().notNull(),
  created: integer().notNull(),
  deliveries: integer().notNull().default(0),
  lastStatus: integer(),
});

/**
 * One row per business operation that charges a card through the gateway (decision 0031): written
 * before the call (pending), settled after it (succeeded with the charge id and its ledger posting,
 * or failed with the gateway's reason). The unique business key is what lets only one of many
 * concurrent requests call the gateway; the same key is the gateway call's idempotency key.
 */
export const paymentOperations = pgTable(
  'payment_operations',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    businessKey: text().notNull(),
    causeKind: text().notNull(),
    description: text().notNull(),
    companyId: integer().references(() => companies.id),
    gateway: text().notNull(),
    customerId: text().notNull(),
    amount: amount().$type<Cents>().notNull(),
    /** A direct charge on this connected account (a client paying its agency), else the platform's. */
    connectedAccountId: text(),
    /** The platform's part of a direct charge (decision 0045); null for the platform's own charges. */
    applicationFee: amount().$type<Cents>(),
    /**
     * What this charge pays, shared by every attempt at it (`campaign-activation:42:1` for the key
     * `campaign-activation:42:1:attempt-2`): a declined attempt leaves the payer owing it (a
     * `payment_failures` row), a charged one settles that (decision 0065). Null: a charge whose
     * decline owes nothing (the card is simply not saved, as at onboarding).
     */
    obligationKey: text(),
    /**
     * Where the collected money is credited when it is not the system's revenue: an agency's Data
     * Wallet account, for a top-up (decision 0072). Null: revenue (or application fees, for a direct charge).
     */
    creditAccountId: bigint({ mode: 'number' }).references(() => ledgerAccounts.id),
    /**
     * What the charge was for, done in the same transaction that records it (activate campaign 42,
     * open a prepaid block, …; decision 0072); `followUpDoneAt` says it ran. A crash between the
     * gateway and the record leaves both to the janitor, which records the charge and runs it.
     */
    followUp: jsonb().$type<PaymentFollowUp>(),
    followUpDoneAt: timestamp({ withTimezone: true }),
    status: text().$type<PaymentOperationStatus>().notNull().default('pending'),
    chargeId: text(),
    postingId: bigint({ mode: 'number' }),
    failureCode: text(),
    failureMessage: text(),
    createdAt: createdAt(),
    settledAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    uniqueIndex().on(t.businessKey),
    index().on(t.status, t.createdAt),
    // A company's card payments, newest first (its Billing History, decision 0091).
    index('payment_operations_company_idx').on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index('payment_operations_obligation_idx').on(t.obligationKey).where(sql`${t.obligationKey} is not null`),
    // Collected campaign charges in settlement order: where sales commissions resume (decision 0080).
    index('payment_operations_collected_idx')
      .on(t.settledAt, t.id)
      .where(sql`${t.status} = 'succeeded' and ${t.causeKind} = 'charge'`),
    check('payment_operations_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_operations_application_fee',
      sql`${t.applicationFee} is null or (${t.connectedAccountId} is not null and ${t.applicationFee} between 0 and ${t.amount})`,
    ),
    check('payment_operations_status', sql`${t.status} in ('pending', 'succeeded', 'failed')`),
    check(
      'payment_operations_follow_up_done',
      sql`${t.followUpDoneAt} is null or (${t.followUp} is not null and ${t.status} = 'succeeded')`,
    ),
    index('payment_operations_follow_up_due_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'succeeded' and ${t.followUp} is not null and ${t.followUpDoneAt} is null`),
    check(
      'payment_operations_settled',
      sql`(${t.status} = 'pending') = (${t.settledAt} is null) and (${t.status} = 'succeeded') = (${t.chargeId} is not null)`,
    ),
  ],
);

export type PaymentOperationStatus = 'pending' | 'succeeded' | 'failed';

/** A payment operation's follow-up: a kind its registry knows and that kind's own fields (JSON). */
export interface PaymentFollowUp {
  kind: string;
  [field: string]: unknown;
}

/**
 * What a payer owes because a charge was declined (decision 0065): one row per obligation (the
 * business operation the charge was for, every attempt's common key), open until a charge for it
 * goes through. A payer with an open row is payment-failed (a client is held on Card Setting, an
 * agency too); its agency's and the system's lists show it. The settlement of the money issue (retry
 * of the failed total, reminders) settles rows here too.
 */
export type PaymentFailureSettlement = 'paid' | 'wallet' | 'campaign_removed';

export const paymentFailures = pgTable(
  'payment_failures',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** Whose card was declined. */
    payerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The payer's agency (itself for an agency): the agency's and the system's lists read by it. */
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The campaign the charge was for, if any. */
    campaignId: integer().references(() => campaigns.id),
    obligationKey: text().notNull(),
    /** The amount of the last declined attempt. */
    amount: amount().$type<Cents>().notNull(),
    /** The gateway's words for the last decline. */
    reason: text().notNull(),
    /** The declined attempt; null when no attempt could be made (no card on file, decision 0075). */
    lastOperationId: bigint({ mode: 'number' }).references(() => paymentOperations.id),
    failedAt: timestamp({ withTimezone: true }).notNull(),
    settledAt: timestamp({ withTimezone: true }),
    /**
     * How it ended: `paid` (a charge for the obligation went through: `settledByOperationId`) or
     * `wallet` (the agency's Data Wallet paid it: no charge, so no operation; decision 0085 names the
     * spend's posting `wallet-pays:<obligation key>`), or `campaign_removed` (the campaign it would
     * have started is gone, so nothing is owed for it).
     */
    settlement: text().$type<PaymentFailureSettlement>(),
    settledByOperationId: bigint({ mode: 'number' }).references(() => paymentOperations.id),
  },
  (t) => [
    uniqueIndex().on(t.obligationKey),
    index('payment_failures_open_payer_idx').on(t.payerCompanyId).where(sql`${t.settledAt} is null`),
    index('payment_failures_open_agency_idx').on(t.agencyId).where(sql`${t.settledAt} is null`),
    check('payment_failures_amount_positive', sql`${t.amount} > 0`),
    check(
      'payment_failures_settled',
      sql`(${t.settledAt} is null) = (${t.settlement} is null)
        and coalesce(${t.settlement} = 'paid', false) = (${t.settledByOperationId} is not null)
        and (${t.settlement} is null or ${t.settlement} in ('paid', 'wallet', 'campaign_removed'))`,
    ),
  ],
);
