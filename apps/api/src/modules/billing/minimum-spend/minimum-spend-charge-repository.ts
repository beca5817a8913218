import type { Cents } from '@app/contracts';
import {
  and,
  asc,
  companies,
  type Database,
  type Executor,
  eq,
  inArray,
  isNull,
  type MinimumSpendChargeStatus,
  minimumSpendCharges,
  minimumSpendPlans,
  minimumSpendSettings,
  sql,
  systems,
} from '@app/db';

export type MinimumSpendChargeRow = typeof minimumSpendCharges.$inferSelect;
export type NewMinimumSpendCharge = Omit<
  typeof minimumSpendCharges.$inferInsert,
  'id' | 'createdAt' | 'status' | 'operationId' | 'chargeId' | 'paidAt' | 'noticeQueuedAt'
> & { status: MinimumSpendChargeStatus };

/** An agency minimum spend may apply to, with what would set its minimum (its plan, else the default). */
export interface MinimumSpendAgency {
  agencyId: number;
  systemId: number;
  name: string;
  plan: { id: number; months: number; flatMonthCents: Cents } | null;
  setting: { firstMonthCents: Cents; secondMonthCents: Cents; monthlyCents: Cents } | null;
}

/** The only SQL of minimum-spend charges (decision 0077). */
export function createMinimumSpendChargeRepository(db: Database) {
  return {
    /**
     * Live agencies of master systems (the addendum exists there only, spec 2 §6) not excluded from
     * minimum spend, with their own plan, else the system's default plan, and the root setting if on.
     */
    async agencies(): Promise<MinimumSpendAgency[]> {
      const rows = await db
        .select({
          agencyId: companies.id,
          systemId: companies.systemId,
          name: companies.name,
          planId: minimumSpendPlans.id,
          months: minimumSpendPlans.months,
          flatMonthCents: minimumSpendPlans.flatMonthCents,
          settingOn: minimumSpendSettings.enabled,
          firstMonthCents: minimumSpendSettings.firstMonthCents,
          secondMonthCents: minimumSpendSettings.secondMonthCents,
          monthlyCents: minimumSpendSettings.monthlyCents,
        })
        .from(companies)
        .innerJoin(systems, eq(systems.id, companies.systemId))
        .leftJoin(
          minimumSpendPlans,
          sql`${minimumSpendPlans.id} = coalesce(${companies.planMinSpendId}, (select d.id from minimum_spend_plans d
                where d.system_id = ${companies.systemId} and d.is_default))`,
        )
        .leftJoin(minimumSpendSettings, eq(minimumSpendSettings.systemId, companies.systemId))
        .where(
          and(
            eq(companies.kind, 'agency'),
            isNull(companies.deletedAt),
            eq(companies.excludeMinimumSpend, false),
            eq(systems.isMaster, true),
          ),
        )
        .orderBy(asc(companies.id));
      return rows.map((r) => ({
        agencyId: r.agencyId,
        systemId: r.systemId,
        name: r.name,
        plan:
          r.planId !== null && r.months !== null && r.flatMonthCents !== null
            ? { id: r.planId, months: r.months, flatMonthCents: r.flatMonthCents }
            : null,
        setting:
          r.settingOn && r.firstMonthCents !== null && r.secondMonthCents !== null && r.monthlyCents !== null
            ? {
                firstMonthCents: r.firstMonthCents,
                secondMonthCents: r.secondMonthCents,
                monthlyCents: r.monthlyCents,
              }
            : null,
      }));
    },

    /** The agency and every client it ever had: whose postings count as its wholesale spend. */
    async payersOf(agencyId: number): Promise<number[]> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(sql`${companies.id} = ${agencyId} or ${companies.parentId} = ${agencyId}`);
      return rows.map((r) => r.id);
    },

    /** The next month not yet written for each agency (0 when none was). */
    async nextMonths(agencyIds: readonly number[]): Promise<Map<number, number>> {
      if (agencyIds.length === 0) return new Map();
      const rows = await db
        .select({
          agencyId: minimumSpendCharges.agencyId,
          last: sql<number>`max(${minimumSpendCharges.monthIndex})`,
        })
        .from(minimumSpendCharges)
        .where(inArray(minimumSpendCharges.agencyId, [...agencyIds]))
        .groupBy(minimumSpendCharges.agencyId);
      return new Map(rows.map((r) => [r.agencyId, r.last + 1]));
    },

    /** Writes a month once: a second writer of the same agency and month changes nothing. */
    async insert(row: NewMinimumSpendCharge): Promise<void> {
      await db.insert(minimumSpendCharges).values(row).onConflictDoNothing();
    },

    /** Months with a shortfall not charged yet, oldest first. */
    open: (limit: number) =>
      db
        .select()
        .from(minimumSpendCharges)
        .where(eq(minimumSpendCharges.status, 'open'))
        .orderBy(asc(minimumSpendCharges.id))
        .limit(limit),

    async markPaid(
      id: number,
      charge: { chargeId: string | null; operationId: number | null },
      at: Date,
      tx: Executor,
    ) {
      await tx
        .update(minimumSpendCharges)
        .set({ status: 'paid', chargeId: charge.chargeId, operationId: charge.operationId, paidAt: at })
        .where(and(eq(minimumSpendCharges.id, id), eq(minimumSpendCharges.status, 'open')));
    },

    async markFailed(id: number, failure: { code: string; message: string; operationId: number | null }) {
      await db
        .update(minimumSpendCharges)
        .set({
          status: 'failed',
          failureCode: failure.code,
          failureMessage: failure.message,
          operationId: failure.operationId,
        })
        .where(and(eq(minimumSpendCharges.id, id), eq(minimumSpendCharges.status, 'open')));
    },

    /** Charged or declined months whose notice was not queued yet. */
    noticesDue: (limit: number) =>
      db
        .select()
        .from(minimumSpendCharges)
        .where(
          and(
            inArray(minimumSpendCharges.status, ['paid', 'failed']),
            isNull(minimumSpendCharges.noticeQueuedAt),
          ),
        )
        .orderBy(asc(minimumSpendCharges.id))
        .limit(limit),

    /** Claims a month's notice: true for exactly one caller. */
    async claimNotice(id: number, at: Date): Promise<boolean> {
      const rows = await db
        .update(minimumSpendCharges)
        .set({ noticeQueuedAt: at })
        .where(and(eq(minimumSpendCharges.id, id), isNull(minimumSpendCharges.noticeQueuedAt)))
        .returning({ id: minimumSpendCharges.id });
      return rows.length > 0;
    },
  };
}

export type MinimumSpendChargeRepository = ReturnType<typeof createMinimumSpendChargeRepository>;
