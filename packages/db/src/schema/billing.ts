import type { Cents, Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { campaigns } from './campaigns.js';
import { paymentTermEnum } from './enums.js';
import { ledgerAccounts } from './ledger.js';
import { companies, systems } from './tenancy.js';

/*
 * Money over time (decision 0072): the billing module's own tables. Balances are never stored here:
 * a lot names the ledger account its purchase was posted to, and what is left is a sum of that
 * account's lines, spent oldest lot first.
 */

const money = () => bigint({ mode: 'number' }).$type<Cents>();
const micros = () => bigint({ mode: 'number' }).$type<Micros>();
const at = () => timestamp({ withTimezone: true });

export type BillingLotKind = 'wallet' | 'prepaid';
/** How value reached the account: bought (a top-up, a block), or given back into a wallet by a refund (decision 0087). */
export type BillingLotOrigin = 'purchase' | 'refund';

/**
 * One purchase of prepaid value: a Data Wallet top-up (cents, on the agency's wallet account) or a
 * block of prepaid leads (leads, on the client's prepaid account for the campaign). `quantity` is what
 * was bought; what remains is the account's sum spent oldest lot first. `sourceKey` is the business
 * operation that bought it, so a purchase opens one lot however often its follow-up runs. A wallet
 * lot may also be money a prepaid refund gave back into the wallet (`origin` 'refund', decision 0087):
 * it expires and is spent like a top-up, but is no purchase (not the n of the next top-up).
 */
export const billingLots = pgTable(
  'billing_lots',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** Whose balance: the agency (wallet) or the client (prepaid). */
    companyId: integer()
      .notNull()
      .references(() => companies.id),
    campaignId: integer().references(() => campaigns.id),
    kind: text().$type<BillingLotKind>().notNull(),
    origin: text().$type<BillingLotOrigin>().notNull().default('purchase'),
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    quantity: bigint({ mode: 'number' }).notNull(),
    /** Prepaid: what each lead of the block cost the client and the agency (refunds of the unused part). */
    clientPriceMicros: micros(),
    wholesaleMicros: micros(),
    boughtAt: at().notNull(),
    /** When what is left of it lapses (a wallet purchase: 12 months); null: never. */
    expiresAt: at(),
    /**
     * When its expiry was posted (what was left of it moved to revenue, possibly nothing): the lot no
     * longer counts in the allocation of the balance, and the expiry job passes it by.
     */
    lapsedAt: at(),
    sourceKey: text().notNull(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    unique('billing_lots_source_key').on(t.sourceKey),
    check(
      'billing_lots_origin',
      sql`${t.origin} = 'purchase' or (${t.origin} = 'refund' and ${t.kind} = 'wallet')`,
    ),
    index('billing_lots_account_idx').on(t.accountId, t.boughtAt, t.id),
    index('billing_lots_campaign_idx').on(t.campaignId).where(sql`${t.campaignId} is not null`),
    index('billing_lots_expiry_idx').on(t.expiresAt).where(sql`${t.expiresAt} is not null`),
    check('billing_lots_kind', sql`${t.kind} in ('wallet', 'prepaid')`),
    check('billing_lots_quantity', sql`${t.quantity} > 0`),
    check('billing_lots_lapse', sql`${t.lapsedAt} is null or ${t.expiresAt} is not null`),
    check(
      'billing_lots_prepaid_campaign',
      sql`(${t.kind} = 'prepaid') = (${t.campaignId} is not null)
          and (${t.kind} = 'prepaid') = (${t.clientPriceMicros} is not null and ${t.wholesaleMicros} is not null)`,
    ),
  ],
);

/**
 * An agency's Data Wallet settings (spec 2 §2, §4): the chosen top-up amount, whether it was typed
 * (custom mode, at least $2,500) or one of the presets, and whether continual top-up is stopped. No
 * balance: that is the ledger's sum of the wallet account. `topupDueAt` is set in the transaction of
 * a spend that leaves the balance below 10 % of the amount, and cleared by the automatic top-up job
 * once it has dealt with it: the wallet's own outbox, so no top-up is lost or run before the spend commits.
 */
export const dataWalletSettings = pgTable(
  'data_wallet_settings',
  {
    companyId: integer()
      .primaryKey()
      .references(() => companies.id),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    amount: money().notNull(),
    customAmount: boolean().notNull(),
    stopContinual: boolean().notNull(),
    topupDueAt: at(),
    updatedAt: at().notNull(),
  },
  (t) => [
    check('data_wallet_settings_amount', sql`${t.amount} >= 0`),
    index('data_wallet_settings_due_idx').on(t.topupDueAt).where(sql`${t.topupDueAt} is not null`),
  ],
);

/**
 * A campaign's billing clock for one activation: Weekly and Monthly campaigns are invoiced at the end
 * of each period counted from `anchorDate` in `timeZone`; `nextPeriod` is the first period not yet
 * invoiced. `endedAt` is set when the campaign stops (its final invoice covers the leads to then).
 */
export const billingSchedules = pgTable(
  'billing_schedules',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    activation: integer().notNull(),
    term: paymentTermEnum().notNull(),
    anchorDate: date({ mode: 'string' }).notNull(),
    timeZone: text().notNull(),
    startedAt: at().notNull(),
    nextPeriod: integer().notNull().default(0),
    /**
     * Leads before this instant are invoiced already: manual bill switched on mid-period cut the
     * window with a `switch` invoice to the client, and later windows start here (decision 0082).
     */
    billedThrough: at(),
    endedAt: at(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    unique('billing_schedules_campaign_activation').on(t.campaignId, t.activation),
    index('billing_schedules_open_idx').on(t.id).where(sql`${t.endedAt} is null`),
    check('billing_schedules_next_period', sql`${t.nextPeriod} >= 0 and ${t.activation} >= 1`),
  ],
);

export type InvoiceStatus = 'open' | 'paid' | 'failed' | 'void';
export type InvoicePayer = 'client' | 'agency';

/**
 * One invoice: a campaign's period (`period` ≥ 0), its final invoice when it stops (`period` null,
 * kind 'final'), the leads to date when manual bill switches on (kind 'switch', once per schedule), or
 * another billed subject. The unique key makes one invoice per campaign, activation
 * and period however often or concurrently the job runs. Numbers are per system and never reused.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    number: text().notNull(),
    kind: text().$type<'period' | 'final' | 'switch'>().notNull(),
    scheduleId: bigint({ mode: 'number' })
      .notNull()
      .references(() => billingSchedules.id),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    period: integer(),
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    /** Who is charged: the client (its card, on the agency's account) or the agency (manual bill). */
    payer: text().$type<InvoicePayer>().notNull(),
    periodStart: at().notNull(),
    periodEnd: at().notNull(),
    leadCount: integer().notNull(),
    total: money().notNull(),
    /** What of the total is the platform's: the application fee, or all of an agency's charge. */
    platformPart: money().notNull(),
    status: text().$type<InvoiceStatus>().notNull(),
    /** The obligation its charge pays (`invoice:<id>`), when anything is due. */
    obligationKey: text(),
    chargeId: text(),
    issuedAt: at().notNull(),
    paidAt: at(),
    /**
     * Retries of a declined charge (decision 0075): the clock's instant of the first decline, how many
     * scheduled retries were made, and when the next is due (null: none left, or not failed).
     */
    firstFailedAt: at(),
    retries: integer().notNull().default(0),
    nextRetryAt: at(),
    /** When its e-mail to the payer was queued (decision 0084): null until then. */
    emailedAt: at(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    index('invoices_retry_due_idx').on(t.nextRetryAt).where(sql`${t.status} = 'failed'`),
    // The invoice job charges what is open, in id order, after writing (decision 0086).
    index('invoices_open_idx').on(t.id).where(sql`${t.status} = 'open'`),
    index('invoices_email_due_idx').on(t.id).where(sql`${t.emailedAt} is null`),
    unique('invoices_number').on(t.systemId, t.number),
    unique('invoices_once_per_period').on(t.scheduleId, t.kind, t.period).nullsNotDistinct(),
    index('invoices_client_idx').on(t.clientId, t.issuedAt),
    index('invoices_agency_idx').on(t.agencyId, t.issuedAt),
    index('invoices_campaign_idx').on(t.campaignId, t.issuedAt),
    check('invoices_kind', sql`${t.kind} in ('period', 'final', 'switch')`),
    check('invoices_period', sql`(${t.kind} = 'period') = (${t.period} is not null)`),
    check('invoices_status', sql`${t.status} in ('open', 'paid', 'failed', 'void')`),
    check('invoices_payer', sql`${t.payer} in ('client', 'agency')`),
    check(
      'invoices_amounts',
      sql`${t.total} >= 0 and ${t.platformPart} >= 0 and ${t.platformPart} <= ${t.total} and ${t.leadCount} >= 0`,
    ),
    check('invoices_window', sql`${t.periodEnd} >= ${t.periodStart}`),
  ],
);

/** An invoice's lines: leads by unit price, the period fee, refunds… in the order printed. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    invoiceId: bigint({ mode: 'number' })
      .notNull()
      .references(() => invoices.id),
    position: smallint().notNull(),
    kind: text().notNull(),
    description: text().notNull(),
    quantity: integer().notNull(),
    unitPriceMicros: micros().notNull(),
    amount: money().notNull(),
    /** The platform's part of this line (its wholesale, or all of it when the agency pays). */
    platformPart: money().notNull(),
  },
  (t) => [
    unique('invoice_lines_position').on(t.invoiceId, t.position),
    check('invoice_lines_kind', sql`${t.kind} ~ '^[a-z][a-z_]{0,30}$'`),
  ],
);

/** The last invoice number each system gave (numbers are `<prefix>-<n>`, n counting from 1). */
export const invoiceNumbers = pgTable('invoice_numbers', {
  systemId: integer()
    .primaryKey()
    .references(() => systems.id),
  last: integer().notNull(),
});

export type MinimumSpendChargeStatus = 'none' | 'open' | 'paid' | 'failed';

/**
 * One month of an agency's minimum spend (decision 0077): what the month asked, the wholesale the
 * agency spent in it (read from the ledger) and the shortfall charged to its card. Written once per
 * agency and month (the unique key), before the charge; the charge's key is `business_key`
 * (`minspend:<agency>:<month start>`), its follow-up marks the row paid where the charge is recorded.
 */
export const minimumSpendCharges = pgTable(
  'minimum_spend_charges',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The month from the agency's start: 0 is its first month. */
    monthIndex: integer().notNull(),
    /** The month's local dates (its zone: pricing's MINIMUM_SPEND_TIME_ZONE) and instants. */
    startDate: date({ mode: 'string' }).notNull(),
    endDate: date({ mode: 'string' }).notNull(),
    periodStart: at().notNull(),
    periodEnd: at().notNull(),
    /** What set the minimum: the plan's id, or null for the system's root schedule. */
    planId: integer(),
    minimum: money().notNull(),
    spent: money().notNull(),
    shortfall: money().notNull(),
    status: text().$type<MinimumSpendChargeStatus>().notNull(),
    businessKey: text().notNull(),
    operationId: bigint({ mode: 'number' }),
    chargeId: text(),
    failureCode: text(),
    failureMessage: text(),
    /** When the notice e-mail was queued: once per month. */
    noticeQueuedAt: at(),
    paidAt: at(),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    unique('minimum_spend_charges_once_per_month').on(t.agencyId, t.startDate),
    unique('minimum_spend_charges_business_key').on(t.businessKey),
    index('minimum_spend_charges_status_idx').on(t.status),
    check('minimum_spend_charges_status', sql`${t.status} in ('none', 'open', 'paid', 'failed')`),
    check(
      'minimum_spend_charges_amounts',
      sql`${t.minimum} >= 0 and ${t.shortfall} >= 0 and ${t.shortfall} <= ${t.minimum} and (${t.status} = 'none') = (${t.shortfall} = 0)`,
    ),
  ],
);

export type PrepaidRefundStatus = 'pending' | 'refunded' | 'failed';

/** One gateway refund a prepaid refund makes: which charge, how much, and the fee it gives back. */
/** What a prepaid refund gives back into the Data Wallet of one wallet spend (its ledger posting). */
export interface PrepaidRefundWalletPart {
  spendPostingId: number;
  amount: number;
}

export interface PrepaidRefundCall {
  /** The gateway idempotency key: the refund's business key and the charge's role. */
  key: string;
  gateway: string;
  chargeId: string;
  connectedAccountId: string | null;
  /** The company whose card the charge was on (its charges-and-payments account shows the refund). */
  companyId: number;
  amount: number;
  /** Of `amount`, the platform's application fee given back (a direct charge); else 0. */
  applicationFeeBack: number;
  /** The gateway's refund, once made. */
  refundId: string | null;
}

/**
 * The refund of a stopped prepaid campaign's unused leads (decision 0078): the leads are posted out
 * when the row is written (under the lots' lock, so a lead claim either came first or finds none), the
 * gateway refunds follow, and the money lines post when all are made. `businessKey`
 * (`prepaid-refund:<campaign>:<last lot>`) makes one refund per set of lots however often asked.
 */
export const prepaidRefunds = pgTable(
  'prepaid_refunds',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    clientId: integer()
      .notNull()
      .references(() => companies.id),
    businessKey: text().notNull(),
    status: text().$type<PrepaidRefundStatus>().notNull(),
    leads: integer().notNull(),
    clientCents: money().notNull(),
    agencyCardCents: money().notNull(),
    wholesaleBackCents: money().notNull(),
    /**
     * What goes back into the agency's Data Wallet (what it paid instead of the card, decision 0087),
     * and whose wallet: credited once, in the transaction that marks the refund refunded.
     */
    walletCents: money()
      .notNull()
      .default(0 as Cents),
    walletAgencyId: integer().references(() => companies.id),
    /**
     * Of `walletCents`, what each wallet spend that paid a block gets back (decision 0089): the sales
     * commissions earned on the spend are reversed on it.
     */
    walletParts: jsonb().$type<PrepaidRefundWalletPart[]>().notNull().default(sql`'[]'::jsonb`),
    calls: jsonb().$type<PrepaidRefundCall[]>().notNull(),
    failureMessage: text(),
    createdAt: at().notNull(),
    settledAt: at(),
    /** When the sales commissions on the refunded money were reversed (decision 0084); null until then. */
    commissionsReversedAt: at(),
  },
  (t) => [
    unique('prepaid_refunds_business_key').on(t.businessKey),
    index('prepaid_refunds_commissions_due_idx')
      .on(t.id)
      .where(sql`${t.status} = 'refunded' and ${t.commissionsReversedAt} is null`),
    index('prepaid_refunds_campaign_idx').on(t.campaignId, t.id),
    index('prepaid_refunds_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('prepaid_refunds_status', sql`${t.status} in ('pending', 'refunded', 'failed')`),
    check(
      'prepaid_refunds_amounts',
      sql`${t.leads} > 0 and ${t.clientCents} >= 0 and ${t.agencyCardCents} >= 0`,
    ),
    check(
      'prepaid_refunds_wallet',
      sql`${t.walletCents} >= 0 and (${t.walletCents} = 0 or ${t.walletAgencyId} is not null)`,
    ),
  ],
);

/**
 * One reminder e-mail per payer per local day while a declined charge stays unpaid (decision 0075):
 * the unique key makes a second run of the day send nothing.
 */
export const paymentReminders = pgTable(
  'payment_reminders',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    payerCompanyId: integer()
      .notNull()
      .references(() => companies.id),
    /** The payer's day (yyyy-mm-dd in the system's reminder zone) the reminder was for. */
    day: date({ mode: 'string' }).notNull(),
    total: money().notNull(),
    sentAt: at().notNull(),
  },
  (t) => [unique('payment_reminders_once_a_day').on(t.payerCompanyId, t.day)],
);
