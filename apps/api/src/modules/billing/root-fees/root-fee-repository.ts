import {
  and,
  asc,
  type Database,
  desc,
  type Executor,
  eq,
  inArray,
  type RootFeeStatementLine,
  rootFeeStatements,
  sql,
  systems,
} from '@app/db';

export type RootFeeStatementRow = typeof rootFeeStatements.$inferSelect;
export interface SystemRow {
  id: number;
  name: string;
  isMaster: boolean;
  rootCompanyId: number | null;
}

/** The SQL of root fees between systems (decision 0081): the only code that writes `root_fee_statements`. */
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

    async setAccruals(id: number, postings: { payable: number; receivable: number }, tx: Executor) {
      await tx
        .update(rootFeeStatements)
        .set({ payablePostingId: postings.payable, receivablePostingId: postings.receivable })
        .where(eq(rootFeeStatements.id, id));
    },

    /** Statements still owed: due (never asked, or a crash between the gateway and the posting) or refused. */
    open: () =>
      db
        .select()
        .from(rootFeeStatements)
        .where(inArray(rootFeeStatements.status, ['due', 'failed']))
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

    /** A refused statement tried again: due under the next attempt's key, its destination chosen anew. */
    async retry(id: number) {
      await db
        .update(rootFeeStatements)
        .set({
          status: 'due',
          attempt: sql`${rootFeeStatements.attempt} + 1`,
          gateway: null,
          destinationAccountId: null,
          failure: null,
          settledAt: null,
        })
        .where(and(eq(rootFeeStatements.id, id), eq(rootFeeStatements.status, 'failed')));
      return one(id);
    },

    /** Marks the statement paid by its transfer; false when another run marked it first. */
    async markPaid(
      id: number,
      paid: { transferId: string; paidPostingId: number; receivedPostingId: number },
      tx: Executor,
    ) {
      const rows = await tx
        .update(rootFeeStatements)
        .set({ status: 'paid', ...paid, failure: null, settledAt: sql`now()` })
        .where(and(eq(rootFeeStatements.id, id), eq(rootFeeStatements.status, 'due')))
        .returning({ id: rootFeeStatements.id });
      return rows.length > 0;
    },

    async markFailed(id: number, failure: string) {
      await db
        .update(rootFeeStatements)
        .set({ status: 'failed', failure, settledAt: sql`now()` })
        .where(and(eq(rootFeeStatements.id, id), eq(rootFeeStatements.status, 'due')));
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
