import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  unique,
} from 'drizzle-orm/pg-core';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/**
 * The double-entry ledger (decision 0029). Only the API's ledger module reads or writes these
 * tables. The database itself keeps them append-only and every posting balanced: the triggers live
 * in the hand-written part of migration `0009_ledger.sql`, because Drizzle does not model triggers.
 */

/** A snake_case identifier: the purposes and causes grow in code, never by a schema change. */
const isIdentifier = (column: AnyPgColumn) => sql`${column} ~ '^[a-z][a-z0-9_]{0,62}$'`;

/**
 * One account: a party (the system itself, a company, or a person) and a purpose (`kind`), within
 * one system. `reference` is a finer key under the same owner and kind (a campaign's prepaid
 * balance) and '' when there is none.
 */
export const ledgerAccounts = pgTable(
  'ledger_accounts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    kind: text().notNull(),
    companyId: integer().references(() => companies.id),
    userId: integer().references(() => users.id),
    reference: text().notNull().default(''),
    /**
     * What its amounts count: US cents (money) or leads (a client's prepaid block, decision 0072).
     * Set from the kind by the ledger's catalogue; a posting never mixes units (checked at commit).
     */
    unit: text().notNull().default('usd_cents'),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('ledger_accounts_owner_kind_key')
      .on(t.systemId, t.kind, t.companyId, t.userId, t.reference)
      .nullsNotDistinct(),
    check('ledger_accounts_kind_format', isIdentifier(t.kind)),
    check('ledger_accounts_one_owner', sql`num_nonnulls(${t.companyId}, ${t.userId}) <= 1`),
    check('ledger_accounts_unit', sql`${t.unit} in ('usd_cents', 'leads')`),
  ],
);

/**
 * One business operation. `business_key` makes posting it twice impossible; `line_count` is the
 * number of lines it was posted with, which the commit-time check holds it to (no line can be added
 * later). The gateway object behind it is named when there is one.
 */
export const ledgerPostings = pgTable(
  'ledger_postings',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    causeKind: text().notNull(),
    description: text().notNull(),
    businessKey: text().notNull(),
    /** The company the operation concerns (the payer, the agency refunded…); null for system-only moves. */
    companyId: integer().references(() => companies.id),
    gateway: text(),
    gatewayObjectId: text(),
    lineCount: smallint().notNull(),
    createdAt: timestamp({ withTimezone: true }).defaultNow().notNull(),
  },
  (t) => [
    unique('ledger_postings_business_key').on(t.businessKey),
    index('ledger_postings_company_time_idx').on(t.companyId, t.createdAt),
    index('ledger_postings_gateway_object_idx').on(t.gateway, t.gatewayObjectId),
    // Data Wallet spends in posting order: what sales commissions are earned on (decision 0089).
    index('ledger_postings_wallet_spend_idx')
      .on(t.createdAt, t.id)
      .where(sql`${t.causeKind} = 'wallet_spend'`),
    check('ledger_postings_cause_format', isIdentifier(t.causeKind)),
    check('ledger_postings_description_present', sql`length(btrim(${t.description})) > 0`),
    check('ledger_postings_business_key_present', sql`length(btrim(${t.businessKey})) > 0`),
    check('ledger_postings_gateway_pair', sql`(${t.gateway} is null) = (${t.gatewayObjectId} is null)`),
    check('ledger_postings_line_count', sql`${t.lineCount} >= 2`),
  ],
);

/**
 * One line of a posting: signed integer cents, debit positive and credit negative. `posted_at` is
 * the posting's time (checked at commit), so one index serves a party's balance (index-only sum)
 * and its statement by month in posting order.
 */
export const ledgerLines = pgTable(
  'ledger_lines',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    postingId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerPostings.id),
    accountId: bigint({ mode: 'number' })
      .notNull()
      .references(() => ledgerAccounts.id),
    amount: bigint({ mode: 'number' }).notNull(),
    postedAt: timestamp({ withTimezone: true }).notNull(),
  },
  (t) => [
    index('ledger_lines_posting_idx').on(t.postingId),
    index('ledger_lines_account_statement_idx').on(t.accountId, t.postedAt, t.id, t.amount),
    check('ledger_lines_amount_nonzero', sql`${t.amount} <> 0`),
  ],
);
