import {
  and,
  asc,
  type Database,
  desc,
  type Executor,
  eq,
  inArray,
  isNull,
  lt,
  lte,
  or,
  type RootFeeStatementFeeLine,
  type RootFeeStatementLine,
  rootFeeCharges,
  rootFeeStatements,
  sql,
  systems,
} from '@app/db';

export type RootFeeStatementRow = typeof rootFeeStatements.$inferSelect;
export type RootFeeChargeRow = typeof rootFeeCharges.$inferSelect;
export interface SystemRow {
  id: number;
  name: string;
  isMaster: boolean;
  rootCompanyId: number | null;
}

/**
 * The SQL of root fees between systems (decisions 0081, 0088): the only code that writes
 * `root_fee_statements`, and that marks `root_fee_charges` counted (`root-fee-charges.ts` writes them).
 */
export function createRootFeeRepository(db: Database) {
  const one = async (id: number, tx: Executor = db) =>
    (await tx.select().from(rootFeeStatements).where(eq(rootFeeStatements.id, id)))[0] ?? null;

  return {
    byId: one,

    /** Every system, the master first (the statements are made for the others). */
    systems: (): Promise<SystemRow[]> =>
      db
        .select({
          id: systems.id,
          name: systems.name,
          isMaster: systems.isMaster,
          rootCompanyId: systems.rootCompanyId,
        })
        .from(systems)
        .orderBy(desc(systems.isMaster), asc(systems.id)),

    /**
     * Writes the system's statement of the month unless one exists; null when another run wrote it
     * (that run also wrote its postings, in the same transaction).
     */
    async insert(
      values: {
        systemId: number;
        masterSystemId: number;
        month: string;
        leadCount: number;
        amount: number;
        lines: RootFeeStatementLine[];
        feeLines: RootFeeStatementFeeLine[];
      },
      tx: Executor,
    ): Promise<RootFeeStatementRow | null> {
      const [row] = await tx
        .insert(rootFeeStatements)
        .values({
          ...values,
          amount: values.amount as RootFeeStatementRow['amount'],
          status: values.amount === 0 ? 'nothing_due' : 'due',
        })
        .onConflictDoNothing()
        .returning();
      return row ?? null;
    },

    /** The months of the system that have a statement (`YYYY-MM`), and the first of them. */
    statedMonths: async (systemId: number): Promise<string[]> =>
      (
        await db
          .select({ month: rootFeeStatements.month })
          .from(rootFeeStatements)
          .where(eq(rootFeeStatements.systemId, systemId))
          .orderBy(asc(rootFeeStatements.month))
      ).map((r) => r.month),

    /** When the system's oldest root fee charge not counted yet was charged, or null. */
    async firstUncountedChargeAt(systemId: number): Promise<Date | null> {
      const [row] = await db
        .select({ at: rootFeeCharges.chargedAt })
        .from(rootFeeCharges)
        .where(and(eq(rootFeeCharges.systemId, systemId), isNull(rootFeeCharges.statementId)))
        .orderBy(asc(rootFeeCharges.chargedAt))
        .limit(1);
      return row?.at ?? null;
    },

    /**
     * The system's root fee charges no statement counted yet, charged before `before`, locked until the
     * caller's transaction ends: a concurrent statement waits, then finds them counted.
     */
    uncountedCharges: (systemId: number, before: Date, tx: Executor): Promise<RootFeeChargeRow[]> =>
      tx
        .select()
        .from(rootFeeCharges)
        .where(
          and(
            eq(rootFeeCharges.systemId, systemId),
            isNull(rootFeeCharges.statementId),
            lt(rootFeeCharges.chargedAt, before),
          ),
        )
        .orderBy(asc(rootFeeCharges.id))
        .for('update'),

    /** Names the statement that counts these charges (locked by `uncountedCharges`): each is counted once. */
    async countCharges(statementId: number, ids: readonly number[], tx: Executor): Promise<void> {
      if (ids.length === 0) return;
      const counted = await tx
        .update(rootFeeCharges)
        .set({ statementId })
        .where(and(inArray(rootFeeCharges.id, [...ids]), isNull(rootFeeCharges.statementId)))
        .returning({ id: rootFeeCharges.id });
      if (counted.length !== ids.length)
        throw new Error('a root fee charge was counted by another statement');
    },

    /** The charges a statement counted, oldest first. */
    chargesOf: (statementId: number): Promise<RootFeeChargeRow[]> =>
      db
        .select()
        .from(rootFeeCharges)
        .where(eq(rootFeeCharges.statementId, statementId))
        .orderBy(asc(rootFeeCharges.chargedAt), asc(rootFeeCharges.id)),

    async setAccruals(id: number, postings: { payable: number; receivable: number }, tx: Executor) {
      await tx
        .update(rootFeeStatements)
        .set({ payablePostingId: postings.payable, receivablePostingId: postings.receivable })
        .where(eq(rootFeeStatements.id, id));
    },

    /**
     * Statements to pay now: due (never asked, or a crash between the gateway and the posting), or
     * refused and their next attempt due by `now` (the back-off, decision 0088).
     */
    open: (now: Date) =>
      db
        .select()
        .from(rootFeeStatements)
        .where(
          or(
            eq(rootFeeStatements.status, 'due'),
            and(eq(rootFeeStatements.status, 'failed'), lte(rootFeeStatements.nextAttemptAt, now)),
          ),
        )
        .orderBy(rootFeeStatements.id),

    /**
     * Fixes where a due statement's transfer goes, before the gateway is asked: a run after a crash
     * asks again with the same key, amount and destination. Answers the row as it now is.
     */
    async fixDestination(id: number, destination: { gateway: string; accountId: string }) {
      await db
        .update(rootFeeStatements)
        .set({ gateway: destination.gateway, destinationAccountId: destination.accountId })
        .where(
          and(
            eq(rootFeeStatements.id, id),
            eq(rootFeeStatements.status, 'due'),
            sql`${rootFeeStatements.gateway} is null`,
          ),
        );
      return one(id);
    },

    /**
     * A refused statement tried again: due under the next attempt's key, its destination chosen anew.
     * Only the run that moves it from attempt `attempt` gets it (null for the others); its back-off
     * (first refusal, retries made) stays, for the next refusal to go on from.
     */
    async retry(id: number, attempt: number): Promise<RootFeeStatementRow | null> {
      const [row] = await db
        .update(rootFeeStatements)
        .set({
          status: 'due',
          attempt: attempt + 1,
          gateway: null,
          destinationAccountId: null,
          failure: null,
          settledAt: null,
        })
        .where(
          and(
            eq(rootFeeStatements.id, id),
            eq(rootFeeStatements.status, 'failed'),
            eq(rootFeeStatements.attempt, attempt),
          ),
        )
        .returning();
      return row ?? null;
    },

    /** Marks the statement paid by its transfer; false when another run marked it first. */
    async markPaid(
      id: number,
      paid: { transferId: string; paidPostingId: number; receivedPostingId: number },
      tx: Executor,
    ) {
      const rows = await tx
        .update(rootFeeStatements)
        .set({ status: 'paid', ...paid, failure: null, nextAttemptAt: null, settledAt: sql`now()` })
        .where(and(eq(rootFeeStatements.id, id), eq(rootFeeStatements.status, 'due')))
        .returning({ id: rootFeeStatements.id });
      return rows.length > 0;
    },

    /** The gateway refused attempt `attempt`: failed, with its words and when it is tried next. */
    async markFailed(
      id: number,
      attempt: number,
      failure: string,
      backOff: { firstFailedAt: Date | null; retries: number; nextAttemptAt: Date },
    ) {
      await db
        .update(rootFeeStatements)
        .set({ status: 'failed', failure, ...backOff, settledAt: sql`now()` })
        .where(
          and(
            eq(rootFeeStatements.id, id),
            eq(rootFeeStatements.status, 'due'),
            eq(rootFeeStatements.attempt, attempt),
          ),
        );
    },

    /** Statements of one paying system, newest month first. */
    ofSystem: (systemId: number) =>
      db
        .select()
        .from(rootFeeStatements)
        .where(eq(rootFeeStatements.systemId, systemId))
        .orderBy(desc(rootFeeStatements.month)),
  };
}

export type RootFeeRepository = ReturnType<typeof createRootFeeRepository>;

/** The transfer's idempotency key (and its posting's business key): the month's, then per attempt. */
export const rootFeeTransferKey = (row: Pick<RootFeeStatementRow, 'systemId' | 'month' | 'attempt'>) =>
  `root-fee:${row.systemId}:${row.month}${row.attempt > 1 ? `:attempt-${row.attempt}` : ''}`;
