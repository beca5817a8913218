import { createHash } from 'node:crypto';
import { pickAdvancedInformation } from '@app/contracts';
import type { Database } from '@app/db';
import {
  type CampaignEvent,
  type Candidate,
  candidateKeys,
  limitPeriod,
  PAUSE_ON_RUN_REASONS,
  type PauseOnRunReason,
  type RejectionReason,
  runPipeline,
} from '@app/lead-engine';
import { testLeadPrices } from '@app/pricing';
import {
  type Identity,
  IdentityRequestError,
  type IdentityResolver,
  MAX_VISITORS_PER_CALL,
  type VisitorAnswer,
  type VisitorInput,
} from '../../providers/identities/index.js';
import type { PrepaidLots } from '../billing/index.js';
import type { ModuleAccess } from '../tenancy/index.js';
import { type IngestCampaign, loadIngestCampaigns } from './ingest-campaigns.js';
import type { IntakeRepository, IntakeRow } from './intake-repository.js';
import { claimLeads, type LeadToStore, type Rejection } from './lead-claim.js';
import { campaignsOfClosedModules } from './module-gate.js';
import { campaignsOfUnpaidPayers, type OwingInvoices } from './payment-gate.js';
import { type FactsRequest, readBatchFacts } from './pipeline-facts.js';
import { storedAdVisitSchema, storedIdentitySchema, storedPageViewSchema } from './schemas.js';

/** Moves a campaign as the system (pause on run); the campaigns module owns the one move path. */
export type MoveBySystem = (campaignId: number, event: CampaignEvent) => Promise<unknown>;

/*
 * The ingest worker's batch (issue 11 "The pipeline", decision 0037 §1, decision 0046): intake rows
 * → identities (the resolver for page views; vendors' identities as given) → candidates → the
 * batch's facts in four reads → `runPipeline` → the accepted candidates claimed in one transaction
 * (decision 0052) that also stores the rejections and deletes the processed intake rows (decision
 * 0055) → campaigns the limit or the balance stopped are paused on run. The resolver is called
 * once per batch (decision 0055), with no transaction open.
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

/** A list uploaded as SHA-256 matches a candidate by the SHA-256 of its plain e-mails (decision 0092). */
const sha256Hex = (text: string) => createHash('sha256').update(text).digest('hex');

/** Rows that failed this many times are rejected, so one poison row cannot loop for ever. */
const MAX_ATTEMPTS = 5;

/** Why an intake row never became a candidate. */
/** Why a whole campaign takes no leads in this batch: its module is closed, or its payer owes. */
type Blocked = Map<number, Extract<PauseOnRunReason, 'module_unavailable' | 'payment_failed'>>;

type IntakeRejectionReason = Extract<
  RejectionReason,
  'visit_refused' | 'resolver_unavailable' | 'intake_unreadable'
>;

export function createIngestService(deps: {
  db: Database;
  intake: IntakeRepository;
  resolver: IdentityResolver;
  log: (message: string, detail?: unknown) => void;
  /** Called when leads were stored with deliveries to make (wakes the delivery job). */
  onDeliveriesQueued: () => void;
  /** Called when leads were stored: their integration deliveries are due (wakes the delivery engine). */
  onLeadsStored?: () => void;
  /** The campaigns module's move by the system (the state machine decides; a refusal changes nothing). */
  moveBySystem: MoveBySystem;
  /** Called when a batch's outcomes are stored (a waiting site test looks again). */
  onBatchDone?: () => void;
  /** The module rule's facts (decision 0063): leads of a module the client may not open are not billed. */
  moduleAccess: Pick<ModuleAccess, 'factsOfCompanies'>;
  /** The payment gate (decision 0075): which companies owe a declined invoice. */
  owingInvoices: OwingInvoices;
  /** The billing module's prepaid lots: the claim locks, reads and uses them in its transaction. */
  prepaid: Pick<PrepaidLots, 'lockLeft' | 'use'>;
}) {
  const { db, intake, resolver } = deps;

  async function resolve(rows: IntakeRow[], campaigns: Map<number, IngestCampaign>, blocked: Blocked) {
    const prepared: Prepared[] = [];
    const done: number[] = [];
    const retry: number[] = [];
    let unresolved = 0;
    // What was acknowledged and cannot become a candidate is rejected with its reason, stored with
    // the batch's other rejections: never dropped without a trace.
    const dropped: Rejection[] = [];
    const drop = (row: IntakeRow, err: unknown, reason: IntakeRejectionReason) => {
      deps.log('lead intake row rejected', { id: row.id, reason, error: String(err) });
      dropped.push({
        campaignId: row.campaignId,
        identityMd5: null,
        source: row.source,
        step: 'intake',
        reason,
      });
      done.push(row.id);
    };
    // Page views (the pixel's, and the visitors an ad brought, decision 0051) go to the resolver;
    // vendors' identities are taken as given.
    const visits: { row: IntakeRow; campaign: IngestCampaign; input: VisitorInput; keyword: string }[] = [];
    for (const row of rows) {
      const campaign = campaigns.get(row.campaignId);
      if (!campaign) {
        done.push(row.id); // the campaign left (simplifi, removed from the table): nothing to do
        continue;
      }
      // A module its client may not open (decision 0063) or a payer that owes (0075): nobody is
      // asked who the visitor is, and the acknowledged view is rejected with that reason.
      const block = blocked.get(campaign.id);
      if (block && (row.source === 'pixel' || row.source === 'ad_platform')) {
        dropped.push({
          campaignId: campaign.id,
          identityMd5: null,
          source: row.source,
          step: 'campaign',
          reason: block,
        });
        done.push(row.id);
        continue;
      }
      try {
        if (row.source === 'pixel') {
          const view = storedPageViewSchema.parse(row.payload);
          visits.push({
            row,
            campaign,
            keyword: '',
            input: {
              visitorKey: view.vid,
              ip: view.ip,
              userAgent: view.ua,
              pageUrl: view.url,
              campaignId: campaign.publicId,
            },
          });
        } else if (row.source === 'ad_platform') {
          const visit = storedAdVisitSchema.parse(row.payload);
          visits.push({
            row,
            campaign,
            keyword: visit.keyword,
            input: {
              visitorKey: visit.visitorKey,
              ip: visit.ip,
              userAgent: visit.userAgent,
              pageUrl: visit.pageUrl,
              campaignId: campaign.publicId,
            },
          });
        } else {
          const { keyword, ...identity } = storedIdentitySchema.parse(row.payload);
          prepared.push({
            row,
            campaign,
            identity: identity as Identity,
            pageUrl: '',
            keyword: keyword ?? '',
          });
        }
      } catch (err) {
        drop(row, err, 'intake_unreadable'); // not what the intake stores: retrying will not help
      }
    }

    // The whole batch's page views in as few resolver calls as the port allows, no transaction open.
    for (let from = 0; from < visits.length; from += MAX_VISITORS_PER_CALL) {
      const chunk = visits.slice(from, from + MAX_VISITORS_PER_CALL);
      let answers: VisitorAnswer[];
      try {
        answers = await resolver.resolveVisitors(chunk.map((v) => v.input));
      } catch (err) {
        // An outage: every view of the call is tried again at its next lease, up to MAX_ATTEMPTS.
        for (const { row } of chunk)
          if (err instanceof IdentityRequestError) drop(row, err, 'visit_refused');
          else if (row.attempts >= MAX_ATTEMPTS) drop(row, err, 'resolver_unavailable');
          else retry.push(row.id);
        continue;
      }
      chunk.forEach(({ row, campaign, input, keyword }, i) => {
        const answer = answers[i];
        if (!answer) retry.push(row.id);
        else if (answer.status === 'refused') drop(row, answer.error, 'visit_refused');
        else if (answer.status === 'unknown') {
          unresolved += 1; // unknown visitors leave no trace
          done.push(row.id);
        } else prepared.push({ row, campaign, identity: answer.identity, pageUrl: input.pageUrl, keyword });
      });
    }
    // Intake order is the order of precedence among candidates (the oldest row claims first).
    prepared.sort((a, b) => a.row.id - b.row.id);
    return { prepared, done, retry, unresolved, dropped };
  }

  return {
    /** Leases one batch and takes it through the pipeline; null when nothing was due. */
    async processNextBatch(
      size: number,
      lease: { anyCampaign?: boolean } = {},
    ): Promise<BatchOutcome | null> {
      const rows = await intake.lease(size, lease);
      if (rows.length === 0) return null;
      const campaigns = await loadIngestCampaigns(db, [...new Set(rows.map((r) => r.campaignId))]);
      const [closed, unpaid] = await Promise.all([
        campaignsOfClosedModules(deps.moduleAccess, campaigns),
        campaignsOfUnpaidPayers(deps.owingInvoices, campaigns),
      ]);
      const blocked: Blocked = new Map();
      for (const id of closed) blocked.set(id, 'module_unavailable');
      for (const id of unpaid) blocked.set(id, 'payment_failed');
      const { prepared, done, retry, unresolved, dropped } = await resolve(rows, campaigns, blocked);

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
          keys: candidateKeys(candidate, sha256Hex),
          identityMd5: candidate.emailMd5.trim().toLowerCase(),
          periodKey: period.key,
        };
        return { p, candidate, request };
      });
      const facts = await readBatchFacts(
        db,
        candidates.map((c) => c.request),
      );

      const rejections: Rejection[] = [...dropped];
      const pauses = new Map<number, PauseOnRunReason>();
      const pauseFor = (campaignId: number, reason: PauseOnRunReason | null) => {
        if (!reason) return;
        // The stronger reason wins (payment over balance over limit), as in the state machine.
        const held = pauses.get(campaignId);
        if (!held || PAUSE_ON_RUN_REASONS.indexOf(reason) > PAUSE_ON_RUN_REASONS.indexOf(held))
          pauses.set(campaignId, reason);
      };
      const toClaim: LeadToStore[] = [];
      // Campaigns in a module their client may not open stop taking leads (the system pauses them);
      // a site test reports it without moving the campaign.
      for (const row of rows)
        if (row.source !== 'test') pauseFor(row.campaignId, blocked.get(row.campaignId) ?? null);
      for (const { p, candidate, request } of candidates) {
        const { campaign } = p;
        const md5 = request.identityMd5;
        const block = blocked.get(campaign.id);
        if (block) {
          done.push(p.row.id);
          rejections.push({
            campaignId: campaign.id,
            identityMd5: md5,
            source: p.row.source,
            step: 'campaign',
            reason: block,
          });
          continue;
        }
        const result = runPipeline(candidate, campaign.rules, {
          now,
          lists: facts.lists(campaign, request.keys),
          keys: request.keys,
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
            advanced: pickAdvancedInformation(person.advanced),
          },
        });
      }

      // Every accepted candidate of the batch in one claim transaction (decision 0052), which also
      // stores the rejections and deletes the batch's processed intake rows (decision 0055).
      let leads = 0;
      let deliveries = 0;
      let rejected = rejections.length;
      const outcomes = await claimLeads(db, deps.prepaid, toClaim, { rejections, processed: done });
      outcomes.forEach((outcome, i) => {
        const lead = toClaim[i] as LeadToStore;
        if (outcome.ok) {
          leads += 1;
          deliveries += outcome.deliveries;
        } else rejected += 1;
        pauseFor(lead.campaign.id, outcome.pause);
      });

      // The state machine decides (a campaign already paused for this reason or stronger stays).
      for (const [campaignId, reason] of pauses)
        await deps.moveBySystem(campaignId, { type: 'pause_on_run', reason });
      if (deliveries > 0) deps.onDeliveriesQueued();
      if (leads > 0) deps.onLeadsStored?.();
      deps.onBatchDone?.();
      return {
        rows: rows.length,
        unresolved,
        leads,
        rejected,
        retried: retry.length,
        deliveries,
      };
    },
  };
}

export type IngestService = ReturnType<typeof createIngestService>;
