import {
  asc,
  companies,
  type Database,
  desc,
  eq,
  inArray,
  type ReconciliationTotals,
  reconciliationDifferences,
  reconciliationRuns,
  systems,
} from '@app/db';
import type { MatchResult } from './match-records.js';

export type ReconciliationRunRow = typeof reconciliationRuns.$inferSelect;
export type ReconciliationDifferenceRow = typeof reconciliationDifferences.$inferSelect;

/** The reconciliation tables (decision 0079): the only SQL on them. */
export function createReconciliationRepository(db: Database) {
  return {
    /** Every system's id, in order (the job reconciles each). */
    async systemIds(): Promise<number[]> {
      return (await db.select({ id: systems.id }).from(systems).orderBy(asc(systems.id))).map((s) => s.id);
    },

    /**
     * Stores a run of the day for the system and gateway, replacing that day's earlier run and its
     * differences in one transaction, so a re-run leaves one result however often it runs.
     */
    async save(run: {
      systemId: number;
      gateway: string;
      runDate: string;
      ranAt: Date;
      result: MatchResult;
    }): Promise<number> {
      const { result } = run;
      const totals: ReconciliationTotals = {
        gateway: result.gateway,
        ledger: result.ledger,
        parties: result.parties,
      };
      const values = {
        ranAt: run.ranAt,
        checked: result.checked,
        differenceCount: result.differences.length,
        totals,
      };
      return db.transaction(async (tx) => {
        const [row] = await tx
          .insert(reconciliationRuns)
          .values({ systemId: run.systemId, gateway: run.gateway, runDate: run.runDate, ...values })
          .onConflictDoUpdate({
            target: [reconciliationRuns.systemId, reconciliationRuns.gateway, reconciliationRuns.runDate],
            set: values,
          })
          .returning({ id: reconciliationRuns.id });
        if (!row) throw new Error('reconciliation run not stored');
        await tx.delete(reconciliationDifferences).where(eq(reconciliationDifferences.runId, row.id));
        if (result.differences.length > 0)
          await tx.insert(reconciliationDifferences).values(
            result.differences.map((d) => ({
              runId: row.id,
              kind: d.kind,
              operationKey: d.operationKey,
              gatewayObjectId: d.gatewayObjectId,
              companyId: d.companyId,
              ours: d.ours,
              theirs: d.gateway,
            })),
          );
        return row.id;
      });
    },

    /** The names of the system's companies among these ids. */
    async companyNames(systemId: number, ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: companies.id, name: companies.name, systemId: companies.systemId })
        .from(companies)
        .where(inArray(companies.id, [...ids]));
      return new Map(rows.filter((r) => r.systemId === systemId).map((r) => [r.id, r.name]));
    },

    /** The system's runs of its latest day (one per gateway), with their differences. */
    async latest(systemId: number) {
      const [last] = await db
        .select({ runDate: reconciliationRuns.runDate })
        .from(reconciliationRuns)
        .where(eq(reconciliationRuns.systemId, systemId))
        .orderBy(desc(reconciliationRuns.runDate))
        .limit(1);
      if (!last) return [];
      const runs = (
        await db
          .select()
          .from(reconciliationRuns)
          .where(eq(reconciliationRuns.systemId, systemId))
          .orderBy(asc(reconciliationRuns.gateway))
      ).filter((r) => r.runDate === last.runDate);
      const differences =
        runs.length === 0
          ? []
          : await db
              .select()
              .from(reconciliationDifferences)
              .where(
                inArray(
                  reconciliationDifferences.runId,
                  runs.map((r) => r.id),
                ),
              )
              .orderBy(asc(reconciliationDifferences.id));
      return runs.map((run) => ({ run, differences: differences.filter((d) => d.runId === run.id) }));
    },
  };
}

export type ReconciliationRepository = ReturnType<typeof createReconciliationRepository>;
