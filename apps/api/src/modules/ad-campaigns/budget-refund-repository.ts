import type { Cents } from '@app/contracts';
import {
  type AdBudgetRefundCall,
  adBudgetCharges,
  adBudgetRefunds,
  adCampaignBudgets,
  type Database,
  type Executor,
} from '@app/db';
import { and, desc, eq, lt, sql } from 'drizzle-orm';
import type { AdBudgetChargeRow } from './ad-campaign-repository.js';

export type AdBudgetRefundRow = typeof adBudgetRefunds.$inferSelect;

/**
 * The refunds of stopped Simplifi campaigns' unspent budgets (decision 0110): the budget row's lock a
 * refund plans under, what each charge gave back already, and the refund rows' pending → settled.
 */
export function createBudgetRefundRepository(db: Database) {
  return {
    /** Holds the campaign's budget row to the transaction's end: one refund plans at a time. */
    async lockBudget(campaignId: number, tx: Executor): Promise<void> {
      await tx
        .select({ id: adCampaignBudgets.campaignId })
        .from(adCampaignBudgets)
        .where(eq(adCampaignBudgets.campaignId, campaignId))
        .for('update');
    },

    async pendingRefund(campaignId: number, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .select({ id: adBudgetRefunds.id })
        .from(adBudgetRefunds)
        .where(and(eq(adBudgetRefunds.campaignId, campaignId), eq(adBudgetRefunds.status, 'pending')))
        .limit(1);
      return rows.length > 0;
    },

    async refundCount(campaignId: number, tx: Executor = db): Promise<number> {
      const [row] = await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(adBudgetRefunds)
        .where(eq(adBudgetRefunds.campaignId, campaignId));
      return row?.n ?? 0;
    },

    /** What each charge has given back already (client price), by refunds not refused. */
    async refundedPerCharge(campaignId: number, tx: Executor = db): Promise<Map<number, number>> {
      const rows = await tx
        .select({ calls: adBudgetRefunds.calls })
        .from(adBudgetRefunds)
        .where(and(eq(adBudgetRefunds.campaignId, campaignId), sql`${adBudgetRefunds.status} <> 'failed'`));
      const back = new Map<number, number>();
      for (const { calls } of rows)
        for (const call of calls)
          back.set(call.chargeRowId, (back.get(call.chargeRowId) ?? 0) + call.clientCents);
      return back;
    },

    /** The campaign's paid charges, newest first (a refund gives back the latest budget first). */
    async paidCharges(campaignId: number, tx: Executor = db): Promise<AdBudgetChargeRow[]> {
      return tx
        .select()
        .from(adBudgetCharges)
        .where(and(eq(adBudgetCharges.campaignId, campaignId), eq(adBudgetCharges.status, 'paid')))
        .orderBy(desc(adBudgetCharges.id));
    },

    async insertRefund(
      row: {
        campaignId: number;
        systemId: number;
        clientId: number;
        businessKey: string;
        amountCents: Cents;
        calls: AdBudgetRefundCall[];
      },
      tx: Executor,
    ): Promise<AdBudgetRefundRow> {
      const [made] = await tx.insert(adBudgetRefunds).values(row).returning();
      if (!made) throw new Error(`refund ${row.businessKey} not written`);
      return made;
    },

    /** pending → refunded or failed, once: the row for the one settler that moved it. */
    async settleRefund(
      id: number,
      to: { status: 'refunded' | 'failed'; calls: AdBudgetRefundCall[]; failure?: string },
      tx: Executor,
    ): Promise<AdBudgetRefundRow | null> {
      const [row] = await tx
        .update(adBudgetRefunds)
        .set({ status: to.status, calls: to.calls, failure: to.failure ?? null, settledAt: sql`now()` })
        .where(and(eq(adBudgetRefunds.id, id), eq(adBudgetRefunds.status, 'pending')))
        .returning();
      return row ?? null;
    },

    async pendingRefunds(olderThan: Date, limit: number): Promise<AdBudgetRefundRow[]> {
      return db
        .select()
        .from(adBudgetRefunds)
        .where(and(eq(adBudgetRefunds.status, 'pending'), lt(adBudgetRefunds.createdAt, olderThan)))
        .limit(limit);
    },

    async refundsOf(campaignId: number): Promise<AdBudgetRefundRow[]> {
      return db
        .select()
        .from(adBudgetRefunds)
        .where(eq(adBudgetRefunds.campaignId, campaignId))
        .orderBy(desc(adBudgetRefunds.id));
    },
  };
}

export type BudgetRefundRepository = ReturnType<typeof createBudgetRefundRepository>;
