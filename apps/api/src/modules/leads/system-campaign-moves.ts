import { type Database, queryRows, sql } from '@app/db';
import type { PauseOnRunReason } from '@app/lead-engine';
import { type CampaignEvent, type CampaignState, type CampaignStatus, transition } from '@app/lead-engine';

/*
 * The lead engine's own moves of a campaign: the system pausing it on run (limit reached, prepaid
 * balance exhausted). Named apart from the campaigns module's user-facing moves so the two can be
 * pointed at one implementation when they meet; both go through the state machine of
 * `@app/lead-engine` and write a `campaign_moves` row with no user.
 */

interface StateRow {
  status: CampaignStatus;
  pause_reason: PauseOnRunReason | null;
  archived: boolean;
  removed: boolean;
}

export type SystemMoveOutcome =
  | { moved: true; to: CampaignState; logText: string }
  | { moved: false; why: string };

/**
 * Applies a system event to a campaign: reads its state, asks the state machine, and writes the
 * new state only if the row still holds the state it read (a conditional UPDATE), with the move's
 * log row, in one short transaction. A refused or raced move changes nothing.
 */
export async function moveCampaignBySystem(
  db: Database,
  campaignId: number,
  event: CampaignEvent,
): Promise<SystemMoveOutcome> {
  return db.transaction(async (tx) => {
    const [row] = await queryRows<StateRow>(
      tx,
      sql`select status, pause_reason, archived, removed_at is not null as removed
            from campaigns where id = ${campaignId}`,
    );
    if (!row) return { moved: false, why: 'no such campaign' };
    const from: CampaignState = {
      status: row.status,
      pauseReason: row.pause_reason,
      archived: row.archived,
      removed: row.removed,
    };
    const step = transition(from, event);
    if (!step.ok) return { moved: false, why: step.error };
    const updated = await queryRows<{ id: number }>(
      tx,
      sql`update campaigns set status = ${step.to.status}, pause_reason = ${step.to.pauseReason},
                updated_at = now()
           where id = ${campaignId} and status = ${from.status}
             and pause_reason is not distinct from ${from.pauseReason}::text
          returning id`,
    );
    if (updated.length === 0) return { moved: false, why: 'the campaign moved meanwhile' };
    const reason = 'reason' in event ? event.reason : null;
    await tx.execute(
      sql`insert into campaign_moves (campaign_id, event, from_status, to_status, reason)
          values (${campaignId}, ${event.type}, ${from.status}, ${step.to.status}, ${reason})`,
    );
    return { moved: true, to: step.to, logText: step.logText };
  });
}
