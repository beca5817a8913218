import { localDate } from '@app/contracts';
import { and, billingSchedules, type Database, type Executor, eq, isNull } from '@app/db';
import type { Clock } from '../../../lib/clock.js';

export type ScheduleRow = typeof billingSchedules.$inferSelect;

/**
 * A Weekly or Monthly campaign's billing clock (decision 0072): opened when an activation completes,
 * its periods counted from the activation's local date in the campaign's zone; ended when the
 * campaign stops, so its final invoice covers the leads to then.
 */
export function createBillingSchedules(deps: { db: Database; clock: Clock }) {
  const { db, clock } = deps;
  return {
    /** Opens the schedule of activation `activation` (once however often this runs); other terms have none. */
    async open(
      input: {
        systemId: number;
        campaignId: number;
        activation: number;
        term: ScheduleRow['term'];
        timeZone: string;
        /** When billing started, if not now: only for loading history (the demo's campaigns). */
        startedAt?: Date;
      },
      tx: Executor = db,
    ): Promise<void> {
      const { startedAt = clock.now(), ...schedule } = input;
      if (schedule.term !== 'Weekly' && schedule.term !== 'Monthly') return;
      if (startedAt > clock.now()) throw new RangeError('A billing schedule cannot start in the future.');
      await tx
        .insert(billingSchedules)
        .values({ ...schedule, anchorDate: localDate(startedAt, schedule.timeZone), startedAt })
        .onConflictDoNothing();
    },

    /** Ends the campaign's open schedule, if any: its final invoice is due. */
    async end(campaignId: number, tx: Executor = db): Promise<void> {
      await tx
        .update(billingSchedules)
        .set({ endedAt: clock.now() })
        .where(and(eq(billingSchedules.campaignId, campaignId), isNull(billingSchedules.endedAt)));
    },
  };
}

export type BillingSchedules = ReturnType<typeof createBillingSchedules>;
