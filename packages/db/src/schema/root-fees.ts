import type { Cents, Micros } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, jsonb, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { ledgerPostings } from './ledger.js';
import { systems } from './tenancy.js';

/*
 * Root fees (decision 0081), owned by the billing module: what each non-master system owes the master
 * system per calendar month (UTC) for the leads its campaigns delivered, at the root fee frozen on each
 * lead, and the transfer that paid it. The amounts owed are ledger sums (`root_fee_payable` in the
 * paying system, `root_fee_receivable` in the master's); this row makes each month once and pays it once.
 */

const at = () => timestamp({ withTimezone: true });

/** One line of a statement: so many leads at one root fee, in cents once for the line. */
export interface RootFeeStatementLine {
  leads: number;
  unitPriceMicros: Micros;
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
    status: text().$type<'due' | 'paid' | 'failed' | 'nothing_due'>().notNull(),
    /** Which try of the transfer this is: the key gains `:attempt-<n>` after a refused one. */
    attempt: integer().notNull().default(1),
    /** Set before the gateway is asked, so a retry after a crash asks with the same key and destination. */
    gateway: text(),
    destinationAccountId: text(),
    transferId: text(),
    failure: text(),
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
  ],
);
