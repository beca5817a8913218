import type { Database } from '@app/db';
import type { PauseOnRunReason, PipelineStep, RejectionReason } from '@app/lead-engine';
import type { PrepaidLots } from '../billing/index.js';
import type { IngestCampaign } from './ingest-campaigns.js';
import type { IntakeSource } from './intake-repository.js';
import { claimStatements, EMPTY_WRITES, type Pair } from './lead-claim-statements.js';

/*
 * The claim of decision 0037 §1 for a whole batch in ONE short transaction that calls nothing
 * outside the database (decision 0052). Per candidate the rule is unchanged: the campaign claim
 * (campaign, identity), the client claim when the window spans the client's campaigns, the limit
 * counter, the prepaid balance, then the lead with its frozen prices and its delivery rows — and a
 * candidate that loses any step takes nothing. What changed is how: every row a candidate needs is
 * locked first (existing rows FOR UPDATE, new claim rows inserted ON CONFLICT DO NOTHING, counters
 * by an upsert), always in key order and one kind of row after the other, so two batches can wait
 * for each other but never deadlock; the outcome of each candidate is then decided on the locked
 * values, and only the winners' changes are written (a new claim row of a later loser is deleted).
 * The database still decides at-most-once: a claim row is either locked by us or inserted by us.
 */

export interface LeadToStore {
  campaign: IngestCampaign;
  identityMd5: string;
  /** The instant read once for this candidate: facts, pipeline and claim all use it. */
  now: Date;
  windowMs: number | null;
  periodKey: string;
  source: IntakeSource;
  person: {
    firstName: string;
    lastName: string;
    emails: readonly string[];
    phones: readonly string[];
    street: string;
    city: string;
    state: string;
    zip: string;
    company: Record<string, string> | null;
    /** Advanced information the campaign asked for (catalogue id → value); {} for none. */
    advanced: Record<string, string>;
  };
  pageUrl: string;
  keyword: string;
}

export type ClaimOutcome =
  | { ok: true; leadId: number; deliveries: number; pause: PauseOnRunReason | null }
  | { ok: false; step: PipelineStep | 'billing'; reason: RejectionReason; pause: PauseOnRunReason | null };

const LIMIT_REASONS = {
  day: 'limit_reached_day',
  month: 'limit_reached_month',
  lifetime: 'limit_reached_lifetime',
} as const satisfies Record<string, RejectionReason>;

/** How a candidate holds a claim row: an existing row it will update, or a row it inserted. */
type Hold = 'update' | 'inserted';

interface Candidate {
  lead: LeadToStore;
  claim?: Hold;
  clientClaim?: Hold;
  lost?: Extract<ClaimOutcome, { ok: false }>;
  pause: PauseOnRunReason | null;
}

const key = (owner: number, md5: string) => `${owner}:${md5}`;
/** The re-claim condition: elapsed time since the last delivery at least the window; never = never. */
const windowPassed = (last: Date, lead: LeadToStore) =>
  lead.windowMs !== null && last.getTime() <= lead.now.getTime() - lead.windowMs;
const lose = (
  c: Candidate,
  step: PipelineStep | 'billing',
  reason: RejectionReason,
  pause: PauseOnRunReason | null = null,
) => {
  c.lost = { ok: false, step, reason, pause };
};

/** A candidate the pipeline or the claim refused, stored with its step and reason. */
export interface Rejection {
  campaignId: number;
  identityMd5: string | null;
  source: string;
  step: string;
  reason: string;
}

/** What the batch settles beside its leads: the pipeline's rejections and the intake rows it is done with. */
export interface BatchEnd {
  rejections: readonly Rejection[];
  /** Intake rows whose outcome this batch stores (deleted in the same transaction). */
  processed: readonly number[];
}

/**
 * Claims the leads (in the given order of precedence) and stores the batch's outcome: the leads
 * with their delivery rows, every rejection (the pipeline's and the claim's losers), and the
 * intake rows deleted, all committed together. One outcome per lead, in the same order.
 */
export async function claimLeads(
  db: Database,
  prepaidLots: Pick<PrepaidLots, 'lockLeft' | 'use'>,
  leads: readonly LeadToStore[],
  end: BatchEnd,
): Promise<ClaimOutcome[]> {
  // Nothing to claim: the rejections and the intake rows in one statement (atomic by itself).
  if (leads.length === 0) {
    await claimStatements(db).writeBatch({
      ...EMPTY_WRITES,
      rejections: end.rejections,
      processed: end.processed,
    });
    return [];
  }
  return db.transaction(async (tx) => {
    const sql = claimStatements(tx);
    const candidates: Candidate[] = leads.map((lead) => ({ lead, pause: null }));
    const alive = () => candidates.filter((c) => !c.lost);

    // 1. The campaign claims: existing rows locked, then the new ones inserted.
    await takeClaims(
      alive(),
      (c) => [c.lead.campaign.id, c.lead.identityMd5, c.lead.campaign.agencyId],
      (pairs) => sql.lockCampaignClaims(pairs),
      (pairs) => sql.insertCampaignClaims(pairs),
      (c, hold) => {
        c.claim = hold;
      },
      (c) => lose(c, 'reidentification', 'already_stored'),
    );
    // 2. The client claims of candidates whose window spans the client's campaigns.
    await takeClaims(
      alive().filter((c) => c.lead.campaign.rules.reidentification.acrossClientCampaigns),
      (c) => [c.lead.campaign.clientId, c.lead.identityMd5, c.lead.campaign.agencyId],
      (pairs) => sql.lockClientClaims(pairs),
      (pairs) => sql.insertClientClaims(pairs),
      (c, hold) => {
        c.clientClaim = hold;
      },
      (c) => lose(c, 'reidentification', 'reidentified_client'),
    );

    // 3. Limit counters and prepaid balances, locked, then spent in order of precedence. A site
    //    test's lead is not one the client bought: it takes no place in the limit and no prepaid
    //    lead (decision 0050).
    const counts = (c: Candidate) => c.lead.source !== 'test';
    const limited = alive().filter((c) => counts(c) && c.lead.campaign.rules.limit.max !== null);
    const counters = await sql.lockCounters(
      unique(limited.map((c) => [c.lead.campaign.id, c.lead.periodKey, c.lead.campaign.agencyId] as const)),
    );
    const prepaid = await prepaidLots.lockLeft(
      [
        ...new Set(
          alive()
            .filter((c) => counts(c) && c.lead.campaign.term === 'Prepaid')
            .map((c) => c.lead.campaign.id),
        ),
      ].sort((a, b) => a - b),
      tx,
    );
    const countersUsed = new Map<string, number>();
    const prepaidUsed = new Set<Candidate>();
    for (const c of alive().filter(counts)) {
      const { campaign, periodKey } = c.lead;
      const { max, frequency } = campaign.rules.limit;
      const counterKey = `${campaign.id}:${periodKey}`;
      const count = counters.get(counterKey) ?? 0;
      if (max !== null && count >= max) {
        lose(c, 'limit', LIMIT_REASONS[frequency], 'limit');
        continue;
      }
      const left = prepaid.get(campaign.id) ?? 0;
      if (campaign.term === 'Prepaid' && left <= 0) {
        lose(c, 'billing', 'prepaid_balance_exhausted', 'balance');
        continue;
      }
      if (max !== null) {
        counters.set(counterKey, count + 1);
        countersUsed.set(counterKey, count + 1);
        if (count + 1 >= max) c.pause = 'limit';
      }
      if (campaign.term === 'Prepaid') {
        prepaid.set(campaign.id, left - 1);
        prepaidUsed.add(c);
        // The last prepaid lead: balance outranks limit in the state machine.
        if (left - 1 === 0) c.pause = 'balance';
      }
    }

    // 4. Only now, writes, in one statement: the winners' claims, counters, balances, leads and
    //    delivery rows; the claim rows inserted for candidates that lost a later step go again;
    //    every rejection is stored and the batch's intake rows are deleted.
    const winners = alive();
    const losers = candidates.filter(
      (c): c is Candidate & { lost: NonNullable<Candidate['lost']> } => !!c.lost,
    );
    const at = (c: Candidate) => c.lead.now.toISOString();
    const targets = winners.map((c) => deliveryTargets(c.lead.campaign));
    const ids = await sql.writeBatch({
      campaignClaims: winners
        .filter((c) => c.claim === 'update')
        .map((c) => [c.lead.campaign.id, c.lead.identityMd5, c.lead.campaign.agencyId, at(c)]),
      clientClaims: winners
        .filter((c) => c.clientClaim === 'update')
        .map((c) => [c.lead.campaign.clientId, c.lead.identityMd5, c.lead.campaign.agencyId, at(c)]),
      dropCampaignClaims: losers
        .filter((c) => c.claim === 'inserted')
        .map((c) => [c.lead.campaign.id, c.lead.identityMd5, c.lead.campaign.agencyId]),
      dropClientClaims: losers
        .filter((c) => c.clientClaim === 'inserted')
        .map((c) => [c.lead.campaign.clientId, c.lead.identityMd5, c.lead.campaign.agencyId]),
      counters: countersUsed,
      leads: winners.map((c, i) => ({ lead: c.lead, deliveries: targets[i] ?? [] })),
      rejections: [
        ...end.rejections,
        ...losers.map((c) => ({
          campaignId: c.lead.campaign.id,
          identityMd5: c.lead.identityMd5,
          source: c.lead.source,
          step: c.lost.step,
          reason: c.lost.reason,
        })),
      ],
      processed: end.processed,
    });

    // 5. The prepaid leads the winners took, posted to the ledger in this transaction: one posting
    //    per campaign, named by its first lead (decision 0072).
    const uses = new Map<number, { leads: number; firstLeadId: number }>();
    winners.forEach((c, i) => {
      if (!prepaidUsed.has(c)) return;
      const id = ids[i] as number;
      const use = uses.get(c.lead.campaign.id);
      if (use) {
        use.leads += 1;
        use.firstLeadId = Math.min(use.firstLeadId, id);
      } else uses.set(c.lead.campaign.id, { leads: 1, firstLeadId: id });
    });
    await prepaidLots.use(
      [...uses].map(([campaignId, use]) => ({ campaignId, ...use })),
      tx,
    );

    let w = 0;
    return candidates.map((c): ClaimOutcome => {
      if (c.lost) return c.lost;
      const i = w++;
      return { ok: true, leadId: ids[i] as number, deliveries: targets[i]?.length ?? 0, pause: c.pause };
    });
  });
}

/**
 * One kind of claim for these candidates: the first candidate (in order) of each key may take it;
 * an existing row (locked) is taken when the window has passed, a missing row by inserting it —
 * unless another batch inserted it first, which ON CONFLICT DO NOTHING tells.
 */
async function takeClaims(
  candidates: readonly Candidate[],
  keyOf: (c: Candidate) => Pair,
  lock: (pairs: readonly Pair[]) => Promise<Map<string, Date>>,
  insert: (pairs: readonly (readonly [number, string, number, string])[]) => Promise<Set<string>>,
  hold: (c: Candidate, how: Hold) => void,
  lost: (c: Candidate) => void,
): Promise<void> {
  if (candidates.length === 0) return;
  const existing = await lock(unique(candidates.map(keyOf)));
  const seen = new Set<string>();
  const toInsert: Candidate[] = [];
  for (const c of candidates) {
    const [owner, md5] = keyOf(c);
    const k = key(owner, md5);
    if (seen.has(k)) {
      lost(c); // a repeat within the batch: the first one has the claim
      continue;
    }
    seen.add(k);
    const last = existing.get(k);
    if (last === undefined) toInsert.push(c);
    else if (windowPassed(last, c.lead)) hold(c, 'update');
    else lost(c);
  }
  const inserted = await insert(
    toInsert.map((c) => {
      const [owner, md5, agency] = keyOf(c);
      return [owner, md5, agency, c.lead.now.toISOString()] as const;
    }),
  );
  for (const c of toInsert) {
    const [owner, md5] = keyOf(c);
    if (inserted.has(key(owner, md5))) hold(c, 'inserted');
    else lost(c);
  }
}

/** Distinct pairs in key order: every batch locks rows in the same order, so none deadlock. */
function unique<T extends readonly [number, string, ...unknown[]]>(pairs: readonly T[]): T[] {
  const byKey = new Map(pairs.map((p) => [key(p[0], p[1]), p]));
  return [...byKey.values()].sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : a[1] > b[1] ? 1 : 0));
}

/** One delivery per recipient the campaign asks for: report e-mails and administrators' notifications. */
export function deliveryTargets(campaign: Pick<IngestCampaign, 'reportSentTo' | 'adminNotifyTo'>) {
  const targets: [kind: string, target: string][] = [];
  for (const to of new Set(campaign.reportSentTo.map((a) => a.trim().toLowerCase()).filter(Boolean)))
    targets.push(['report_email', to]);
  for (const to of new Set(campaign.adminNotifyTo.map((a) => a.trim().toLowerCase()).filter(Boolean)))
    targets.push(['notification', to]);
  return targets;
}
