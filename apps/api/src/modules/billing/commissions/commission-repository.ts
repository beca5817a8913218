import { type Cents, centsFromBigInt } from '@app/contracts';
import {
  and,
  asc,
  commissionPayouts,
  commissionRateChanges,
  commissionSettings,
  companies,
  type Database,
  desc,
  type Executor,
  eq,
  inArray,
  isNotNull,
  queryRows,
  salesCommissions,
  sql,
} from '@app/db';
import type { CommissionShare } from './commission-share.js';

export type CommissionRole = 'sales_rep' | 'account_executive' | 'referrer';

/**
 * Where collected money comes from (decision 0089): a card charge that went through (a payment
 * operation) or a Data Wallet spend on campaign wholesale (its ledger posting).
 */
export type CommissionSource = 'charge' | 'spend';

/** Collected money a linked sales person has not earned their commission on yet. */
export interface UnearnedCommission {
  source: CommissionSource;
  /** The operation's id (a charge) or the spend's posting id. */
  sourceId: number;
  operationSettledAt: Date;
  systemId: number;
  agencyId: number;
  salesUserId: number;
  role: CommissionRole;
  /**
   * The platform's part of the money: a charge's application fee (a client's direct charge), else
   * all of it (a charge on the platform's account, a wallet spend).
   */
  base: Cents;
  description: string;
}

type DbInteger = string | number | bigint;
/** A summed bigint as the driver hands it (text on pg, a number or bigint on PGlite) → cents. */
const centsOf = (value: DbInteger): Cents => centsFromBigInt(BigInt(value));

/** The column of a source's id. */
const sourceColumn = (source: CommissionSource) =>
  source === 'charge' ? salesCommissions.operationId : salesCommissions.spendPostingId;

/** One month of a person's commissions (UTC), and the payouts, as the screen lists them. */
export interface CommissionMonthRow {
  month: string;
  earned: Cents;
  reversed: Cents;
}

export type PayoutRow = typeof commissionPayouts.$inferSelect;

/** The SQL of sales commissions (decision 0080): the only code that writes its three tables. */
export function createCommissionRepository(db: Database) {
  return {
    /** The system's rate now: its row, or the default when it never set one. */
    async currentRate(systemId: number): Promise<{ rateBps: number; updatedAt: Date } | null> {
      const [row] = await db
        .select({ rateBps: commissionSettings.rateBps, updatedAt: commissionSettings.updatedAt })
        .from(commissionSettings)
        .where(eq(commissionSettings.systemId, systemId));
      return row ?? null;
    },

    /** When each of the system's rates took effect, oldest first (what earning reads, decision 0089). */
    rateChanges: (systemId: number, order: 'oldest' | 'newest' = 'oldest', limit = 1_000) =>
      db
        .select({
          rateBps: commissionRateChanges.rateBps,
          effectiveFrom: commissionRateChanges.effectiveFrom,
          changedBy: commissionRateChanges.changedBy,
        })
        .from(commissionRateChanges)
        .where(eq(commissionRateChanges.systemId, systemId))
        .orderBy(
          ...(order === 'oldest'
            ? [asc(commissionRateChanges.effectiveFrom), asc(commissionRateChanges.id)]
            : [desc(commissionRateChanges.effectiveFrom), desc(commissionRateChanges.id)]),
        )
        .limit(limit),

    /**
     * Sets the system's rate from `at` on: the rate now and the change's row, in the caller's
     * transaction; nothing when it is the rate already. The settings row is locked first, so two
     * changes at once take turns and the later one's row is the later change.
     */
    async setRate(
      input: { systemId: number; rateBps: number; now: () => Date; changedBy: number },
      tx: Executor,
    ): Promise<{ previous: number | null; changed: boolean; at: Date }> {
      // The row lock below locks nothing while a system has no row yet (its first change): without
      // this lock, concurrent first sets of one rate each saw "no rate" and each wrote a change and a
      // user-log entry. The system's lock serialises them; the one after finds the rate already set.
      await tx.execute(sql`select pg_advisory_xact_lock(hashtext('commission_rate'), ${input.systemId})`);
      const [before] = await tx
        .select({ rateBps: commissionSettings.rateBps })
        .from(commissionSettings)
        .where(eq(commissionSettings.systemId, input.systemId))
        .for('update');
      // The time is read under the lock: changes are then written in the order of their times, so
      // the newest change (what earning reads) is the rate now. Read before it, a request that waited
      // for the lock wrote an older time after a newer one.
      const at = input.now();
      if (before?.rateBps === input.rateBps) return { previous: before.rateBps, changed: false, at };
      await tx
        .insert(commissionSettings)
        .values({ systemId: input.systemId, rateBps: input.rateBps, updatedAt: at })
        .onConflictDoUpdate({
          target: commissionSettings.systemId,
          set: { rateBps: input.rateBps, updatedAt: at },
        });
      await tx.insert(commissionRateChanges).values({
        systemId: input.systemId,
        rateBps: input.rateBps,
        effectiveFrom: at,
        changedBy: input.changedBy,
      });
      return { previous: before?.rateBps ?? null, changed: true, at };
    },

    /**
     * Where reading a source resumes: a few minutes before the latest of its money earned on, since
     * charges settle (and spends post) in transactions that commit out of order; what is read again
     * is skipped by `earnedAmong`.
     */
    async resumeAt(source: CommissionSource): Promise<{ settledAt: Date; id: number } | null> {
      const [row] = await db
        .select({ latest: sql<string | null>`max(${salesCommissions.operationSettledAt})` })
        .from(salesCommissions)
        .where(isNotNull(sourceColumn(source)));
      if (!row?.latest) return null;
      return { settledAt: new Date(new Date(row.latest).getTime() - 5 * 60_000), id: 0 };
    },

    /** The (source id, person) pairs of these charges or spends already earned on. */
    async earnedAmong(source: CommissionSource, ids: readonly number[]): Promise<Set<string>> {
      if (ids.length === 0) return new Set();
      const column = sourceColumn(source);
      const rows = await db
        .select({ sourceId: column, salesUserId: salesCommissions.salesUserId })
        .from(salesCommissions)
        .where(and(inArray(column, [...ids]), eq(salesCommissions.kind, 'earned')));
      return new Set(rows.map((r) => `${r.sourceId}:${r.salesUserId}`));
    },

    /** The agency of each company (itself, or a client's parent). */
    async agencyOf(companyIds: readonly number[]): Promise<Map<number, number>> {
      if (companyIds.length === 0) return new Map();
      const rows = await db
        .select({ id: companies.id, kind: companies.kind, parentId: companies.parentId })
        .from(companies)
        .where(inArray(companies.id, [...companyIds]));
      return new Map(
        rows.flatMap((r) => {
          const agency = r.kind === 'agency' ? r.id : r.parentId;
          return agency === null ? [] : [[r.id, agency] as const];
        }),
      );
    },

    /**
     * Records a share (earned or reversed, `commission-share.ts`) before its posting; null when another
     * run recorded it first (the unique key of operation, person, kind and refund).
     */
    async insertShare(share: CommissionShare, tx: Executor): Promise<number | null> {
      const inserted = await tx
        .insert(salesCommissions)
        .values({
          systemId: share.systemId,
          operationId: share.operationId,
          spendPostingId: share.spendPostingId,
          operationSettledAt: share.operationSettledAt,
          agencyId: share.agencyId,
          salesUserId: share.salesUserId,
          role: share.role,
          kind: share.kind,
          base: share.base,
          rateBps: share.rateBps,
          amount: share.amount,
          refundKey: share.refundKey ?? '',
          createdAt: share.recordedAt,
        })
        .onConflictDoNothing()
        .returning({ id: salesCommissions.id });
      return inserted[0]?.id ?? null;
    },

    /** The earned commissions on these charges or spends, with what reversals already took of each. */
    async earnedOn(source: CommissionSource, ids: readonly number[], tx: Executor = db) {
      if (ids.length === 0) return [];
      const column = sourceColumn(source);
      const rows = await tx
        .select({
          sourceId: column,
          operationId: salesCommissions.operationId,
          spendPostingId: salesCommissions.spendPostingId,
          salesUserId: salesCommissions.salesUserId,
          systemId: salesCommissions.systemId,
          agencyId: salesCommissions.agencyId,
          role: salesCommissions.role,
          operationSettledAt: salesCommissions.operationSettledAt,
          kind: salesCommissions.kind,
          base: salesCommissions.base,
          rateBps: salesCommissions.rateBps,
          amount: salesCommissions.amount,
        })
        .from(salesCommissions)
        .where(inArray(column, [...ids]));
      const reversed = new Map<string, number>();
      for (const r of rows)
        if (r.kind === 'reversed') {
          const key = `${r.sourceId}:${r.salesUserId}`;
          reversed.set(key, (reversed.get(key) ?? 0) + r.amount);
        }
      return rows
        .filter((r) => r.kind === 'earned')
        .map((r) => ({ ...r, reversedSoFar: reversed.get(`${r.sourceId}:${r.salesUserId}`) ?? 0 }));
    },

    async setPosting(id: number, postingId: number, tx: Executor) {
      await tx.update(salesCommissions).set({ postingId }).where(eq(salesCommissions.id, id));
    },

    /** The month's payout of the person: the one written now, or the one an earlier run wrote. */
    async openPayout(values: typeof commissionPayouts.$inferInsert): Promise<PayoutRow> {
      await db.insert(commissionPayouts).values(values).onConflictDoNothing();
      const [row] = await db
        .select()
        .from(commissionPayouts)
        .where(
          and(
            eq(commissionPayouts.salesUserId, values.salesUserId),
            eq(commissionPayouts.period, values.period),
          ),
        );
      if (!row) throw new Error('commission payout vanished after its insert');
      return row;
    },

    /** Payouts written but not settled (a crash or an outage between the row and the gateway). */
    pendingPayouts: () =>
      db
        .select()
        .from(commissionPayouts)
        .where(eq(commissionPayouts.status, 'pending'))
        .orderBy(commissionPayouts.id),

    /** Marks the payout paid by its transfer; false when another run marked it first. */
    async markPaid(id: number, paid: { transferId: string; postingId: number }, tx: Executor) {
      const rows = await tx
        .update(commissionPayouts)
        .set({
          status: 'paid',
          transferId: paid.transferId,
          postingId: paid.postingId,
          settledAt: sql`now()`,
        })
        .where(and(eq(commissionPayouts.id, id), eq(commissionPayouts.status, 'pending')))
        .returning({ id: commissionPayouts.id });
      return rows.length > 0;
    },

    /**
     * A person's commissions per month (UTC): earned by the month the money was collected, reversed
     * by the month it was given back (decision 0089).
     */
    async monthsOf(salesUserId: number): Promise<CommissionMonthRow[]> {
      const rows = await queryRows<{ month: string; earned: DbInteger; reversed: DbInteger }>(
        db,
        sql`select month, sum(earned)::bigint as earned, sum(reversed)::bigint as reversed
              from (select to_char(operation_settled_at at time zone 'UTC', 'YYYY-MM') as month,
                           amount as earned, 0 as reversed
                      from sales_commissions where sales_user_id = ${salesUserId} and kind = 'earned'
                    union all
                    select to_char(created_at at time zone 'UTC', 'YYYY-MM'), 0, amount
                      from sales_commissions where sales_user_id = ${salesUserId} and kind = 'reversed') m
             group by month order by month desc`,
      );
      return rows.map((r) => ({ month: r.month, earned: centsOf(r.earned), reversed: centsOf(r.reversed) }));
    },

    /** Earned and reversed over all time, per person of the system. */
    async totalsOf(systemId: number) {
      const rows = await queryRows<{ sales_user_id: number; earned: DbInteger; reversed: DbInteger }>(
        db,
        sql`select sales_user_id,
                   coalesce(sum(amount) filter (where kind = 'earned'), 0)::bigint as earned,
                   coalesce(sum(amount) filter (where kind = 'reversed'), 0)::bigint as reversed
              from sales_commissions where system_id = ${systemId}
             group by sales_user_id`,
      );
      return new Map(
        rows.map((r) => [r.sales_user_id, { earned: centsOf(r.earned), reversed: centsOf(r.reversed) }]),
      );
    },

    /** The payouts of the system (or of one person), newest month first. */
    payoutsOf: (filter: { systemId: number; salesUserId?: number }) =>
      db
        .select()
        .from(commissionPayouts)
        .where(
          and(
            eq(commissionPayouts.systemId, filter.systemId),
            filter.salesUserId === undefined
              ? undefined
              : eq(commissionPayouts.salesUserId, filter.salesUserId),
          ),
        )
        .orderBy(desc(commissionPayouts.period)),

    async markFailed(id: number, failure: string) {
      await db
        .update(commissionPayouts)
        .set({ status: 'failed', failure, settledAt: sql`now()` })
        .where(and(eq(commissionPayouts.id, id), eq(commissionPayouts.status, 'pending')));
    },
  };
}

export type CommissionRepository = ReturnType<typeof createCommissionRepository>;
