import { describe, expect, it } from 'vitest';
import { NEW_CAMPAIGN } from './campaign-state.js';
import type { Candidate } from './candidate.js';
import { type CampaignRules, type PipelineFacts, runPipeline } from './pipeline.js';
import { REJECTION_LABELS } from './reasons.js';
import { DAY_MS } from './reidentification.js';
import { emailMd5 } from './suppression.js';

const NOW = new Date('2026-04-15T17:00:00Z');
const JANE = emailMd5('jane@example.com');
const jane: Candidate = {
  emailMd5: JANE,
  emails: ['jane@example.com'],
  phones: ['5125550100'],
  address: { street: '1 Congress Ave', city: 'Austin', state: 'TX', zip: '78701' },
};
const rules: CampaignRules = {
  module: 'enhance',
  state: { ...NEW_CAMPAIGN, status: 'running' },
  reidentification: { window: '30', acrossClientCampaigns: true },
  location: { national: false, zips: ['78701'], cities: [], states: [], localStateMode: 'include' },
  requires: { email: true, phone: false, address: false },
  limit: { max: 10, frequency: 'day', startDate: null, endDate: null },
  timeZone: 'America/Chicago',
};
const empty = new Set<string>();
const facts: PipelineFacts = {
  now: NOW,
  lists: { optOut: empty, agency: empty, client: empty, campaign: empty },
  lastToCampaign: null,
  lastToClient: null,
  countInPeriod: 0,
};
const listed = new Set([JANE]);

/**
 * A candidate and campaign that fail every step; each row removes one failure, so the next step's
 * rejection shows: the order of product guide §2.
 */
const failing = {
  candidate: { ...jane, emails: [], address: { ...jane.address, zip: '7870' } } as Candidate,
  rules: { ...rules, state: { ...rules.state, status: 'paused' } } as CampaignRules,
  facts: {
    ...facts,
    lists: { optOut: listed, agency: listed, client: listed, campaign: listed },
    lastToCampaign: new Date(NOW.getTime() - 29 * DAY_MS),
    countInPeriod: 10,
  } as PipelineFacts,
};

describe('runPipeline: the steps in the product guide’s order, the first rejection wins', () => {
  const steps: [string, (c: typeof failing) => typeof failing, string, string][] = [
    ['the campaign is not running', (c) => c, 'campaign', 'campaign_not_running'],
    ['opt-out list', (c) => ({ ...c, rules }), 'opt_out', 'opted_out'],
    [
      'agency suppression',
      (c) => ({ ...c, facts: { ...c.facts, lists: { ...c.facts.lists, optOut: empty } } }),
      'suppression',
      'suppressed_agency',
    ],
    [
      'client suppression',
      (c) => ({ ...c, facts: { ...c.facts, lists: { ...c.facts.lists, agency: empty } } }),
      'suppression',
      'suppressed_client',
    ],
    [
      'campaign suppression',
      (c) => ({ ...c, facts: { ...c.facts, lists: { ...c.facts.lists, client: empty } } }),
      'suppression',
      'suppressed_campaign',
    ],
    [
      're-identification',
      (c) => ({ ...c, facts: { ...c.facts, lists: facts.lists } }),
      'reidentification',
      'reidentified_campaign',
    ],
    [
      'location lock',
      (c) => ({ ...c, facts: { ...c.facts, lastToCampaign: null } }),
      'location',
      'outside_locations',
    ],
    [
      'require e-mail',
      (c) => ({ ...c, candidate: { ...c.candidate, address: jane.address } }),
      'requirements',
      'missing_email',
    ],
    ['lead limit', (c) => ({ ...c, candidate: jane }), 'limit', 'limit_reached_day'],
  ];
  let current = failing;
  for (const [name, fix, step, reason] of steps) {
    const input = fix(current);
    current = input;
    it(`${name} → ${reason}`, () => {
      expect(runPipeline(input.candidate, input.rules, input.facts)).toEqual({
        ok: false,
        step,
        reason,
        label: REJECTION_LABELS[reason as keyof typeof REJECTION_LABELS],
        pauseOnRun: reason === 'limit_reached_day',
      });
    });
  }

  it('accepts the candidate once nothing fails, with what billing and the claim need', () => {
    const result = runPipeline(jane, rules, { ...facts, countInPeriod: 3 });
    expect(result).toEqual({
      ok: true,
      candidate: jane,
      keys: [JANE],
      period: {
        key: 'day:2026-04-15',
        start: new Date('2026-04-15T05:00:00.000Z'),
        end: new Date('2026-04-16T05:00:00.000Z'),
      },
      fillsLimit: false,
      reidentificationWindowMs: 30 * DAY_MS,
    });
  });

  it('says when the accepted lead fills the limit', () => {
    const result = runPipeline(jane, rules, { ...facts, countInPeriod: 9 });
    expect(result.ok && result.fillsLimit).toBe(true);
  });

  it.each([
    ['archived', { ...rules.state, archived: true }],
    ['paused on run', { ...rules.state, status: 'paused_on_run', pauseReason: 'limit' }],
    ['stopped', NEW_CAMPAIGN],
  ] as const)('takes no lead for a campaign that is %s', (_name, state) => {
    expect(runPipeline(jane, { ...rules, state }, facts)).toMatchObject({
      ok: false,
      reason: 'campaign_not_running',
    });
  });

  it('day 30 of a 30-day window is taken; national targeting bypasses the lock', () => {
    const result = runPipeline(
      { ...jane, address: null },
      { ...rules, location: { ...rules.location, national: true } },
      {
        ...facts,
        lastToCampaign: new Date(NOW.getTime() - 30 * DAY_MS),
        lastToClient: new Date(NOW.getTime() - 30 * DAY_MS),
      },
    );
    expect(result.ok).toBe(true);
  });
});
