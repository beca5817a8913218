import type { Cents } from '@app/contracts';
import {
  bigint,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';
import { systems } from './tenancy.js';

/*
 * Reconciliation (decision 0079): the billing module's daily comparison of the ledger with the
 * gateway's records, per system and gateway. One run per system, gateway and day: a second run of the
 * same day replaces the first's figures and differences.
 */

const money = () => bigint({ mode: 'number' }).$type<Cents>();

export interface ReconciliationTotals {
  gateway: { charges: Cents; refunds: Cents; transfers: Cents; applicationFees: Cents; net: Cents };
  ledger: { net: Cents; postings: number };
  parties: { companyId: number; gateway: Cents; ledger: Cents }[];
}

export const reconciliationRuns = pgTable(
  'reconciliation_runs',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    systemId: integer()
      .notNull()
      .references(() => systems.id),
    gateway: text().notNull(),
    /** The UTC day of the run (by the runtime's clock): the window is every record up to `ranAt`. */
    runDate: date({ mode: 'string' }).notNull(),
    ranAt: timestamp({ withTimezone: true }).notNull(),
    /** Gateway records of the system compared. */
    checked: integer().notNull(),
    differenceCount: integer().notNull(),
    totals: jsonb().$type<ReconciliationTotals>().notNull(),
  },
  (t) => [uniqueIndex('reconciliation_runs_system_gateway_day_idx').on(t.systemId, t.gateway, t.runDate)],
);

export const reconciliationDifferences = pgTable(
  'reconciliation_differences',
  {
    id: bigint({ mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    runId: bigint({ mode: 'number' })
      .notNull()
      .references(() => reconciliationRuns.id, { onDelete: 'cascade' }),
    kind: text().notNull(),
    operationKey: text(),
    gatewayObjectId: text(),
    companyId: integer(),
    ours: money(),
    theirs: money(),
  },
  (t) => [index('reconciliation_differences_run_idx').on(t.runId)],
);
