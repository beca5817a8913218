import { type Database, queryRows, sql } from '@app/db';
import {
  type CampaignEvent,
  type Candidate,
  candidateKeys,
  limitPeriod,
  type PauseOnRunReason,
  runPipeline,
} from '@app/lead-engine';
import { testLeadPrices } from '@app/pricing';
import { z } from 'zod';
import {
  type Identity,
  IdentityRequestError,
  type IdentityResolver,
} from '../../providers/identities/index.js';
import { type IngestCampaign, loadIngestCampaigns } from './ingest-campaigns.js';
import type { IntakeRepository, IntakeRow } from './intake-repository.js';
import { claimLeads, type LeadToStore } from './lead-claim.js';
import { type FactsRequest, readBatchFacts } from './pipeline-facts.js';
import { identitySchema, storedAdVisitSchema, storedPageViewSchema } from './schemas.js';

/** Moves a campaign as the system (pause on run); the campaigns module owns the one move path. */
export type MoveBySystem = (campaignId: number, event: CampaignEvent) => Promise<unknown>;

/*
 * The ingest worker's batch (issue 11 "The pipeline", decision 0037 §1, decision 0046): intake rows
 * → identities (the resolver for page views; vendors' identities as given) → candidates → the
 * batch's facts in four reads → `runPipeline` → the accepted candidates claimed in one transaction
 * (decision 0052) → rejections stored in one insert → campaigns the
 * limit or the balance stopped are paused on run. The resolver is called with no transaction open.
 */

export interface BatchOutcome {
  rows: number;
  unresolved: number;
  leads: number;
  rejected: number;
  /** Rows left for a later attempt (a resolver outage). */
  retried: number;
  deliveries: number;
}

interface Prepared {
  row: IntakeRow;
  campaign: IngestCampaign;
  identity: Identity;
  pageUrl: string;
  keyword: string;
}

interface Rejection {
  campaignId: number;
  identityMd5: string | null;
  source: string;
  step: string;
  reason: string;
}

/** Rows that failed this many times are dropped (logged), so one poison row cannot loop for ever. */
const MAX_ATTEMPTS = 5;

export function createIngestService(deps: {
  db: Database;
  intake: IntakeRepository;
  resolver: IdentityResolver;
  log: (message: string, detail?: unknown) => void;
  /** Called when leads were stored with deliveries to make (wakes the delivery job). */
  onDeliveriesQueued: () => void;
  /** The campaigns module's move by the system (the state machine decides; a refusal changes nothing). */
  moveBySystem: MoveBySystem;
  /** Called when a batch's outcomes are stored (a waiting site test looks again). */
  onBatchDone?: () => void;
}) {
  const { db, intake, resolver } = deps;

  async function resolve(rows: IntakeRow[], campaigns: Map<number, IngestCampaign>) {
    const prepared: Prepared[] = [];
    const done: number[] = [];
    const retry: number[] = [];
    let unresolved = 0;
    await eachLimited(rows, 16, async (row) => {
      const campaign = campaigns.get(row.campaignId);
      if (!campaign) {
        done.push(row.id); // the campaign left (simplifi, removed from the table): nothing to do
        return;
      }
      try {
        if (row.source === 'pixel') {
          const view = storedPageViewSchema.parse(row.payload);
          const answer = await resolver.resolveVisitor({
            visitorKey: view.vid,
            ip: view.ip,
            userAgent: view.ua,
            pageUrl: view.url,
            campaignId: campaign.publicId,
          });
          if (answer.status === 'unknown') {
            unresolved += 1;
            done.push(row.id);
            return;
          }
          prepared.push({ row, campaign, identity: answer.identity, pageUrl: view.url, keyword: '' });
        } else if (row.source === 'ad_platform') {
          // A visitor an ad brought (decision 0051): resolved like a pixel's page view.
          const visit = storedAdVisitSchema.parse(row.payload);
          const answer = await resolver.resolveVisitor({
            visitorKey: visit.visitorKey,
            ip: visit.ip,
            userAgent: visit.userAgent,
            pageUrl: visit.pageUrl,
            campaignId: campaign.publicId,
          });
          if (answer.status === 'unknown') {
            unresolved += 1;
            done.push(row.id);
            return;
          }
          prepared.push({
            row,
            campaign,
            identity: answer.identity,
            pageUrl: visit.pageUrl,
            keyword: visit.keyword,
          });
        } else {
          const { keyword, ...identity } = identitySchema
            .extend({ keyword: z.string().optional() })
            .parse(row.payload);
          prepared.push({
            row,
            campaign,
            identity: identity as Identity,
            pageUrl: '',
            keyword: keyword ?? '',
          });
        }
      } catch (err) {
        if (
          err instanceof IdentityRequestError ||
          err instanceof z.ZodError ||
          row.attempts >= MAX_ATTEMPTS
        ) {
          deps.log('lead intake row dropped', { id: row.id, error: String(err) });
          done.push(row.id);
        } else retry.push(row.id);
      }
    });
    return { prepared, done, retry, unresolved };
  }

  return {
    /** Leases one batch and takes it through the pipeline; null when nothing was due. */
    async processNextBatch(size: number): Promise<BatchOutcome | null> {
      const rows = await intake.lease(size);
      if (rows.length === 0) return null;
      const campaigns = await loadIngestCampaigns(db, [...new Set(rows.map((r) => r.campaignId))]);
      const { prepared, done, retry, unresolved } = await resolve(rows, campaigns);

      // One instant per batch: the facts, the pipeline and every claim of the batch use it.
      const now = new Date();
      const candidates = prepared.map((p) => {
        const candidate: Candidate = {
          emailMd5: p.identity.emailMd5,
          emails: p.identity.emails,
          phones: p.identity.phones,
          address: p.identity.address,
        };
        const period = limitPeriod(p.campaign.rules.limit, p.campaign.rules.timeZone, now);
        const request: FactsRequest = {
          campaign: p.campaign,
          keys: candidateKeys(candidate),
          identityMd5: candidate.emailMd5.trim().toLowerCase(),
          periodKey: period.key,
        };
        return { p, candidate, request };
      });
      const facts = await readBatchFacts(
        db,
        candidates.map((c) => c.request),
      );

      const rejections: Rejection[] = [];
      const pauses = new Map<number, PauseOnRunReason>();
      const pauseFor = (campaignId: number, reason: PauseOnRunReason | null) => {
        if (!reason) return;
        // The stronger reason wins (balance over limit), as in the state machine.
        if (pauses.get(campaignId) !== 'balance') pauses.set(campaignId, reason);
      };
      const toClaim: LeadToStore[] = [];
      for (const { p, candidate, request } of candidates) {
        const { campaign } = p;
        const md5 = request.identityMd5;
        const result = runPipeline(candidate, campaign.rules, {
          now,
          lists: facts.lists(campaign, request.keys),
          lastToCampaign: facts.lastToCampaign(campaign.id, md5),
          lastToClient: facts.lastToClient(campaign.clientId, md5),
          countInPeriod: facts.countInPeriod(campaign.id, request.periodKey ?? ''),
        });
        done.push(p.row.id);
        if (!result.ok) {
          rejections.push({
            campaignId: campaign.id,
            identityMd5: md5,
            source: p.row.source,
            step: result.step,
            reason: result.reason,
          });
          // A site test reports what stops leads; it never moves the campaign itself.
          if (result.pauseOnRun && p.row.source !== 'test') pauseFor(campaign.id, 'limit');
          continue;
        }
        const person = p.identity;
        toClaim.push({
          campaign:
            p.row.source === 'test' ? { ...campaign, prices: testLeadPrices(campaign.prices) } : campaign,
          identityMd5: md5,
          now,
          windowMs: result.reidentificationWindowMs,
          periodKey: result.period.key,
          source: p.row.source,
          pageUrl: p.pageUrl,
          keyword: p.keyword,
          person: {
            firstName: person.firstName ?? '',
            lastName: person.lastName ?? '',
            emails: person.emails,
            phones: person.phones,
            street: person.address?.street ?? '',
            city: person.address?.city ?? '',
            state: person.address?.state ?? '',
            zip: person.address?.zip ?? '',
            company: person.company ? { ...person.company } : null,
          },
        });
      }

      // Every accepted candidate of the batch in one claim transaction (decision 0052).
      let leads = 0;
      let deliveries = 0;
      const outcomes = await claimLeads(db, toClaim);
      outcomes.forEach((outcome, i) => {
        const lead = toClaim[i] as LeadToStore;
        if (outcome.ok) {
          leads += 1;
          deliveries += outcome.deliveries;
        } else
          rejections.push({
            campaignId: lead.campaign.id,
            identityMd5: lead.identityMd5,
            source: lead.source,
            step: outcome.step,
            reason: outcome.reason,
          });
        pauseFor(lead.campaign.id, outcome.pause);
      });

      await storeRejections(db, rejections);
      // The state machine decides (a campaign already paused for this reason or stronger stays).
      for (const [campaignId, reason] of pauses)
        await deps.moveBySystem(campaignId, { type: 'pause_on_run', reason });
      await intake.remove(done);
      if (deliveries > 0) deps.onDeliveriesQueued();
      deps.onBatchDone?.();
      return {
        rows: rows.length,
        unresolved,
        leads,
        rejected: rejections.length,
        retried: retry.length,
        deliveries,
      };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;

async function storeRejections(db: Database, rejections: readonly Rejection[]): Promise<void> {
  if (rejections.length === 0) return;
  await queryRows(
    db,
    sql`insert into lead_rejections (campaign_id, identity_md5, source, step, reason)
        select x.campaign_id, x.identity_md5, x.source, x.step, x.reason
          from json_to_recordset(${JSON.stringify(
            rejections.map((r) => ({
              campaign_id: r.campaignId,
              identity_md5: r.identityMd5,
              source: r.source,
              step: r.step,
              reason: r.reason,
            })),
          )}::json) as x(campaign_id int, identity_md5 text, source text, step text, reason text)`,
  );
}

/** Runs `work` over `items`, at most `limit` at a time. */
async function eachLimited<T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) {
  let next = 0;
  const lanes = Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  });
  await Promise.all(lanes);
}
