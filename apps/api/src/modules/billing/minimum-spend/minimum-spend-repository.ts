import type { Cents } from '@app/contracts';
import {
  and,
  companies,
  type Database,
  eq,
  firstRow,
  isNull,
  minimumSpendPlans,
  minimumSpendSettings,
  sql,
  systems,
} from '@app/db';

const count = () => sql<number>`count(*)::int`;

export type PlanRow = typeof minimumSpendPlans.$inferSelect & { agencies: number };
export interface PlanValues {
  name: string;
  months: number;
  flatMonthCents: Cents;
}

/** The only SQL of minimum-spend plans and the system's root minimum-spend setting. */
export function createMinimumSpendRepository(db: Database) {
  const agencies = db
    .select({ planId: companies.planMinSpendId, agencies: count().as('agencies') })
    .from(companies)
    .where(isNull(companies.deletedAt))
    .groupBy(companies.planMinSpendId)
    .as('plan_agencies');

  const selectPlans = () =>
    db
      .select({
        id: minimumSpendPlans.id,
        systemId: minimumSpendPlans.systemId,
        name: minimumSpendPlans.name,
        months: minimumSpendPlans.months,
        flatMonthCents: minimumSpendPlans.flatMonthCents,
        isDefault: minimumSpendPlans.isDefault,
        createdAt: minimumSpendPlans.createdAt,
        agencies: agencies.agencies,
      })
      .from(minimumSpendPlans)
      .leftJoin(agencies, eq(agencies.planId, minimumSpendPlans.id));

  const withCount = (row: Omit<PlanRow, 'agencies'> & { agencies: number | null }): PlanRow => ({
    ...row,
    agencies: row.agencies ?? 0,
  });

  return {
    async isMasterSystem(systemId: number): Promise<boolean> {
      const [row] = await db
        .select({ isMaster: systems.isMaster })
        .from(systems)
        .where(eq(systems.id, systemId));
      return row?.isMaster ?? false;
    },

    async list(systemId: number, page: number, perPage: number) {
      const [total] = await db
        .select({ n: count() })
        .from(minimumSpendPlans)
        .where(eq(minimumSpendPlans.systemId, systemId));
      const rows = await selectPlans()
        .where(eq(minimumSpendPlans.systemId, systemId))
        .orderBy(minimumSpendPlans.id)
        .limit(perPage)
        .offset((page - 1) * perPage);
      return { total: total?.n ?? 0, rows: rows.map(withCount) };
    },

    async get(systemId: number, id: number): Promise<PlanRow | undefined> {
      const [row] = await selectPlans().where(
        and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.id, id)),
      );
      return row ? withCount(row) : undefined;
    },

    async defaultPlan(systemId: number): Promise<PlanRow | undefined> {
      const [row] = await selectPlans().where(
        and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.isDefault, true)),
      );
      return row ? withCount(row) : undefined;
    },

    async create(systemId: number, values: PlanValues): Promise<number> {
      return firstRow(
        await db
          .insert(minimumSpendPlans)
          .values({ systemId, ...values })
          .returning({ id: minimumSpendPlans.id }),
        'minimum spend plan',
      ).id;
    },

    async update(systemId: number, id: number, values: PlanValues) {
      await db
        .update(minimumSpendPlans)
        .set(values)
        .where(and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.id, id)));
    },

    async remove(systemId: number, id: number) {
      await db
        .delete(minimumSpendPlans)
        .where(and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.id, id)));
    },

    /** Makes one plan the system's default (the one-default index is kept in one transaction). */
    async setDefault(systemId: number, id: number) {
      await db.transaction(async (tx) => {
        await tx
          .update(minimumSpendPlans)
          .set({ isDefault: false })
          .where(and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.isDefault, true)));
        await tx
          .update(minimumSpendPlans)
          .set({ isDefault: true })
          .where(and(eq(minimumSpendPlans.systemId, systemId), eq(minimumSpendPlans.id, id)));
      });
    },

    setting: async (systemId: number) =>
      (await db.select().from(minimumSpendSettings).where(eq(minimumSpendSettings.systemId, systemId)))[0],

    async saveSetting(systemId: number, values: Omit<typeof minimumSpendSettings.$inferInsert, 'systemId'>) {
      await db
        .insert(minimumSpendSettings)
        .values({ systemId, ...values })
        .onConflictDoUpdate({ target: minimumSpendSettings.systemId, set: values });
    },
  };
}

export type MinimumSpendRepository = ReturnType<typeof createMinimumSpendRepository>;
