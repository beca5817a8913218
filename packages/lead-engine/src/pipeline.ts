import { acceptsLeads, type CampaignState } from './campaign-state.js';
import type { Candidate, LeadModule } from './candidate.js';
import { checkLeadLimit, type LeadLimit, type LimitPeriod, limitPeriod } from './limits.js';
import { checkLocationOf, type LocationTargeting } from './location.js';
import { REJECTION_LABELS, type RejectionReason, type StepResult } from './reasons.js';
import { checkReidentification, type ReidentificationWindow, windowMs } from './reidentification.js';
import { checkRequirements, type Requirements } from './requirements.js';
import { candidateKeys, checkOptOut, checkSuppression, type SuppressionLists } from './suppression.js';

/*
 * The pure part of the lead pipeline (product guide §2), steps 1-6 in the guide's order, after a
 * first check that the campaign takes leads at all. The database-backed facts (list hits, last
 * deliveries, the count in the period) come in as `PipelineFacts`; the accepted result carries what
 * the API's next steps need. Contract with the API (decision 0037):
 *  - the facts are read without a lock or transaction held across anything slow;
 *  - `accepted` is a decision on those facts, not a reservation: the API then claims the lead in
 *    the database atomically (at most once per campaign + identity + window, and never above the
 *    limit), and only the claim's winner is billed, stored and delivered; a lost claim is recorded
 *    as `already_stored` or as the limit reason;
 *  - `pauseOnRun` tells the API to move the campaign with the state machine.
 */

export const PIPELINE_STEPS = [
  'campaign',
  'opt_out',
  'suppression',
  'reidentification',
  'location',
  'requirements',
  'limit',
] as const;
export type PipelineStep = (typeof PIPELINE_STEPS)[number];

/** What the engine needs to know of a campaign (its stored fields, read once per batch). */
export interface CampaignRules {
  module: LeadModule;
  state: CampaignState;
  reidentification: { window: ReidentificationWindow; acrossClientCampaigns: boolean };
  location: Omit<LocationTargeting, 'module'>;
  requires: Requirements;
  limit: LeadLimit;
  /** The campaign's IANA time zone (spec 2 §9 default America/Chicago). */
  timeZone: string;
}

/** The facts read from the database for this candidate. */
export interface PipelineFacts {
  now: Date;
  lists: SuppressionLists;
  /**
   * The keys the lists were looked up by, when the caller computed them (the API adds each plain
   * e-mail's SHA-256, decision 0092); `candidateKeys(candidate)` otherwise.
   */
  keys?: readonly string[];
  lastToCampaign: Date | null;
  lastToClient: Date | null;
  /** The campaign's leads in `limitPeriod(rules.limit, rules.timeZone, now)`. */
  countInPeriod: number;
}

export type PipelineResult =
  | {
      ok: true;
      candidate: Candidate;
      /** The candidate's MD5 keys (its identity key first). */
      keys: string[];
      /** The limit's current period: the claim counts in it. */
      period: LimitPeriod;
      /** This lead fills the limit: pause on run (reason limit) once it is stored. */
      fillsLimit: boolean;
      /** The window the at-most-once claim uses, in ms; null = never again. */
      reidentificationWindowMs: number | null;
    }
  | {
      ok: false;
      step: PipelineStep;
      reason: RejectionReason;
      label: string;
      /** The limit is full: the campaign must be paused on run (reason limit) if it still runs. */
      pauseOnRun: boolean;
    };

function rejected(step: PipelineStep, result: StepResult, pauseOnRun = false): PipelineResult | null {
  if (result.ok) return null;
  return { ok: false, step, reason: result.reason, label: REJECTION_LABELS[result.reason], pauseOnRun };
}

/** Runs the steps in order; the first rejection is the answer. */
export function runPipeline(
  candidate: Candidate,
  rules: CampaignRules,
  facts: PipelineFacts,
): PipelineResult {
  if (!acceptsLeads(rules.state))
    return rejected('campaign', { ok: false, reason: 'campaign_not_running' }) as PipelineResult;
  const keys = facts.keys ? [...facts.keys] : candidateKeys(candidate);
  const stop =
    rejected('opt_out', checkOptOut(keys, facts.lists.optOut)) ??
    rejected('suppression', checkSuppression(keys, facts.lists)) ??
    rejected(
      'reidentification',
      checkReidentification({
        ...rules.reidentification,
        lastToCampaign: facts.lastToCampaign,
        lastToClient: facts.lastToClient,
        now: facts.now,
      }),
    ) ??
    rejected('location', checkLocationOf(candidate.address, rules.location, rules.module)) ??
    rejected('requirements', checkRequirements(candidate, rules.requires));
  if (stop) return stop;
  const limit = checkLeadLimit({
    limit: rules.limit,
    timeZone: rules.timeZone,
    now: facts.now,
    countInPeriod: facts.countInPeriod,
  });
  if (!limit.ok) return rejected('limit', limit, limit.full) as PipelineResult;
  return {
    ok: true,
    candidate,
    keys,
    period: limitPeriod(rules.limit, rules.timeZone, facts.now),
    fillsLimit: limit.fillsLimit,
    reidentificationWindowMs: windowMs(rules.reidentification.window),
  };
}
