import { addDays, type LocalDate, ZERO_CENTS } from '@app/contracts';
import type { Database, PaymentFollowUp } from '@app/db';
import { type BilledTerm, billingPeriod, periodsEndedBy, splitPlatformPart } from '@app/pricing';
import pMap from 'p-map';
import { z } from 'zod';
import type { Clock } from '../../../lib/clock.js';
import type { CampaignPayers, InvoiceSubject } from '../../campaigns/index.js';
import type { BilledLeads } from '../../leads/index.js';
import type { PaymentFailureRepository } from '../../payments/index.js';
import { billedWindow, draftInvoice } from './invoice-draft.js';
import type { InvoiceRepository, InvoiceRow, ScheduleRow } from './invoice-repository.js';
import { firstRetryAfter } from './retry-schedule.js';
import { createSteadyInvoicing } from './steady-invoices.js';

/** The payment follow-up that marks an invoice paid, in the transaction that records its charge. */
export const INVOICE_PAID = 'invoice.paid';
export const invoicePaidSchema = z.object({
  kind: z.literal(INVOICE_PAID),
  invoiceId: z.number().int().positive(),
});

type ChargeStatus = 'paid' | 'failed' | 'pending';

/** Periods written per schedule per run at most: a schedule years behind catches up over runs. */
const PERIODS_PER_RUN = 60;

/**
 * Weekly and Monthly invoicing (decision 0074): for each billing schedule, every period that has
 * ended by the clock becomes one invoice — the leads delivered in its window at their frozen prices
 * plus the next period's fee while the campaign runs — and a stopped campaign's schedule gets one
 * final invoice for the leads since its last period. Each invoice is written in one transaction
 * holding the schedule's lock (the unique period key makes a second write impossible anyway), then
 * charged outside it through the campaign's payers; an invoice a crash left unpaid is charged by the
 * next run. The job may run as often and as concurrently as it likes: one invoice per period.
 */
export function createPeriodInvoicing(deps: {
  db: Database;
  repo: InvoiceRepository;
  clock: Clock;
  charges: Pick<CampaignPayers, 'subject' | 'subjects' | 'charge'>;
  billedLeads: Pick<BilledLeads, 'pricedCounts' | 'pricedCountsOf'>;
  /**
   * Schedules invoiced at once. Each one's writes and charge are independent of the others' (its own
   * lock, its own obligation keys), so on PostgreSQL several run side by side on the pool; PGlite has
   * one connection, where one at a time is as fast.
   */
  concurrency: number;
  failures: Pick<PaymentFailureRepository, 'recordUnattempted'>;
}) {
  const { db, repo, clock } = deps;

  /**
   * Writes one invoice of the schedule; null when another run wrote it first. Its leads are those of
   * the window after what a switch invoice billed already (`billedThrough`, read under the lock), so
   * no lead is on two invoices.
   */
  async function write(
    schedule: ScheduleRow,
    subject: InvoiceSubject,
    kind: 'period' | 'final' | 'switch',
    window: { index: number; start: Date; end: Date },
    next: { from: LocalDate; to: LocalDate } | null,
  ): Promise<InvoiceRow | null> {
    return db.transaction(async (tx) => {
      const locked = await repo.lockSchedule(schedule.id, tx);
      if (!locked) return null;
      if (kind === 'period' && locked.nextPeriod !== window.index) return null;
      if (kind === 'switch' && (locked.endedAt !== null || locked.billedThrough !== null)) return null;
      // After a switch invoice, the leads it billed are not billed again (decision 0082).
      const billed = billedWindow(window, locked.billedThrough);
      const leads = await deps.billedLeads.pricedCounts(
        schedule.campaignId,
        { from: billed.start, to: billed.end },
        tx,
      );
      try {
        return await repo.insert(
          draftInvoice({
            schedule: locked,
            subject,
            kind,
            window: billed,
            next,
            leads,
            issuedAt: clock.now(),
          }),
          tx,
        );
      } catch (error) {
        // The final and switch invoices have no period to lock against: a concurrent run's unique key won.
        if (kind !== 'period' && /invoices_once_per_period/.test(String((error as Error).cause ?? error)))
          return null;
        throw error;
      }
    });
  }

  /**
   * Charges an open invoice (once per obligation, however often asked); a zero invoice is paid as
   * written. `retry` charges a failed one again (a scheduled retry or a settlement, decision 0075):
   * each attempt after a decline has its own key under the obligation's.
   */
  async function charge(invoice: InvoiceRow, options: { retry?: boolean } = {}): Promise<ChargeStatus> {
    const chargeable = invoice.status === 'open' || (options.retry === true && invoice.status === 'failed');
    if (!chargeable || invoice.obligationKey === null) return 'paid';
    const split =
      invoice.payer === 'client'
        ? splitPlatformPart(invoice.total, invoice.platformPart)
        : { applicationFeeCents: ZERO_CENTS, agencyChargeCents: ZERO_CENTS };
    const followUp: PaymentFollowUp = { kind: INVOICE_PAID, invoiceId: invoice.id };
    const outcome = await deps.charges.charge(
      invoice.campaignId,
      {
        what: `invoice ${invoice.number}`,
        obligationKey: invoice.obligationKey,
        payer: invoice.payer,
        payerAmount: invoice.total,
        applicationFee: split.applicationFeeCents,
        agencyCharge: split.agencyChargeCents,
      },
      followUp,
    );
    if (outcome.status === 'failed') {
      // No card to try: owed all the same, and shown as the payer's failed payment (decision 0075).
      const missing = outcome.unattempted;
      if (missing)
        await deps.failures.recordUnattempted({
          systemId: invoice.systemId,
          payerCompanyId: missing.companyId,
          campaignId: missing.campaignId,
          obligationKey: missing.obligationKey,
          amount: missing.amount,
          reason: outcome.message,
        });
      const now = clock.now();
      await repo.markFailed(invoice.id, now, firstRetryAfter(now));
    }
    // Every charge was 0 (a client at $0 whose part the agency's card carried, all at 0): settled here.
    if (outcome.status === 'paid' && outcome.chargeId === null)
      await repo.markPaid(invoice.id, null, clock.now());
    return outcome.status;
  }

  /** Every invoice the schedule owes by now, written in order (periods behind, then a final one). */
  async function writeSchedule(schedule: ScheduleRow): Promise<InvoiceRow[]> {
    const term = schedule.term as BilledTerm;
    const now = clock.now();
    const endedAt = schedule.endedAt;
    const written: InvoiceRow[] = [];
    const ended = periodsEndedBy(
      term,
      schedule.anchorDate,
      schedule.timeZone,
      endedAt ?? now,
      schedule.nextPeriod,
      PERIODS_PER_RUN,
    );
    let subject: InvoiceSubject | null = null;
    for (const p of ended) {
      subject ??= await deps.charges.subject(schedule.campaignId);
      if (!subject) return written;
      // The fee of the period that follows, billed ahead while the campaign runs into it.
      const following = billingPeriod(term, schedule.anchorDate, schedule.timeZone, p.index + 1);
      const runsOn = endedAt === null || endedAt > following.start;
      const next = runsOn ? { from: following.startDate, to: addDays(following.endDate, -1) } : null;
      const invoice = await write(schedule, subject, 'period', p, next);
      if (invoice) written.push(invoice);
    }
    if (endedAt !== null && ended.length < PERIODS_PER_RUN) {
      subject ??= await deps.charges.subject(schedule.campaignId);
      const last = schedule.nextPeriod + ended.length;
      const from = billingPeriod(term, schedule.anchorDate, schedule.timeZone, last).start;
      if (subject && endedAt > from) {
        const invoice = await write(
          schedule,
          subject,
          'final',
          { index: last, start: from, end: endedAt },
          null,
        );
        if (invoice) written.push(invoice);
      }
    }
    return written;
  }

  const writeSteady = createSteadyInvoicing({
    db,
    repo,
    clock,
    charges: deps.charges,
    billedLeads: deps.billedLeads,
  });

  /** A schedule's invoices owed by now, written and charged (a campaign stopped or cut by manual bill). */
  async function invoiceSchedule(schedule: ScheduleRow): Promise<InvoiceRow[]> {
    const written = await writeSchedule(schedule);
    for (const invoice of written) await charge(invoice);
    return written;
  }

  /**
   * Manual bill is about to switch on (decision 0082): the open schedule's ended periods are invoiced
   * as they are, then its leads since the current period began to `at` on a `switch` invoice, to the
   * payer of now (the client) and charged; the period and final invoices after it bill from `at`, to
   * whoever pays then. Once per schedule (manual bill off stops the campaign and ends it).
   */
  async function cutSchedule(schedule: ScheduleRow, at: Date): Promise<InvoiceRow[]> {
    if (schedule.endedAt !== null) return [];
    const written = await invoiceSchedule(schedule);
    const subject = await deps.charges.subject(schedule.campaignId);
    if (!subject) return written;
    const [locked] = await repo
      .schedulesOfCampaigns([schedule.campaignId])
      .then((all) => all.filter((s) => s.id === schedule.id));
    if (!locked) return written;
    const term = locked.term as BilledTerm;
    const current = billingPeriod(term, locked.anchorDate, locked.timeZone, locked.nextPeriod);
    if (at <= current.start) return written;
    const invoice = await write(
      locked,
      subject,
      'switch',
      { index: locked.nextPeriod, start: current.start, end: at },
      null,
    );
    if (invoice) {
      await charge(invoice);
      written.push(invoice);
    }
    return written;
  }

  /**
   * Every invoice owed by now, written (decision 0086): each page of schedules in id order, running
   * ones owing one period in one batch, the others one by one. Nothing is charged here.
   */
  async function writeDue(options: { batch?: number; concurrency?: number } = {}): Promise<number> {
    const batch = options.batch ?? 500;
    const concurrency = options.concurrency ?? deps.concurrency;
    let written = 0;
    for (let after = 0; ; ) {
      const schedules = await repo.schedulesAfter(after, batch);
      if (schedules.length === 0) return written;
      const steady = await writeSteady(schedules);
      written += steady.written.length;
      await pMap(
        steady.rest,
        async (schedule) => {
          written += (await writeSchedule(schedule)).length;
        },
        { concurrency },
      );
      after = schedules[schedules.length - 1]?.id ?? after;
    }
  }

  /** Every open invoice charged, oldest first: those just written and any a crash left unpaid. */
  async function chargeOpen(options: { concurrency?: number } = {}) {
    const concurrency = options.concurrency ?? deps.concurrency;
    const totals = { charged: 0, failed: 0 };
    for (let after = 0; ; ) {
      const open = await repo.openAfter(after, 1_000);
      if (open.length === 0) return totals;
      await pMap(
        open,
        async (invoice) => {
          const outcome = await charge(invoice);
          if (outcome === 'paid') totals.charged += 1;
          if (outcome === 'failed') totals.failed += 1;
        },
        { concurrency },
      );
      after = open[open.length - 1]?.id ?? after;
    }
  }

  return {
    charge,
    writeDue,
    chargeOpen,
    invoiceSchedule,
    cutSchedule,

    /** One run of the job: every invoice owed written, then every open one charged. */
    async run(options: { batch?: number; concurrency?: number } = {}) {
      const invoices = await writeDue(options);
      return { invoices, ...(await chargeOpen(options)) };
    },
  };
}

export type PeriodInvoicing = ReturnType<typeof createPeriodInvoicing>;
