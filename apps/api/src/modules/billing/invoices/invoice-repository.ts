import { type Cents, type Micros, ZERO_CENTS } from '@app/contracts';
import {
  and,
  asc,
  billingSchedules,
  type Database,
  desc,
  type Executor,
  eq,
  gt,
  type InvoiceStatus,
  inArray,
  invoiceLines,
  invoiceNumbers,
  invoices,
  isNull,
  lte,
  or,
  queryRows,
  sql,
} from '@app/db';
import { keepRootFeeCharges } from '../root-fees/root-fee-charges.js';

export type InvoiceRow = typeof invoices.$inferSelect;
export type InvoiceLineRow = typeof invoiceLines.$inferSelect;
export type ScheduleRow = typeof billingSchedules.$inferSelect;

export interface NewInvoice {
  kind: 'period' | 'final' | 'switch';
  schedule: ScheduleRow;
  period: number | null;
  agencyId: number;
  clientId: number;
  payer: 'client' | 'agency';
  periodStart: Date;
  periodEnd: Date;
  leadCount: number;
  total: Cents;
  platformPart: Cents;
  /**
   * The root fee of the period fee it bills (the master's root price of that fee at issue, decision
   * 0088): 0 without a period fee or on the master system. Kept in `root_fee_charges`, not on the invoice.
   */
  rootPeriodFee: Cents;
  issuedAt: Date;
  lines: readonly {
    kind: string;
    description: string;
    quantity: number;
    unitPriceMicros: Micros;
    amount: Cents;
    platformPart: Cents;
  }[];
}

const ofCompany = (companyId: number, side: 'client' | 'agency') =>
  side === 'client'
    ? and(eq(invoices.clientId, companyId), eq(invoices.payer, 'client'))
    : eq(invoices.agencyId, companyId);

/** The SQL of invoices, their lines, their numbers and the billing schedules they advance. */
export function createInvoiceRepository(db: Database) {
  /**
   * Writes invoices, their lines and numbers, and moves each schedule past a period invoice, in the
   * caller's transaction (which holds the schedules' locks): a batch of any size in one statement
   * each, numbers taken per system in one step. The unique (schedule, kind, period) makes a second
   * write of the same period impossible whatever the lock. Answers the rows in the order given.
   */
  async function insertMany(batch: readonly NewInvoice[], tx: Executor): Promise<InvoiceRow[]> {
    if (batch.length === 0) return [];
    const numbers = new Map<number, number>();
    for (const invoice of batch)
      numbers.set(invoice.schedule.systemId, (numbers.get(invoice.schedule.systemId) ?? 0) + 1);
    // Each system's counter moves by its count at once; its invoices take the numbers below it.
    const next = new Map<number, number>();
    for (const [systemId, count] of numbers) {
      const [counter] = await tx
        .insert(invoiceNumbers)
        .values({ systemId, last: count })
        .onConflictDoUpdate({
          target: invoiceNumbers.systemId,
          set: { last: sql`${invoiceNumbers.last} + ${count}` },
        })
        .returning({ last: invoiceNumbers.last });
      if (!counter) throw new Error('no invoice number');
      next.set(systemId, counter.last - count + 1);
    }
    const values = batch.map((invoice) => {
      const systemId = invoice.schedule.systemId;
      const n = next.get(systemId) ?? 1;
      next.set(systemId, n + 1);
      const zeroTotal = invoice.total === 0 && invoice.platformPart === 0;
      return {
        systemId,
        number: `INV-${String(n).padStart(6, '0')}`,
        kind: invoice.kind,
        scheduleId: invoice.schedule.id,
        campaignId: invoice.schedule.campaignId,
        period: invoice.period,
        agencyId: invoice.agencyId,
        clientId: invoice.clientId,
        payer: invoice.payer,
        periodStart: invoice.periodStart,
        periodEnd: invoice.periodEnd,
        leadCount: invoice.leadCount,
        total: invoice.total,
        platformPart: invoice.platformPart,
        // Nothing to charge: settled as it is written.
        status: zeroTotal ? ('paid' as const) : ('open' as const),
        // What its charges pay (decision 0065): known before the row, so a crash cannot lose it.
        // `invoice:<campaign>:<activation>:<period|final|switch>`: a campaign's invoices share a prefix.
        obligationKey: zeroTotal
          ? null
          : `invoice:${invoice.schedule.campaignId}:${invoice.schedule.activation}:${invoice.period ?? invoice.kind}`,
        issuedAt: invoice.issuedAt,
        paidAt: zeroTotal ? invoice.issuedAt : null,
      };
    });
    const inserted = await tx.insert(invoices).values(values).returning();
    // One invoice per schedule and kind in a batch: the rows are matched back by them.
    const byKey = new Map(inserted.map((row) => [`${row.scheduleId}:${row.kind}`, row]));
    const rows = batch.map((invoice) => {
      const row = byKey.get(`${invoice.schedule.id}:${invoice.kind}`);
      if (!row) throw new Error('invoice not stored');
      return row;
    });
    const lines = batch.flatMap((invoice, i) =>
      invoice.lines.map((line, position) => ({ invoiceId: (rows[i] as InvoiceRow).id, position, ...line })),
    );
    if (lines.length > 0) await tx.insert(invoiceLines).values(lines);
    // The root fee of each period fee billed, owed to the master system, kept with the invoice (0088).
    await keepRootFeeCharges(
      batch.map((invoice, i) => {
        const row = rows[i] as InvoiceRow;
        return {
          systemId: row.systemId,
          campaignId: row.campaignId,
          kind: 'period_fee' as const,
          sourceKey: `invoice:${row.id}`,
          invoiceId: row.id,
          setupFee: ZERO_CENTS,
          periodFee: invoice.rootPeriodFee,
          chargedAt: invoice.issuedAt,
        };
      }),
      tx,
    );
    // A switch invoice bills the leads to its end: the schedule's later windows start there.
    for (const invoice of batch.filter((i) => i.kind === 'switch'))
      await tx
        .update(billingSchedules)
        .set({ billedThrough: invoice.periodEnd })
        .where(eq(billingSchedules.id, invoice.schedule.id));
    const advanced = batch.filter((i) => i.kind === 'period' && i.period !== null).map((i) => i.schedule.id);
    if (advanced.length > 0)
      await tx
        .update(billingSchedules)
        .set({ nextPeriod: sql`${billingSchedules.nextPeriod} + 1` })
        .where(inArray(billingSchedules.id, advanced));
    return rows;
  }

  return {
    /**
     * Schedules that may owe an invoice, after `afterId` in id order: open ones, and ended ones
     * whose final invoice is not written yet.
     */
    schedulesAfter(afterId: number, limit: number): Promise<ScheduleRow[]> {
      return db
        .select()
        .from(billingSchedules)
        .where(
          and(
            gt(billingSchedules.id, afterId),
            or(
              isNull(billingSchedules.endedAt),
              sql`not exists (select 1 from invoices i where i.schedule_id = ${billingSchedules.id} and i.kind = 'final')`,
            ),
          ),
        )
        .orderBy(asc(billingSchedules.id))
        .limit(limit);
    },

    /** The schedule, locked until the transaction ends: one writer of its next invoice at a time. */
    async lockSchedule(id: number, tx: Executor): Promise<ScheduleRow | null> {
      const [row] = await tx.select().from(billingSchedules).where(eq(billingSchedules.id, id)).for('update');
      return row ?? null;
    },

    insertMany,

    /** One invoice (a final one, a catch-up period): `insertMany` of one. */
    async insert(invoice: NewInvoice, tx: Executor): Promise<InvoiceRow> {
      const [row] = await insertMany([invoice], tx);
      if (!row) throw new Error('invoice not stored');
      return row;
    },

    /**
     * Running schedules among `ids` locked for this transaction, skipping any another run holds: that
     * run is invoicing them.
     */
    lockRunningSchedules(ids: readonly number[], tx: Executor): Promise<ScheduleRow[]> {
      if (ids.length === 0) return Promise.resolve([]);
      return tx
        .select()
        .from(billingSchedules)
        .where(and(inArray(billingSchedules.id, [...ids]), isNull(billingSchedules.endedAt)))
        .for('update', { skipLocked: true });
    },

    /** Invoices written and not charged yet (just written, or a crash came between), after `afterId` in id order. */
    openAfter(afterId: number, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.status, 'open'), gt(invoices.id, afterId)))
        .orderBy(asc(invoices.id))
        .limit(limit);
    },

    /**
     * Invoices whose e-mail to the payer is not queued yet and whose charge is settled (paid, failed
     * or void), oldest first: an open one waits for its charge, so the e-mail says what became of it.
     */
    emailDue(limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(isNull(invoices.emailedAt), inArray(invoices.status, ['paid', 'failed', 'void'])))
        .orderBy(asc(invoices.id))
        .limit(limit);
    },

    /** Records that the invoice's e-mail was queued (the outbox's key made it one e-mail anyway). */
    async markEmailed(id: number, at: Date): Promise<void> {
      await db
        .update(invoices)
        .set({ emailedAt: at })
        .where(and(eq(invoices.id, id), isNull(invoices.emailedAt)));
    },

    /** Settles an open (or failed, then paid on a retry) invoice as paid; false when it was not open. */
    async markPaid(id: number, chargeId: string | null, paidAt: Date, tx: Executor = db): Promise<boolean> {
      const rows = await tx
        .update(invoices)
        .set({ status: 'paid', chargeId, paidAt })
        .where(and(eq(invoices.id, id), inArray(invoices.status, ['open', 'failed'])))
        .returning({ id: invoices.id });
      return rows.length > 0;
    },

    /**
     * The charge was declined (or could not be tried): the invoice is failed. The first decline
     * anchors its retry schedule (decision 0075): `firstRetryAt` is the first retry's time.
     */
    async markFailed(id: number, at: Date, firstRetryAt: Date): Promise<void> {
      await db
        .update(invoices)
        .set({
          status: 'failed' satisfies InvoiceStatus,
          firstFailedAt: sql`coalesce(${invoices.firstFailedAt}, ${at.toISOString()}::timestamptz)`,
          nextRetryAt: sql`case when ${invoices.firstFailedAt} is null then ${firstRetryAt.toISOString()}::timestamptz
                                else ${invoices.nextRetryAt} end`,
        })
        .where(and(eq(invoices.id, id), inArray(invoices.status, ['open', 'failed'])));
    },

    /** Failed invoices whose next scheduled retry is due by `now`, oldest due first. */
    retriesDue(now: Date, limit: number): Promise<InvoiceRow[]> {
      return db
        .select()
        .from(invoices)
        .where(and(eq(invoices.status, 'failed'), lte(invoices.nextRetryAt, now)))
        .orderBy(asc(invoices.nextRetryAt), asc(invoices.id))
        .limit(limit);
    },

    /**
     * Takes retry number `retries + 1` of a failed invoice (one of any number of concurrent runs
     * gets it) and schedules the one after (`next`, null when none is left).
     */
    async claimRetry(id: number, retries: number, next: Date | null): Promise<boolean> {
      const rows = await db
        .update(invoices)
        .set({ retries: retries + 1, nextRetryAt: next })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'failed'), eq(invoices.retries, retries)))
        .returning({ id: invoices.id });
      return rows.length > 0;
    },

    /** The unpaid invoices whose charges pay these obligations (a settlement's). */
    unpaidByObligations(keys: readonly string[]): Promise<InvoiceRow[]> {
      if (keys.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(invoices)
        .where(and(inArray(invoices.obligationKey, [...keys]), inArray(invoices.status, ['open', 'failed'])))
        .orderBy(asc(invoices.id));
    },

    /** The billing schedules of these campaigns (manual bill switched off invoices them to date). */
    schedulesOfCampaigns(campaignIds: readonly number[]): Promise<ScheduleRow[]> {
      if (campaignIds.length === 0) return Promise.resolve([]);
      return db
        .select()
        .from(billingSchedules)
        .where(inArray(billingSchedules.campaignId, [...campaignIds]))
        .orderBy(asc(billingSchedules.id));
    },

    /**
     * A company's invoices, newest first: those a client pays, or all of an agency's (its clients'
     * and its own manual-bill ones).
     */
    ofCompany(companyId: number, side: 'client' | 'agency', limit: number, offset: number) {
      return db
        .select()
        .from(invoices)
        .where(ofCompany(companyId, side))
        .orderBy(desc(invoices.issuedAt), desc(invoices.id))
        .limit(limit)
        .offset(offset);
    },

    async countOfCompany(companyId: number, side: 'client' | 'agency'): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(invoices)
        .where(ofCompany(companyId, side));
      return row?.n ?? 0;
    },

    async byId(id: number): Promise<InvoiceRow | null> {
      const [row] = await db.select().from(invoices).where(eq(invoices.id, id));
      return row ?? null;
    },

    /** The time zone of each schedule: an invoice's days are the campaign's local days. */
    async zonesOf(scheduleIds: readonly number[]): Promise<Map<number, string>> {
      if (scheduleIds.length === 0) return new Map();
      const rows = await db
        .select({ id: billingSchedules.id, timeZone: billingSchedules.timeZone })
        .from(billingSchedules)
        .where(inArray(billingSchedules.id, [...scheduleIds]));
      return new Map(rows.map((r) => [r.id, r.timeZone]));
    },

    /** Names and e-mail of companies (an invoice's seller and bill-to): the company and its first admin. */
    async parties(ids: readonly number[]): Promise<Map<number, { name: string; email: string | null }>> {
      if (ids.length === 0) return new Map();
      const rows = await queryRows<{ id: number; name: string; email: string | null }>(
        db,
        sql`select c.id, c.name,
                   (select u.email from users u where u.company_id = c.id and u.deleted_at is null order by u.id limit 1) as email
              from companies c where c.id = any(${`{${ids.join(',')}}`}::int[])`,
      );
      return new Map(rows.map((r) => [r.id, { name: r.name, email: r.email }]));
    },

    /** The system's root company (who bills an agency). */
    async rootOf(systemId: number): Promise<number | null> {
      const rows = await queryRows<{ id: number }>(
        db,
        sql`select id from companies where system_id = ${systemId} and kind = 'root' order by id limit 1`,
      );
      return rows[0]?.id ?? null;
    },

    /** The lines of these invoices (a page of them) in one read, each invoice's in printed order. */
    async linesOf(invoiceIds: readonly number[]): Promise<Map<number, InvoiceLineRow[]>> {
      const byInvoice = new Map<number, InvoiceLineRow[]>(invoiceIds.map((id) => [id, []]));
      if (invoiceIds.length === 0) return byInvoice;
      const rows = await db
        .select()
        .from(invoiceLines)
        .where(inArray(invoiceLines.invoiceId, [...invoiceIds]))
        .orderBy(asc(invoiceLines.invoiceId), asc(invoiceLines.position));
      for (const row of rows) byInvoice.get(row.invoiceId)?.push(row);
      return byInvoice;
    },
  };
}

export type InvoiceRepository = ReturnType<typeof createInvoiceRepository>;
