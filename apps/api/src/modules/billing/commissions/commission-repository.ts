import type { Cents } from '@app/contracts';
import {
  and,
  commissionPayouts,
  commissionSettings,
  companies,
  type Database,
  type Executor,
  eq,
  inArray,
  salesCommissions,
  sql,
} from '@app/db';
import { DEFAULT_COMMISSION_BPS } from '@app/pricing';
import type { CommissionShare } from './commission-share.js';

export type CommissionRole = 'sales_rep' | 'account_executive' | 'referrer';

/** A collected charge a linked sales person has not earned their commission on yet. */
export interface UnearnedCommission {
  operationId: number;
  operationSettledAt: Date;
  systemId: number;
  agencyId: number;
  salesUserId: number;
  role: CommissionRole;
  /** The platform's part of the charge: its application fee (a client's direct charge), else all of it. */
  base: Cents;
  description: string;
}

export type PayoutRow = typeof commissionPayouts.$inferSelect;

/** The SQL of sales commissions (decision 0080): the only code that writes its three tables. */
export function createCommissionRepository(db: Database) {
  return {
    async rateOf(systemId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ rateBps: commissionSettings.rateBps })
        .from(commissionSettings)
        .where(eq(commissionSettings.systemId, systemId));
      return row?.rateBps ?? DEFAULT_COMMISSION_BPS;
    },

    /**
     * Where reading collected charges resumes: a few minutes before the latest one earned on, since
     * charges settled in transactions that commit out of order; what is read again is skipped by
     * `earnedAmong`.
     */
    async resumeAt(): Promise<{ settledAt: Date; id: number } | null> {
      const [row] = await db
        .select({ latest: sql<string | null>`max(${salesCommissions.operationSettledAt})` })
        .from(salesCommissions);
      if (!row?.latest) return null;
      return { settledAt: new Date(new Date(row.latest).getTime() - 5 * 60_000), id: 0 };
    },

    /** The (operation, person) pairs of these operations already earned on. */
    async earnedAmong(operationIds: readonly number[]): Promise<Set<string>> {
      if (operationIds.length === 0) return new Set();
      const rows = await db
        .select({ operationId: salesCommissions.operationId, salesUserId: salesCommissions.salesUserId })
        .from(salesCommissions)
        .where(
          and(inArray(salesCommissions.operationId, [...operationIds]), eq(salesCommissions.kind, 'earned')),
        );
      return new Set(rows.map((r) => `${r.operationId}:${r.salesUserId}`));
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
          operationSettledAt: share.operationSettledAt,
          agencyId: share.agencyId,
          salesUserId: share.salesUserId,
          role: share.role,
          kind: share.kind,
          base: share.base,
          rateBps: share.rateBps,
          amount: share.amount,
          refundKey: share.refundKey ?? '',
        })
        .onConflictDoNothing()
        .returning({ id: salesCommissions.id });
      return inserted[0]?.id ?? null;
    },

    /** The earned commissions on these operations, with what reversals already took of each. */
    async earnedOn(operationIds: readonly number[], tx: Executor = db) {
      if (operationIds.length === 0) return [];
      const rows = await tx
        .select({
          operationId: salesCommissions.operationId,
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
        .where(inArray(salesCommissions.operationId, [...operationIds]));
      const reversed = new Map<string, number>();
      for (const r of rows)
        if (r.kind === 'reversed') {
          const key = `${r.operationId}:${r.salesUserId}`;
          reversed.set(key, (reversed.get(key) ?? 0) + r.amount);
        }
      return rows
        .filter((r) => r.kind === 'earned')
        .map((r) => ({ ...r, reversedSoFar: reversed.get(`${r.operationId}:${r.salesUserId}`) ?? 0 }));
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

    async markFailed(id: number, failure: string) {
      await db
        .update(commissionPayouts)
        .set({ status: 'failed', failure, settledAt: sql`now()` })
        .where(and(eq(commissionPayouts.id, id), eq(commissionPayouts.status, 'pending')));
    },
  };
}

export type CommissionRepository = ReturnType<typeof createCommissionRepository>;
