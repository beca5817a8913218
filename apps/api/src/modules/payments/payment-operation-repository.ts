import type { Cents } from '@app/contracts';
import {
  and,
  asc,
  count,
  type Database,
  desc,
  type Executor,
  eq,
  gte,
  inArray,
  isNotNull,
  isNull,
  likeLiteral,
  lt,
  paymentOperations,
  sql,
} from '@app/db';

export type PaymentOperationRow = typeof paymentOperations.$inferSelect;
/** The charges that went through under business-key prefixes, whole (the lead report's invoice). */
export type SucceededByKeyPrefix = PaymentOperationRepository['succeededByKeyPrefix'];
export type NewPaymentOperation = Omit<
  typeof paymentOperations.$inferInsert,
  | 'id'
  | 'status'
  | 'chargeId'
  | 'postingId'
  | 'failureCode'
  | 'failureMessage'
  | 'createdAt'
  | 'settledAt'
  | 'followUpDoneAt'
> & {
  amount: Cents /** On the runtime's clock, as the janitor reads an operation's age. */;
  createdAt: Date;
};

/** The payment_operations rows (decision 0031): the only SQL on them. */
export function createPaymentOperationRepository(db: Database) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  return {
    /** Inserts the operation unless its business key exists; `created` says whether this call made it. */
    async claim(operation: NewPaymentOperation): Promise<{ row: PaymentOperationRow; created: boolean }> {
      const inserted = first(
        await db.insert(paymentOperations).values(operation).onConflictDoNothing().returning(),
      );
      if (inserted) return { row: inserted, created: true };
      const existing = await this.byKey(operation.businessKey);
      if (!existing) throw new Error(`payment operation ${operation.businessKey} neither inserted nor found`);
      return { row: existing, created: false };
    },

    async byKey(businessKey: string): Promise<PaymentOperationRow | null> {
      return first(
        await db.select().from(paymentOperations).where(eq(paymentOperations.businessKey, businessKey)),
      );
    },

    /** Settles a pending operation as charged; null when another settler got there first. */
    async markSucceeded(
      id: number,
      result: { chargeId: string; postingId: number | null },
      tx: Executor,
    ): Promise<PaymentOperationRow | null> {
      return first(
        await tx
          .update(paymentOperations)
          .set({ status: 'succeeded', ...result, settledAt: new Date() })
          .where(and(eq(paymentOperations.id, id), eq(paymentOperations.status, 'pending')))
          .returning(),
      );
    },

    /** Settles a pending operation as not charged, with the gateway's reason. */
    async markFailed(
      id: number,
      failure: { code: string; message: string },
      tx: Executor = db,
    ): Promise<PaymentOperationRow | null> {
      return first(
        await tx
          .update(paymentOperations)
          .set({
            status: 'failed',
            failureCode: failure.code,
            failureMessage: failure.message,
            settledAt: new Date(),
          })
          .where(and(eq(paymentOperations.id, id), eq(paymentOperations.status, 'pending')))
          .returning(),
      );
    },

    /**
     * The succeeded operations of these gateway charges: a refund names the charge, sales commissions
     * the operation (decision 0084).
     */
    async operationsOfCharges(chargeIds: readonly string[]): Promise<{ id: number; chargeId: string }[]> {
      if (chargeIds.length === 0) return [];
      const rows = await db
        .select({ id: paymentOperations.id, chargeId: paymentOperations.chargeId })
        .from(paymentOperations)
        .where(
          and(inArray(paymentOperations.chargeId, [...chargeIds]), eq(paymentOperations.status, 'succeeded')),
        );
      return rows.flatMap((r) => (r.chargeId === null ? [] : [{ id: r.id, chargeId: r.chargeId }]));
    },

    /** The attempt that paid an obligation, if one did (at most one can: a paid obligation is not charged again). */
    async paidFor(obligationKey: string): Promise<PaymentOperationRow | null> {
      return first(
        await db
          .select()
          .from(paymentOperations)
          .where(
            and(
              eq(paymentOperations.obligationKey, obligationKey),
              eq(paymentOperations.status, 'succeeded'),
            ),
          )
          .orderBy(asc(paymentOperations.id))
          .limit(1),
      );
    },

    /** How many attempts at an obligation failed (the next attempt needs a new key). */
    /**
     * Whether a charge for the obligation went through or may still (pending): then nothing else may
     * pay it (the Data Wallet, decision 0085). Read in the caller's transaction.
     */
    async chargedOrPending(obligationKey: string, tx: Executor = db): Promise<boolean> {
      const [row] = await tx
        .select({ n: count() })
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.obligationKey, obligationKey),
            sql`${paymentOperations.status} in ('pending', 'succeeded')`,
          ),
        );
      return (row?.n ?? 0) > 0;
    },

    async failedAttemptsOf(obligationKey: string): Promise<number> {
      const [row] = await db
        .select({ n: count() })
        .from(paymentOperations)
        .where(
          and(eq(paymentOperations.obligationKey, obligationKey), eq(paymentOperations.status, 'failed')),
        );
      return row?.n ?? 0;
    },

    /**
     * The system's charges that went through, made in [from, to), whose business key starts with one
     * of `prefixes`: one row per operation (a key is one operation), with the whole amount charged.
     * "Made" is when the operation was claimed, just before the gateway call (a charge the janitor
     * settles later still happened then); the (status, created_at) index bounds the read.
     */
    /**
     * Collected campaign charges (cause `charge`) in the order they were settled, after a point of
     * that order: what sales commissions are earned on (decision 0080). `platformPart` is what the
     * platform took: a direct charge's application fee, else the whole amount.
     */
    async collectedCharges(after: { settledAt: Date; id: number } | null, limit: number) {
      const rows = await db
        .select({
          id: paymentOperations.id,
          systemId: paymentOperations.systemId,
          companyId: paymentOperations.companyId,
          description: paymentOperations.description,
          settledAt: paymentOperations.settledAt,
          amount: paymentOperations.amount,
          connectedAccountId: paymentOperations.connectedAccountId,
          applicationFee: paymentOperations.applicationFee,
        })
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.status, 'succeeded'),
            eq(paymentOperations.causeKind, 'charge'),
            after
              ? sql`(${paymentOperations.settledAt}, ${paymentOperations.id}) > (${after.settledAt.toISOString()}::timestamptz, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(asc(paymentOperations.settledAt), asc(paymentOperations.id))
        .limit(limit);
      return rows.map(({ amount, connectedAccountId, applicationFee, settledAt, ...row }) => ({
        ...row,
        settledAt: settledAt as Date,
        platformPart: (connectedAccountId === null ? amount : (applicationFee ?? 0)) as Cents,
      }));
    },

    /**
     * The system's operations on a gateway (reconciliation's side of them, decision 0079), in key
     * order; failed attempts included, as a failed one the gateway charged is a difference.
     */
    async ofSystemOnGateway(systemId: number, gateway: string) {
      return db
        .select({
          businessKey: paymentOperations.businessKey,
          status: paymentOperations.status,
          chargeId: paymentOperations.chargeId,
          amount: paymentOperations.amount,
          applicationFee: paymentOperations.applicationFee,
          connectedAccountId: paymentOperations.connectedAccountId,
          companyId: paymentOperations.companyId,
        })
        .from(paymentOperations)
        .where(and(eq(paymentOperations.systemId, systemId), eq(paymentOperations.gateway, gateway)))
        .orderBy(asc(paymentOperations.businessKey));
    },

    /**
     * A page of the charges made to a company's card, newest first, whole (a direct charge's amount,
     * not only the platform's part), and how many there are (decision 0091).
     */
    async ofCompany(companyId: number, limit: number, offset: number) {
      const [rows, [total]] = await Promise.all([
        db
          .select({
            id: paymentOperations.id,
            createdAt: paymentOperations.createdAt,
            description: paymentOperations.description,
            amount: paymentOperations.amount,
            status: paymentOperations.status,
            chargeId: paymentOperations.chargeId,
            gateway: paymentOperations.gateway,
            failureMessage: paymentOperations.failureMessage,
          })
          .from(paymentOperations)
          .where(eq(paymentOperations.companyId, companyId))
          .orderBy(desc(paymentOperations.createdAt), desc(paymentOperations.id))
          .limit(limit)
          .offset(offset),
        db.select({ n: count() }).from(paymentOperations).where(eq(paymentOperations.companyId, companyId)),
      ]);
      return { rows, total: total?.n ?? 0 };
    },

    /** The gateways the system's operations were made on. */
    async gatewaysOf(systemId: number): Promise<string[]> {
      const rows = await db
        .selectDistinct({ gateway: paymentOperations.gateway })
        .from(paymentOperations)
        .where(eq(paymentOperations.systemId, systemId));
      return rows.map((r) => r.gateway);
    },

    async succeededByKeyPrefix(
      systemId: number,
      prefixes: readonly string[],
      range: { from: Date; to: Date },
    ): Promise<{ businessKey: string; amount: Cents }[]> {
      if (prefixes.length === 0) return [];
      const patterns = JSON.stringify(prefixes.map((p) => `${likeLiteral(p)}%`));
      return db
        .select({ businessKey: paymentOperations.businessKey, amount: paymentOperations.amount })
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.systemId, systemId),
            eq(paymentOperations.status, 'succeeded'),
            gte(paymentOperations.createdAt, range.from),
            lt(paymentOperations.createdAt, range.to),
            sql`${paymentOperations.businessKey} like any (array(select jsonb_array_elements_text(${patterns}::jsonb)))`,
          ),
        )
        .orderBy(asc(paymentOperations.businessKey));
    },

    /** Marks the follow-up done; false when another transaction did it first (run it once). */
    async markFollowUpDone(id: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(paymentOperations)
        .set({ followUpDoneAt: new Date() })
        .where(
          and(
            eq(paymentOperations.id, id),
            eq(paymentOperations.status, 'succeeded'),
            isNull(paymentOperations.followUpDoneAt),
          ),
        )
        .returning({ id: paymentOperations.id });
      return rows.length > 0;
    },

    /** Charged operations whose follow-up has not run, claimed before `cutoff`, oldest first. */
    followUpsDue(cutoff: Date, limit: number): Promise<PaymentOperationRow[]> {
      return db
        .select()
        .from(paymentOperations)
        .where(
          and(
            eq(paymentOperations.status, 'succeeded'),
            isNotNull(paymentOperations.followUp),
            isNull(paymentOperations.followUpDoneAt),
            lt(paymentOperations.createdAt, cutoff),
          ),
        )
        .orderBy(asc(paymentOperations.createdAt))
        .limit(limit);
    },

    /** Operations still pending that were claimed before `cutoff`, oldest first. */
    pendingSince(cutoff: Date, limit: number): Promise<PaymentOperationRow[]> {
      return db
        .select()
        .from(paymentOperations)
        .where(and(eq(paymentOperations.status, 'pending'), lt(paymentOperations.createdAt, cutoff)))
        .orderBy(asc(paymentOperations.createdAt))
        .limit(limit);
    },
  };
}

export type PaymentOperationRepository = ReturnType<typeof createPaymentOperationRepository>;
