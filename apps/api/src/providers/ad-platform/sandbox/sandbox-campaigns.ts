import { eq, sandboxAdCampaigns } from '@app/db';
import {
  type AdCampaign,
  type AdCampaignStatus,
  type AdPlatform,
  AdPlatformError,
  type AdStatusChange,
  type AttachAudiencesInput,
  type CampaignMove,
  type CreateCampaignInput,
  type UpdateCampaignInput,
} from '../ad-platform.js';
import { checkCampaign, checkCampaignId, checkCampaignUpdate, checkIdempotencyKey } from '../requests.js';
import { checkAttachAudiences } from '../requests-audiences.js';
import {
  goalColumns,
  newAdId,
  readCampaign,
  readOrganization,
  recordChange,
  runIdempotent,
} from './sandbox-ad-store.js';
import { readAudiences } from './sandbox-audience-store.js';
import {
  currentCampaign,
  effectiveStatus,
  illegal,
  mustReadCampaign,
  notFound,
  type SandboxContext,
} from './sandbox-context.js';

/*
 * The sandbox's campaigns (decisions 0044, 0112): created as drafts, changed until they end, moved
 * by activate / pause / stop with every change stamped by the clock, and pointed at audiences.
 */

type CampaignCalls = Pick<
  AdPlatform,
  | 'createCampaign'
  | 'updateCampaign'
  | 'activateCampaign'
  | 'pauseCampaign'
  | 'stopCampaign'
  | 'getCampaign'
  | 'attachAudiences'
>;

const KEYWORD_NEEDED = 'A campaign needs at least one keyword.';

export function sandboxCampaigns(context: SandboxContext): CampaignCalls {
  const { db, now } = context;
  const mustRead = (id: string) => mustReadCampaign(context, id);

  /**
   * Moves a campaign under its idempotency key: the row is locked, `decide` says the next status
   * (or null: already there, nothing to record), and the change is stamped with the clock.
   */
  async function move(
    input: CampaignMove,
    operation: string,
    decide: (
      status: AdCampaignStatus,
      stored: AdCampaignStatus,
    ) => { to: AdCampaignStatus; change: AdStatusChange['change'] } | null,
  ): Promise<AdCampaign> {
    checkIdempotencyKey(input.idempotencyKey);
    checkCampaignId(input.campaignId);
    const id = await runIdempotent(db, operation, input, async (tx) => {
      const stored = await readCampaign(tx, input.campaignId, { lock: true });
      if (!stored) throw notFound('campaign', input.campaignId, 'campaignId');
      const at = now();
      const status = effectiveStatus(stored, at);
      const next = decide(status, stored.status);
      if (next) {
        await tx
          .update(sandboxAdCampaigns)
          .set({ status: next.to, updatedAt: at })
          .where(eq(sandboxAdCampaigns.id, input.campaignId));
        await recordChange(tx, input.campaignId, next.change, status, next.to, at);
      }
      return input.campaignId;
    });
    return mustRead(id);
  }

  return {
    async createCampaign(input: CreateCampaignInput) {
      const checked = checkCampaign(input);
      const id = await runIdempotent(db, 'campaign.create', input, async (tx) => {
        if (!(await readOrganization(tx, checked.organizationId)))
          throw notFound('organisation', checked.organizationId, 'organizationId');
        const campaignId = newAdId('cmp');
        const at = now();
        await tx.insert(sandboxAdCampaigns).values({
          id: campaignId,
          organizationId: checked.organizationId,
          reference: checked.reference,
          name: checked.name,
          kind: checked.kind,
          keywords: checked.keywords,
          contextualKeywords: checked.contextualKeywords,
          ...geographyColumns(checked.geography),
          dailyBudgetCents: checked.budget.daily ?? null,
          totalBudgetCents: checked.budget.total ?? null,
          maxBidMicros: checked.maxBid,
          ...goalColumns(checked.goal),
          startDate: checked.startDate,
          endDate: checked.endDate,
          timeZone: checked.timeZone,
          status: 'draft',
          createdAt: at,
          updatedAt: at,
        });
        await recordChange(tx, campaignId, 'created', null, 'draft', at);
        return campaignId;
      });
      return mustRead(id);
    },

    async updateCampaign(input: UpdateCampaignInput) {
      // Whether keywords may be emptied depends on the campaign's kind, known only inside.
      const changes = checkCampaignUpdate(input, false);
      checkCampaignId(input.campaignId);
      const id = await runIdempotent(db, 'campaign.update', input, async (tx) => {
        const stored = await readCampaign(tx, input.campaignId, { lock: true });
        if (!stored) throw notFound('campaign', input.campaignId, 'campaignId');
        const at = now();
        const status = effectiveStatus(stored, at);
        if (status === 'ended') throw illegal('The campaign has ended; an ended campaign cannot be changed.');
        if (stored.kind === 'search' && changes.keywords?.length === 0)
          throw new AdPlatformError('invalid_request', KEYWORD_NEEDED, 'keywords');
        const endDate = changes.endDate === undefined ? stored.endDate : changes.endDate;
        if (endDate !== null && endDate < stored.startDate)
          throw new AdPlatformError(
            'invalid_request',
            'The end date cannot be before the start date.',
            'endDate',
          );
        await tx
          .update(sandboxAdCampaigns)
          .set({
            ...(changes.name ? { name: changes.name } : {}),
            ...(changes.keywords ? { keywords: changes.keywords } : {}),
            ...(changes.contextualKeywords ? { contextualKeywords: changes.contextualKeywords } : {}),
            ...(changes.geography ? geographyColumns(changes.geography) : {}),
            ...(changes.budget
              ? {
                  dailyBudgetCents: changes.budget.daily ?? null,
                  totalBudgetCents: changes.budget.total ?? null,
                }
              : {}),
            ...(changes.maxBid !== undefined ? { maxBidMicros: changes.maxBid } : {}),
            ...(changes.goal !== undefined ? goalColumns(changes.goal) : {}),
            endDate,
            updatedAt: at,
          })
          .where(eq(sandboxAdCampaigns.id, input.campaignId));
        await recordChange(tx, input.campaignId, 'updated', status, status, at);
        return input.campaignId;
      });
      return mustRead(id);
    },

    activateCampaign: (input) =>
      move(input, 'campaign.activate', (status) => {
        if (status === 'active') return null;
        if (status === 'ended')
          throw illegal('The campaign has ended; an ended campaign cannot be activated again.');
        return { to: 'active', change: status === 'draft' ? 'activated' : 'resumed' };
      }),

    pauseCampaign: (input) =>
      move(input, 'campaign.pause', (status) => {
        if (status === 'paused') return null;
        if (status === 'draft')
          throw illegal('The campaign has not been activated; there is nothing to pause.');
        if (status === 'ended') throw illegal('The campaign has ended; an ended campaign cannot be paused.');
        return { to: 'paused', change: 'paused' };
      }),

    stopCampaign: (input) =>
      // Past its end date a campaign already reads `ended`; stopping it then still records the stop.
      move(input, 'campaign.stop', (_, stored) =>
        stored === 'ended' ? null : { to: 'ended', change: 'stopped' },
      ),

    getCampaign: (id: string) => currentCampaign(context, id),

    async attachAudiences(input: AttachAudiencesInput) {
      const { campaignId, audienceIds } = checkAttachAudiences(input);
      await runIdempotent(db, 'campaign.audiences', input, async (tx) => {
        const stored = await readCampaign(tx, campaignId, { lock: true });
        if (!stored) throw notFound('campaign', campaignId, 'campaignId');
        if (effectiveStatus(stored, now()) === 'ended')
          throw illegal('The campaign has ended; an ended campaign cannot be changed.');
        const found = await readAudiences(tx, audienceIds);
        const missing = audienceIds.find((id) => !found.some((a) => a.id === id));
        if (missing !== undefined) throw notFound('audience', missing, 'audienceIds');
        const usable = await organizationsUsableBy(tx, stored.organizationId);
        const foreign = found.find((a) => !usable.has(a.organizationId));
        if (foreign)
          throw new AdPlatformError(
            'invalid_request',
            `The audience '${foreign.id}' belongs to another organisation.`,
            'audienceIds',
          );
        await tx
          .update(sandboxAdCampaigns)
          .set({ audienceIds, updatedAt: now() })
          .where(eq(sandboxAdCampaigns.id, campaignId));
        return campaignId;
      });
      return mustRead(campaignId);
    },
  };
}

/** The campaign's organisation and those above it: whose audiences it may target. */
async function organizationsUsableBy(tx: Parameters<typeof readOrganization>[0], organizationId: string) {
  const usable = new Set<string>();
  let id: string | null = organizationId;
  while (id !== null && !usable.has(id)) {
    usable.add(id);
    id = (await readOrganization(tx, id))?.parentId ?? null;
  }
  return usable;
}

function geographyColumns(geography: AdCampaign['geography']) {
  return {
    national: geography.national,
    states: geography.states,
    cities: geography.cities,
    zips: geography.zips,
  };
}
