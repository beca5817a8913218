import type { Cents, Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { invoices } from './billing.js';
import { campaigns } from './campaigns.js';
import { ledgerPostings } from './ledger.js';
import { systems } from './tenancy.js';

/*
 * Root fees (decision 0081), owned by the billing module: what each non-master system owes the master
 * system per calendar month (UTC) for the leads its campaigns delivered, at the root fee frozen on each
 * lead, and the transfer that paid it. The amounts owed are ledger sums (`root_fee_payable` in the
 * paying system, `root_fee_receivable` in the master's); this row makes each month once and pays it once.
 * Decision 0088 adds the root fee of setup and period fees (`root_fee_charges`, counted by the first
 * statement made after each was charged), every missed month, and a back-off on refused transfers.
 */

const at = () => timestamp({ withTimezone: true });

/** One line of a statement: so many leads at one root fee, in cents once for the line. */
export interface RootFeeStatementLine {
  leads: number;
  unitPriceMicros: Micros;
  amount: Cents;
}

/** A statement's fees of one kind (decision 0088): how many were charged and their root fee in cents. */
export interface RootFeeStatementFeeLine {
  kind: 'setup_fee' | 'period_fee';
  count: number;
  amount: Cents;
}

export const rootFeeStatements = pgTable(
  'root_fee_statements',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The non-master system that owes. */
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The system paid (the master when the statement was made). */
    masterSystemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The calendar month (UTC), `YYYY-MM`. */
    month: text().notNull(),
    leadCount: integer().notNull(),
    amount: bigint({ mode: 'number' }).$type<Cents>().notNull(),
    lines: jsonb().$type<RootFeeStatementLine[]>().notNull(),
    /** The root fee of the setup and period fees it counts (`root_fee_charges` naming it), per kind. */
    feeLines: jsonb().$type<RootFeeStatementFeeLine[]>().notNull().default(sql`'[]'::jsonb`),
    status: text().$type<'due' | 'paid' | 'failed' | 'nothing_due'>().notNull(),
    /** Which try of the transfer this is: the key gains `:attempt-<n>` after a refused one. */
    attempt: integer().notNull().default(1),
    /** Set before the gateway is asked, so a retry after a crash asks with the same key and destination. */
    gateway: text(),
    destinationAccountId: text(),
    transferId: text(),
    failure: text(),
    /**
     * The back-off on refused transfers (decision 0088, the invoices' retry schedule): when the
     * current round of refusals began, how many scheduled retries it has made, and when the next
     * attempt is due (a refused statement is not asked again before it).
     */
    firstFailedAt: at(),
    retries: integer().notNull().default(0),
    nextAttemptAt: at(),
    /** The accruals in both systems' books, and the payment's two postings. */
    payablePostingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    receivablePostingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    paidPostingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    receivedPostingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    createdAt: at().defaultNow().notNull(),
    settledAt: at(),
  },
  (t) => [
    unique('root_fee_statements_once').on(t.systemId, t.month),
    index('root_fee_statements_master_idx').on(t.masterSystemId, t.month),
    index('root_fee_statements_open_idx').on(t.id).where(sql`${t.status} in ('due', 'failed')`),
    check('root_fee_statements_amount', sql`${t.amount} >= 0 and ${t.leadCount} >= 0`),
    check(
      'root_fee_statements_status',
      sql`${t.status} in ('due', 'paid', 'failed', 'nothing_due') and (${t.status} = 'nothing_due') = (${t.amount} = 0)`,
    ),
    check('root_fee_statements_month', sql`${t.month} ~ '^[0-9]{4}-[0-9]{2}$'`),
    check('root_fee_statements_not_to_itself', sql`${t.systemId} <> ${t.masterSystemId}`),
    check('root_fee_statements_retries', sql`${t.retries} >= 0`),
  ],
);

/**
 * The root fee part of a fee a non-master system's campaign was charged (decision 0088): an
 * activation's setup fee and first period's fee, or a period invoice's fee of the next period, at the
 * master's root prices when it was charged — the one place they are kept. Written in the transaction
 * that completes the activation or writes the invoice, once per `sourceKey` (the activation's charge
 * key, `invoice:<id>`); counted by exactly one statement, the first made for a month ending after
 * `chargedAt`, which names itself here in its own transaction.
 */
export const rootFeeCharges = pgTable(
  'root_fee_charges',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    /** The non-master system whose campaign was charged (it owes the master). */
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    campaignId: integer()
      .notNull()
      .references(() => campaigns.id),
    kind: text().$type<'activation' | 'period_fee'>().notNull(),
    /** `campaign-activation:<campaign>:<n>` or `invoice:<invoice id>`. */
    sourceKey: text().notNull(),
    invoiceId: bigint({ mode: 'number' }).references(() => invoices.id),
    setupFee: bigint({ mode: 'number' }).$type<Cents>().notNull(),
    periodFee: bigint({ mode: 'number' }).$type<Cents>().notNull(),
    chargedAt: at().notNull(),
    /** The statement that counted it; null until one does. */
    statementId: bigint({ mode: 'number' }).references(() => rootFeeStatements.id),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    unique('root_fee_charges_source_key').on(t.sourceKey),
    index('root_fee_charges_unstated_idx').on(t.systemId, t.chargedAt).where(sql`${t.statementId} is null`),
    index('root_fee_charges_statement_idx').on(t.statementId),
    check('root_fee_charges_kind', sql`${t.kind} in ('activation', 'period_fee')`),
    check(
      'root_fee_charges_amounts',
      sql`${t.setupFee} >= 0 and ${t.periodFee} >= 0 and ${t.setupFee} + ${t.periodFee} > 0`,
    ),
    check(
      'root_fee_charges_source',
      sql`(${t.kind} = 'period_fee') = (${t.invoiceId} is not null) and (${t.kind} = 'activation' or ${t.setupFee} = 0)`,
    ),
  ],
);
