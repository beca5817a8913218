import type { Cents } from '@app/contracts';
import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { salesRoleEnum } from './enums.js';
import { ledgerPostings } from './ledger.js';
import { paymentOperations } from './payments.js';
import { companies, systems } from './tenancy.js';
import { users } from './users.js';

/*
 * Sales commissions (decision 0080), owned by the billing module: what each linked sales person
 * earned on the wholesale the platform collected, and the monthly transfers that pay it. The amounts
 * owed are ledger sums (`commission_payable`); these rows say which operation earned what, so each is
 * earned once, and which transfer paid which month, so each is paid once.
 */

const money = () => bigint({ mode: 'number' }).$type<Cents>();
const at = () => timestamp({ withTimezone: true });

/** A system's commission rate in basis points (500 = 5 %); a system without a row pays the default. */
export const commissionSettings = pgTable(
  'commission_settings',
  {
    systemId: integer()
      .primaryKey()
      .references(() => systems.id),
    rateBps: integer().notNull(),
    updatedAt: at().defaultNow().notNull(),
  },
  (t) => [check('commission_settings_rate', sql`${t.rateBps} between 0 and 5000`)],
);

/**
 * When each of a system's commission rates took effect (decision 0089): earning reads the rate in
 * force when the money was collected, so a change applies to money collected after it. Written with
 * `commission_settings` (the rate now) in one transaction; the migration starts each system that had
 * a rate with a row from 1970.
 */
export const commissionRateChanges = pgTable(
  'commission_rate_changes',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    rateBps: integer().notNull(),
    effectiveFrom: at().notNull(),
    /** Who set it (null for the migration's starting rows). */
    changedBy: integer().references(() => users.id),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    index('commission_rate_changes_system_idx').on(t.systemId, t.effectiveFrom, t.id),
    check('commission_rate_changes_rate', sql`${t.rateBps} between 0 and 5000`),
  ],
);

/**
 * One sales person's commission on collected money — a collected charge (the platform's part of
 * it) or a Data Wallet spend on campaign wholesale (decision 0089) — or the reversal of its share of
 * a refund of that money: one earned per source and person, one reversal per refund too.
 */
export const salesCommissions = pgTable(
  'sales_commissions',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    /** The collected charge it is a share of; null for a wallet spend's. */
    operationId: bigint({ mode: 'number' }).references(() => paymentOperations.id),
    /** The Data Wallet spend (its `wallet_spend` posting) it is a share of; null for a charge's. */
    spendPostingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    /**
     * When the money was collected: the operation settled, or the wallet spend was posted. Where the
     * next run's reading of its source resumes, and the month the commission counts in.
     */
    operationSettledAt: at().notNull(),
    agencyId: integer()
      .notNull()
      .references(() => companies.id),
    salesUserId: integer()
      .notNull()
      .references(() => users.id),
    role: salesRoleEnum().notNull(),
    kind: text().$type<'earned' | 'reversed'>().notNull(),
    /** The collected platform part the commission is a share of. */
    base: money().notNull(),
    rateBps: integer().notNull(),
    /** Positive when earned, negative when reversed; 0 (and no posting) when the share is under a cent. */
    amount: money().notNull(),
    postingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    /**
     * The refund a reversal is for (its business key, decision 0084); '' for an earned row. A charge
     * refunded in parts has a reversal per refund.
     */
    refundKey: text().notNull().default(''),
    createdAt: at().defaultNow().notNull(),
  },
  (t) => [
    unique('sales_commissions_once').on(t.operationId, t.salesUserId, t.kind, t.refundKey),
    unique('sales_commissions_spend_once').on(t.spendPostingId, t.salesUserId, t.kind, t.refundKey),
    index('sales_commissions_person_idx').on(t.salesUserId, t.createdAt),
    index('sales_commissions_settled_idx').on(t.operationSettledAt),
    index('sales_commissions_spend_settled_idx')
      .on(t.operationSettledAt)
      .where(sql`${t.spendPostingId} is not null`),
    check('sales_commissions_source', sql`num_nonnulls(${t.operationId}, ${t.spendPostingId}) = 1`),
    check('sales_commissions_kind', sql`${t.kind} in ('earned', 'reversed')`),
    check(
      'sales_commissions_sign',
      sql`(${t.kind} = 'earned' and ${t.amount} >= 0) or (${t.kind} = 'reversed' and ${t.amount} <= 0)`,
    ),
  ],
);

/**
 * One month's payout to a sales person: the transfer to their connected account of what they were
 * owed when it ran. Written before the gateway is asked (`pending`, with the transfer's idempotency
 * key), recorded after; a crash between the two is finished by the next run under the same key.
 */
export const commissionPayouts = pgTable(
  'commission_payouts',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    salesUserId: integer()
      .notNull()
      .references(() => users.id),
    /** The month paid for, `YYYY-MM`. */
    period: text().notNull(),
    amount: money().notNull(),
    /** The gateway of the destination account, where the transfer is made and read. */
    gateway: text().notNull(),
    destinationAccountId: text().notNull(),
    idempotencyKey: text().notNull(),
    status: text().$type<'pending' | 'paid' | 'failed'>().notNull().default('pending'),
    transferId: text(),
    postingId: bigint({ mode: 'number' }).references(() => ledgerPostings.id),
    failure: text(),
    createdAt: at().defaultNow().notNull(),
    settledAt: at(),
  },
  (t) => [
    unique('commission_payouts_once').on(t.salesUserId, t.period),
    index('commission_payouts_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
    check('commission_payouts_amount', sql`${t.amount} > 0`),
    check('commission_payouts_status', sql`${t.status} in ('pending', 'paid', 'failed')`),
    check('commission_payouts_period', sql`${t.period} ~ '^[0-9]{4}-[0-9]{2}$'`),
  ],
);
