/*
 * The campaign state machine (product guide §2, issue 11): the one place that decides whether a
 * campaign may move, and where to. Pure: the API module persists the new state and logs the move
 * with `logText`; the transition table is decision 0037's.
 */

export const CAMPAIGN_STATUSES = ['running', 'paused', 'paused_on_run', 'stopped'] as const;
export type CampaignStatus = (typeof CAMPAIGN_STATUSES)[number];

export const STATUS_LABELS: Record<CampaignStatus, string> = {
  running: 'Running',
  paused: 'Paused',
  paused_on_run: 'Paused on run',
  stopped: 'Stopped',
};

/**
 * Why the system paused a campaign, weakest first: a stronger cause replaces a weaker one.
 * `module_unavailable`: its client may no longer open the campaign's module (switched off, or a beta
 * its agency no longer has), so its leads would be billed behind a page nobody there can open
 * (decision 0063).
 */
export const PAUSE_ON_RUN_REASONS = ['limit', 'module_unavailable', 'balance', 'payment_failed'] as const;
export type PauseOnRunReason = (typeof PAUSE_ON_RUN_REASONS)[number];

export const PAUSE_ON_RUN_LABELS: Record<PauseOnRunReason, string> = {
  limit: 'lead limit reached',
  module_unavailable: 'module not available to the client',
  balance: 'prepaid leads used up',
  payment_failed: 'payment failed',
};

export interface CampaignState {
  status: CampaignStatus;
  /** Set exactly when the status is paused_on_run. */
  pauseReason: PauseOnRunReason | null;
  archived: boolean;
  /** Removed (`/leadspeek/client/remove`): kept for its leads and invoices, never moved again. */
  removed: boolean;
}

/** A campaign as created: stopped until its first activation (which charges what the term says). */
export const NEW_CAMPAIGN: CampaignState = Object.freeze({
  status: 'stopped',
  pauseReason: null,
  archived: false,
  removed: false,
});

export type CampaignEvent =
  | { type: 'activate' }
  | { type: 'pause' }
  | { type: 'resume' }
  | { type: 'pause_on_run'; reason: PauseOnRunReason }
  | { type: 'resume_on_run'; reason: PauseOnRunReason }
  | { type: 'stop' }
  | { type: 'archive' }
  | { type: 'unarchive' }
  | { type: 'remove' };
export type CampaignEventType = CampaignEvent['type'];
export const CAMPAIGN_EVENT_TYPES: readonly CampaignEventType[] = [
  'activate',
  'pause',
  'resume',
  'pause_on_run',
  'resume_on_run',
  'stop',
  'archive',
  'unarchive',
  'remove',
];

export type Transition =
  | {
      ok: true;
      from: CampaignState;
      to: CampaignState;
      /** The first activation and every restart after a stop charge what the payment term says. */
      chargesActivation: boolean;
      /** The user-log line of the move: 'Campaign paused on run (lead limit reached)'. */
      logText: string;
    }
  | { ok: false; from: CampaignState; error: string };

/** Whether the pipeline takes leads for a campaign in this state. */
export const acceptsLeads = (state: CampaignState): boolean =>
  state.status === 'running' && !state.archived && !state.removed;

/** How a state reads in an error: 'paused on run (payment failed)'. */
export function describeState(state: CampaignState): string {
  const status = STATUS_LABELS[state.status].toLowerCase();
  const reason = state.pauseReason ? ` (${PAUSE_ON_RUN_LABELS[state.pauseReason]})` : '';
  return `${state.removed ? 'removed' : state.archived ? `archived and ${status}` : status}${reason}`;
}

const strength = (reason: PauseOnRunReason) => PAUSE_ON_RUN_REASONS.indexOf(reason);

function moved(from: CampaignState, to: Partial<CampaignState>, logText: string, chargesActivation = false) {
  return { ok: true as const, from, to: { ...from, ...to }, chargesActivation, logText };
}
const refused = (from: CampaignState, error: string): Transition => ({ ok: false, from, error });

/** Causes a person may resume from once they have dealt with them; the API checks the module again. */
const RESUMABLE: readonly PauseOnRunReason[] = ['limit', 'module_unavailable'];

const RESUME_REFUSALS: Record<Exclude<PauseOnRunReason, 'limit' | 'module_unavailable'>, string> = {
  balance: 'This campaign used up its prepaid leads; it runs again when more leads are bought.',
  payment_failed:
    'A payment for this campaign failed; it runs again once the failed payment is settled with a new card.',
};

/** Applies one event to a state: the new state, or why the move is not allowed. */
export function transition(from: CampaignState, event: CampaignEvent): Transition {
  if (from.removed) return refused(from, 'This campaign was removed; it can no longer be changed.');
  if (from.archived && event.type !== 'unarchive' && event.type !== 'remove')
    return refused(from, 'This campaign is archived. Unarchive it first.');
  const now = describeState(from);
  switch (event.type) {
    case 'activate':
      if (from.status !== 'stopped')
        return refused(
          from,
          from.status === 'running'
            ? 'The campaign is already running.'
            : `Only a stopped campaign can be activated; this one is ${now}: resume it instead.`,
        );
      return moved(from, { status: 'running' }, 'Campaign activated', true);
    case 'pause':
      if (from.status !== 'running')
        return refused(from, `Only a running campaign can be paused; this one is ${now}.`);
      return moved(from, { status: 'paused' }, 'Campaign paused');
    case 'resume': {
      if (from.status === 'paused') return moved(from, { status: 'running' }, 'Campaign resumed');
      const reason = from.status === 'paused_on_run' ? from.pauseReason : null;
      // A person may resume a campaign its limit paused (after raising the limit), or one its module
      // paused (the API lets it run only where the module is open again); money must be settled by
      // the system first.
      if (reason && RESUMABLE.includes(reason))
        return moved(
          from,
          { status: 'running', pauseReason: null },
          `Campaign resumed (was paused on run: ${PAUSE_ON_RUN_LABELS[reason]})`,
        );
      if (reason === 'balance' || reason === 'payment_failed') return refused(from, RESUME_REFUSALS[reason]);
      return refused(from, `Only a paused campaign can be resumed; this one is ${now}.`);
    }
    case 'pause_on_run': {
      const text = `Campaign paused on run (${PAUSE_ON_RUN_LABELS[event.reason]})`;
      if (from.status === 'running')
        return moved(from, { status: 'paused_on_run', pauseReason: event.reason }, text);
      if (
        from.status === 'paused_on_run' &&
        from.pauseReason &&
        strength(event.reason) > strength(from.pauseReason)
      )
        return moved(from, { pauseReason: event.reason }, text);
      return refused(
        from,
        from.status === 'paused_on_run'
          ? `The campaign is already ${now}.`
          : `Only a running campaign can be paused on run; this one is ${now}.`,
      );
    }
    case 'resume_on_run':
      if (from.status === 'paused_on_run' && from.pauseReason === event.reason)
        return moved(
          from,
          { status: 'running', pauseReason: null },
          `Campaign running again (${PAUSE_ON_RUN_LABELS[event.reason]} no longer applies)`,
        );
      return refused(
        from,
        `The campaign is not paused on run for "${PAUSE_ON_RUN_LABELS[event.reason]}"; it is ${now}.`,
      );
    case 'stop':
      if (from.status === 'stopped') return refused(from, 'The campaign is already stopped.');
      return moved(from, { status: 'stopped', pauseReason: null }, 'Campaign stopped');
    case 'archive':
      if (from.status !== 'stopped')
        return refused(from, `Stop the campaign before archiving it; it is ${now}.`);
      return moved(from, { archived: true }, 'Campaign archived');
    case 'unarchive':
      if (!from.archived) return refused(from, 'The campaign is not archived.');
      return moved(from, { archived: false }, 'Campaign unarchived');
    case 'remove':
      if (from.status !== 'stopped')
        return refused(from, `Stop the campaign before removing it; it is ${now}.`);
      return moved(from, { removed: true }, 'Campaign removed');
  }
}
