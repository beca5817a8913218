import { describe, expect, it } from 'vitest';
import {
  CAMPAIGN_EVENT_TYPES,
  CAMPAIGN_STATUSES,
  type CampaignEvent,
  type CampaignState,
  NEW_CAMPAIGN,
  PAUSE_ON_RUN_REASONS,
  type PauseOnRunReason,
  transition,
} from './campaign-state.js';

/**
 * Every reachable state: each status (paused on run once per reason), and stopped also archived,
 * removed, or both (archiving and removing need a stopped campaign).
 */
const STATES: CampaignState[] = [
  ...CAMPAIGN_STATUSES.flatMap((status) =>
    (status === 'paused_on_run' ? PAUSE_ON_RUN_REASONS : [null]).map(
      (pauseReason) => ({ status, pauseReason, archived: false, removed: false }) as CampaignState,
    ),
  ),
  { status: 'stopped', pauseReason: null, archived: true, removed: false },
  { status: 'stopped', pauseReason: null, archived: false, removed: true },
  { status: 'stopped', pauseReason: null, archived: true, removed: true },
];
/** Every event, the system ones once per reason. */
const EVENTS: CampaignEvent[] = CAMPAIGN_EVENT_TYPES.flatMap((type) =>
  type === 'pause_on_run' || type === 'resume_on_run'
    ? PAUSE_ON_RUN_REASONS.map((reason) => ({ type, reason }) as CampaignEvent)
    : [{ type } as CampaignEvent],
);

const s = (
  status: CampaignState['status'],
  pauseReason: PauseOnRunReason | null = null,
  archived = false,
) => ({
  status,
  pauseReason,
  archived,
  removed: false,
});
const name = (state: CampaignState) =>
  `${state.status}${state.pauseReason ? `(${state.pauseReason})` : ''}${state.archived ? '+archived' : ''}${state.removed ? '+removed' : ''}`;
const eventName = (event: CampaignEvent) =>
  'reason' in event ? `${event.type}(${event.reason})` : event.type;

/** The whole table of legal moves (decision 0037); every other state × event pair is refused. */
const LEGAL: [CampaignState, CampaignEvent, CampaignState, boolean][] = [
  [s('stopped'), { type: 'activate' }, s('running'), true],
  [s('running'), { type: 'pause' }, s('paused'), false],
  [s('paused'), { type: 'resume' }, s('running'), false],
  [s('paused_on_run', 'limit'), { type: 'resume' }, s('running'), false],
  // Decision 0063: a person may resume a campaign its module paused; the API lets it run only where
  // the module is open to its client again.
  [s('paused_on_run', 'module_unavailable'), { type: 'resume' }, s('running'), false],
  ...PAUSE_ON_RUN_REASONS.map(
    (reason) =>
      [s('running'), { type: 'pause_on_run', reason }, s('paused_on_run', reason), false] as [
        CampaignState,
        CampaignEvent,
        CampaignState,
        boolean,
      ],
  ),
  [
    s('paused_on_run', 'limit'),
    { type: 'pause_on_run', reason: 'module_unavailable' },
    s('paused_on_run', 'module_unavailable'),
    false,
  ],
  [
    s('paused_on_run', 'limit'),
    { type: 'pause_on_run', reason: 'balance' },
    s('paused_on_run', 'balance'),
    false,
  ],
  [
    s('paused_on_run', 'module_unavailable'),
    { type: 'pause_on_run', reason: 'balance' },
    s('paused_on_run', 'balance'),
    false,
  ],
  [
    s('paused_on_run', 'module_unavailable'),
    { type: 'pause_on_run', reason: 'payment_failed' },
    s('paused_on_run', 'payment_failed'),
    false,
  ],
  [
    s('paused_on_run', 'limit'),
    { type: 'pause_on_run', reason: 'payment_failed' },
    s('paused_on_run', 'payment_failed'),
    false,
  ],
  [
    s('paused_on_run', 'balance'),
    { type: 'pause_on_run', reason: 'payment_failed' },
    s('paused_on_run', 'payment_failed'),
    false,
  ],
  ...PAUSE_ON_RUN_REASONS.map(
    (reason) =>
      [s('paused_on_run', reason), { type: 'resume_on_run', reason }, s('running'), false] as [
        CampaignState,
        CampaignEvent,
        CampaignState,
        boolean,
      ],
  ),
  [s('running'), { type: 'stop' }, s('stopped'), false],
  [s('paused'), { type: 'stop' }, s('stopped'), false],
  ...PAUSE_ON_RUN_REASONS.map(
    (reason) =>
      [s('paused_on_run', reason), { type: 'stop' }, s('stopped'), false] as [
        CampaignState,
        CampaignEvent,
        CampaignState,
        boolean,
      ],
  ),
  [s('stopped'), { type: 'archive' }, s('stopped', null, true), false],
  [s('stopped', null, true), { type: 'unarchive' }, s('stopped'), false],
  [s('stopped'), { type: 'remove' }, { ...s('stopped'), removed: true }, false],
  [s('stopped', null, true), { type: 'remove' }, { ...s('stopped', null, true), removed: true }, false],
];

const legalMove = (state: CampaignState, event: CampaignEvent) =>
  LEGAL.find(
    ([from, e]) => JSON.stringify(from) === JSON.stringify(state) && eventName(e) === eventName(event),
  );

describe('the campaign state machine', () => {
  it('starts a new campaign stopped, not archived, not removed', () => {
    expect(NEW_CAMPAIGN).toEqual(s('stopped'));
  });

  it('reaches exactly the enumerated states from a new campaign', () => {
    const seen = new Map([[name(NEW_CAMPAIGN), NEW_CAMPAIGN]]);
    const queue = [NEW_CAMPAIGN];
    for (let state = queue.shift(); state; state = queue.shift())
      for (const event of EVENTS) {
        const result = transition(state, event);
        if (result.ok && !seen.has(name(result.to))) {
          seen.set(name(result.to), result.to);
          queue.push(result.to);
        }
      }
    expect([...seen.keys()].sort()).toEqual(STATES.map(name).sort());
  });

  it('has every legal move of the table in the enumerated states and events', () => {
    for (const [from, event] of LEGAL) {
      expect(STATES.some((state) => JSON.stringify(state) === JSON.stringify(from))).toBe(true);
      expect(EVENTS.some((e) => eventName(e) === eventName(event))).toBe(true);
    }
  });

  const pairs = STATES.flatMap((state) =>
    EVENTS.map((event) => [name(state), eventName(event), state, event] as const),
  );
  it.each(pairs)('%s + %s', (_state, _event, state, event) => {
    const result = transition(state, event);
    const legal = legalMove(state, event);
    if (legal) {
      expect(result).toMatchObject({ ok: true, from: state, to: legal[2], chargesActivation: legal[3] });
      if (result.ok) expect(result.logText).toMatch(/^Campaign /);
    } else {
      expect(result.ok).toBe(false);
      if (!result.ok) {
        expect(result.from).toBe(state);
        expect(result.error).toMatch(/^[A-Z].*\.$/);
      }
    }
  });
});

describe('refusals say why', () => {
  it.each([
    [s('running'), { type: 'activate' }, 'The campaign is already running.'],
    [
      s('paused'),
      { type: 'activate' },
      'Only a stopped campaign can be activated; this one is paused: resume it instead.',
    ],
    [s('paused'), { type: 'pause' }, 'Only a running campaign can be paused; this one is paused.'],
    [
      s('paused_on_run', 'payment_failed'),
      { type: 'resume' },
      'A payment for this campaign failed; it runs again once the failed payment is settled with a new card.',
    ],
    [
      s('paused_on_run', 'balance'),
      { type: 'resume' },
      'This campaign used up its prepaid leads; it runs again when more leads are bought.',
    ],
    [s('stopped'), { type: 'resume' }, 'Only a paused campaign can be resumed; this one is stopped.'],
    [
      s('paused_on_run', 'payment_failed'),
      { type: 'pause_on_run', reason: 'limit' },
      'The campaign is already paused on run (payment failed).',
    ],
    [
      s('paused_on_run', 'limit'),
      { type: 'resume_on_run', reason: 'balance' },
      'The campaign is not paused on run for "prepaid leads used up"; it is paused on run (lead limit reached).',
    ],
    [s('stopped'), { type: 'stop' }, 'The campaign is already stopped.'],
    [s('running'), { type: 'archive' }, 'Stop the campaign before archiving it; it is running.'],
    [s('stopped'), { type: 'unarchive' }, 'The campaign is not archived.'],
    [s('stopped', null, true), { type: 'activate' }, 'This campaign is archived. Unarchive it first.'],
    [s('paused'), { type: 'remove' }, 'Stop the campaign before removing it; it is paused.'],
    [
      { ...s('stopped'), removed: true },
      { type: 'unarchive' },
      'This campaign was removed; it can no longer be changed.',
    ],
  ] as const)('%o + %o', (state, event, error) => {
    expect(transition(state, event as CampaignEvent)).toEqual({ ok: false, from: state, error });
  });

  it('logs moves in words', () => {
    const paused = transition(s('running'), { type: 'pause_on_run', reason: 'payment_failed' });
    expect(paused.ok && paused.logText).toBe('Campaign paused on run (payment failed)');
  });
});
