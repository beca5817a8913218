import { asCents, type Cents } from '@app/contracts';
import {
  and,
  asc,
  billingLots,
  desc,
  type Executor,
  eq,
  ilike,
  isNull,
  likeLiteral,
  lt,
  or,
  type PrepaidRefundCall,
  type PrepaidRefundStatus,
  prepaidRefunds,
  queryRows,
  sql,
} from '@app/db';

export type PrepaidRefundRow = typeof prepaidRefunds.$inferSelect;
export type NewPrepaidRefund = Omit<
  typeof prepaidRefunds.$inferInsert,
  'id' | 'settledAt' | 'failureMessage'
>;

/** The SQL of `prepaid_refunds`, and the prepaid lots a refund reads (decision 0078). */
export function createPrepaidRefundRepository(db: Executor) {
  return {
    /**
     * What went back to a company's card from each of these gateway charges, by refunds made, and
     * when the last one was (its card payments, decision 0091). A refund's calls name the charge and
     * whose card it was on; refunds are rare, so the system's rows are read whole.
     */
    async refundedFromCharges(
      systemId: number,
      companyId: number,
      chargeIds: readonly string[],
    ): Promise<Map<string, { amount: Cents; at: Date }>> {
      if (chargeIds.length === 0) return new Map();
      const rows = await queryRows<{ charge_id: string; amount: number; at: Date | string }>(
        db,
        sql`select c->>'chargeId' as charge_id, sum((c->>'amount')::bigint)::int as amount, max(r.settled_at) as at
              from prepaid_refunds r cross join jsonb_array_elements(r.calls) c
             where r.system_id = ${systemId} and r.status = 'refunded'
               and (c->>'companyId')::int = ${companyId}
               and c->>'chargeId' in (${sql.join(
                 chargeIds.map((id) => sql`${id}`),
                 sql`, `,
               )})
             group by 1`,
      );
      return new Map(rows.map((r) => [r.charge_id, { amount: asCents(r.amount), at: new Date(r.at) }]));
    },

    /** Refunds made whose sales commissions are not reversed yet (decision 0084), oldest first. */
    commissionsDue: (limit: number) =>
      db
        .select()
        .from(prepaidRefunds)
        .where(and(eq(prepaidRefunds.status, 'refunded'), isNull(prepaidRefunds.commissionsReversedAt)))
        .orderBy(asc(prepaidRefunds.id))
        .limit(limit),

    /** Marks the refund's commissions reversed (in the transaction that posted the reversals). */
    async markCommissionsReversed(id: number, at: Date, tx: Executor = db): Promise<void> {
      await tx
        .update(prepaidRefunds)
        .set({ commissionsReversedAt: at })
        .where(and(eq(prepaidRefunds.id, id), isNull(prepaidRefunds.commissionsReversedAt)));
    },

    /** The campaign's prepaid lots, oldest first (as bought). */
    prepaidLotsOf: (campaignId: number, tx: Executor = db) =>
      tx
        .select()
        .from(billingLots)
        .where(and(eq(billingLots.campaignId, campaignId), eq(billingLots.kind, 'prepaid')))
        .orderBy(asc(billingLots.boughtAt), asc(billingLots.id)),

    insert: async (row: NewPrepaidRefund, tx: Executor) => {
      const [inserted] = await tx.insert(prepaidRefunds).values(row).returning();
      if (!inserted) throw new Error(`prepaid refund ${row.businessKey} not inserted`);
      return inserted;
    },

    /** The campaign's latest refund, whatever its state. */
    async latestOf(campaignId: number, tx: Executor = db): Promise<PrepaidRefundRow | null> {
      const [row] = await tx
        .select()
        .from(prepaidRefunds)
        .where(eq(prepaidRefunds.campaignId, campaignId))
        .orderBy(desc(prepaidRefunds.id))
        .limit(1);
      return row ?? null;
    },

    /** How many refunds under this key failed (the next attempt's key gets `:attempt-<n>`). */
    async failedUnder(baseKey: string, tx: Executor): Promise<number> {
      const rows = await tx
        .select({ id: prepaidRefunds.id })
        .from(prepaidRefunds)
        .where(
          and(
            or(
              eq(prepaidRefunds.businessKey, baseKey),
              ilike(prepaidRefunds.businessKey, `${likeLiteral(baseKey)}:attempt-%`),
            ),
            eq(prepaidRefunds.status, 'failed'),
          ),
        );
      return rows.length;
    },

    /** Settles a pending refund; null when another settler got there first. */
    async settle(
      id: number,
      result: {
        status: Exclude<PrepaidRefundStatus, 'pending'>;
        calls: PrepaidRefundCall[];
        at: Date;
        failure?: string;
      },
      tx: Executor,
    ): Promise<PrepaidRefundRow | null> {
      const [row] = await tx
        .update(prepaidRefunds)
        .set({
          status: result.status,
          calls: result.calls,
          settledAt: result.at,
          failureMessage: result.failure ?? null,
        })
        .where(and(eq(prepaidRefunds.id, id), eq(prepaidRefunds.status, 'pending')))
        .returning();
      return row ?? null;
    },

    /** Refunds a crash or an outage left pending since before `olderThan` (the janitor's). */
    pendingSince: (olderThan: Date, limit: number) =>
      db
        .select()
        .from(prepaidRefunds)
        .where(and(eq(prepaidRefunds.status, 'pending'), lt(prepaidRefunds.createdAt, olderThan)))
        .orderBy(asc(prepaidRefunds.id))
        .limit(limit),
  };
}

export type PrepaidRefundRepository = ReturnType<typeof createPrepaidRefundRepository>;
