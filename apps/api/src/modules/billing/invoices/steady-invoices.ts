import { addDays } from '@app/contracts';
import type { Database } from '@app/db';
import { type BilledTerm, billingPeriod, periodsEndedBy } from '@app/pricing';
import type { Clock } from '../../../lib/clock.js';
import type { CampaignPayers } from '../../campaigns/index.js';
import type { BilledLeads } from '../../leads/index.js';
import { billedWindow, draftInvoice } from './invoice-draft.js';
import type { InvoiceRepository, InvoiceRow, ScheduleRow } from './invoice-repository.js';

/**
 * Invoicing running campaigns in bulk (decision 0086): most schedules, most days, owe nothing or
 * exactly one period — the steady state. A batch of them is written in one transaction: their
 * campaigns' prices read in a few queries (`subjects`), their leads counted in one
 * (`pricedCountsOf`), the schedules locked together (`skip locked`: one another run holds is that
 * run's), and the invoices, lines, numbers and schedule moves written a statement each. Anything else
 * — a schedule behind by several periods, an ended one owing its final invoice, a campaign gone —
 * is answered as `rest`, for the one-by-one path, which decides those cases with the same drafts.
 * Charging is not done here: the caller charges what was written.
 */
export function createSteadyInvoicing(deps: {
  db: Database;
  repo: Pick<InvoiceRepository, 'lockRunningSchedules' | 'insertMany'>;
  clock: Clock;
  charges: Pick<CampaignPayers, 'subjects'>;
  billedLeads: Pick<BilledLeads, 'pricedCountsOf'>;
}) {
  const { db, repo, clock } = deps;

  return async function writeSteady(
    schedules: readonly ScheduleRow[],
  ): Promise<{ written: InvoiceRow[]; rest: ScheduleRow[] }> {
    const now = clock.now();
    const rest: ScheduleRow[] = [];
    const steady: { schedule: ScheduleRow; window: { index: number; start: Date; end: Date } }[] = [];
    for (const schedule of schedules) {
      if (schedule.endedAt !== null) {
        rest.push(schedule);
        continue;
      }
      const ended = periodsEndedBy(
        schedule.term as BilledTerm,
        schedule.anchorDate,
        schedule.timeZone,
        now,
        schedule.nextPeriod,
        2,
      );
      const [only] = ended;
      if (only && ended.length === 1) steady.push({ schedule, window: only });
      else if (ended.length > 1) rest.push(schedule);
    }
    if (steady.length === 0) return { written: [], rest };
    const subjects = await deps.charges.subjects(steady.map((s) => s.schedule.campaignId));
    for (const s of steady) if (!subjects.has(s.schedule.campaignId)) rest.push(s.schedule);
    const known = steady.filter((s) => subjects.has(s.schedule.campaignId));

    const written = await db.transaction(async (tx) => {
      const locked = new Map(
        (
          await repo.lockRunningSchedules(
            known.map((s) => s.schedule.id),
            tx,
          )
        ).map((row) => [row.id, row]),
      );
      // A schedule another run moved on (or holds) since it was read is that run's.
      // After a switch invoice (decision 0082) the window starts where it billed to.
      const due = known.flatMap((s) => {
        const row = locked.get(s.schedule.id);
        return row && row.nextPeriod === s.window.index
          ? [{ schedule: row, window: billedWindow(s.window, row.billedThrough) }]
          : [];
      });
      const counts = await deps.billedLeads.pricedCountsOf(
        due.map((d) => ({ campaignId: d.schedule.campaignId, from: d.window.start, to: d.window.end })),
        tx,
      );
      const drafts = due.map(({ schedule, window }) => {
        const subject = subjects.get(schedule.campaignId);
        if (!subject) throw new Error(`no subject for campaign ${schedule.campaignId}`);
        // The fee of the period that follows, billed ahead: a running campaign runs into it.
        const term = schedule.term as BilledTerm;
        const following = billingPeriod(term, schedule.anchorDate, schedule.timeZone, window.index + 1);
        return draftInvoice({
          schedule,
          subject,
          kind: 'period',
          window,
          next: { from: following.startDate, to: addDays(following.endDate, -1) },
          leads: counts.get(schedule.campaignId) ?? [],
          issuedAt: now,
        });
      });
      return repo.insertMany(drafts, tx);
    });
    return { written, rest };
  };
}

export type SteadyInvoicing = ReturnType<typeof createSteadyInvoicing>;
