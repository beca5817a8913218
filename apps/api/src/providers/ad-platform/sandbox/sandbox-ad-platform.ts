import type { Cents } from '@app/contracts';
import { type Database, eq, sandboxAdCampaigns, sandboxAdOrganizations } from '@app/db';
import { addDays, localDate } from '@app/lead-engine';
import { sumCents } from '@app/pricing';
import {
  type AdCampaign,
  type AdCampaignStatus,
  type AdPlatform,
  AdPlatformError,
  type AdStatusChange,
  type CampaignMove,
  type CampaignStats,
  type Conversion,
  type ConversionRequest,
  type CreateCampaignInput,
  type CreateOrganizationInput,
  type StatsRequest,
  type UpdateCampaignInput,
} from '../ad-platform.js';
import {
  checkCampaign,
  checkCampaignId,
  checkCampaignUpdate,
  checkDate,
  checkIdempotencyKey,
  checkOrganization,
  MAX_CONVERSION_RANGE_MS,
  MAX_STATS_DAYS,
} from '../requests.js';
import { newAdId, readCampaign, readOrganization, recordChange, runIdempotent } from './sandbox-ad-store.js';
import { deliver } from './synthetic-delivery.js';

export interface SandboxAdPlatformOptions {
  db: Database;
  /** What synthetic delivery is derived from (default `leadorbit-ads`). */
  seed?: string;
  /** The platform's clock: status changes are stamped with it and delivery runs up to it. */
  now?: () => Date;
}

export const SANDBOX_AD_SEED = 'leadorbit-ads';

const notFound = (what: 'organisation' | 'campaign', id: string, param: string) =>
  new AdPlatformError('not_found', `No such ${what}: '${id}'`, param);
const illegal = (message: string) => new AdPlatformError('illegal_transition', message);

/**
 * The default ad platform (decision 0044): Simpli.fi's organisations and campaigns played on our own
 * database (the sandbox_ad_* tables). It validates what the real platform validates, refuses the
 * moves it refuses (an ended campaign never runs again), stamps every status change with the time,
 * and derives impressions, clicks, spend and visitors from that history, deterministically per day.
 */
export function createSandboxAdPlatform(options: SandboxAdPlatformOptions): AdPlatform {
  const { db } = options;
  const seed = options.seed ?? SANDBOX_AD_SEED;
  const now = options.now ?? (() => new Date());

  /** The status as the platform shows it: an active or paused campaign past its end date has ended. */
  const effectiveStatus = (campaign: AdCampaign, at: Date): AdCampaignStatus =>
    campaign.status !== 'ended' &&
    campaign.status !== 'draft' &&
    campaign.endDate !== null &&
    localDate(at, campaign.timeZone) > campaign.endDate
      ? 'ended'
      : campaign.status;

  async function current(id: string): Promise<AdCampaign | null> {
    const stored = typeof id === 'string' && id !== '' ? await readCampaign(db, id) : null;
    return stored ? { ...stored, status: effectiveStatus(stored, now()) } : null;
  }

  async function mustRead(id: string): Promise<AdCampaign> {
    const campaign = await current(id);
    if (!campaign) throw notFound('campaign', id, 'campaignId');
    return campaign;
  }

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
    name: 'sandbox',

    async createOrganization(input: CreateOrganizationInput) {
      const checked = checkOrganization(input);
      const id = await runIdempotent(db, 'organization.create', input, async (tx) => {
        if (checked.parentId !== null && !(await readOrganization(tx, checked.parentId)))
          throw notFound('organisation', checked.parentId, 'parentId');
        const orgId = newAdId('org');
        await tx.insert(sandboxAdOrganizations).values({ id: orgId, ...checked });
        return orgId;
      });
      const organization = await readOrganization(db, id);
      if (!organization) throw new Error(`sandbox organisation ${id} vanished`);
      return organization;
    },

    getOrganization: (id: string) => readOrganization(db, id),

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
          keywords: checked.keywords,
          contextualKeywords: checked.contextualKeywords,
          ...geographyColumns(checked.geography),
          dailyBudgetCents: checked.budget.daily ?? null,
          totalBudgetCents: checked.budget.total ?? null,
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
      const changes = checkCampaignUpdate(input);
      checkCampaignId(input.campaignId);
      const id = await runIdempotent(db, 'campaign.update', input, async (tx) => {
        const stored = await readCampaign(tx, input.campaignId, { lock: true });
        if (!stored) throw notFound('campaign', input.campaignId, 'campaignId');
        const at = now();
        const status = effectiveStatus(stored, at);
        if (status === 'ended') throw illegal('The campaign has ended; an ended campaign cannot be changed.');
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
            ...(changes.keywords ? { keywords: changes.keywords } : {}),
            ...(changes.contextualKeywords ? { contextualKeywords: changes.contextualKeywords } : {}),
            ...(changes.geography ? geographyColumns(changes.geography) : {}),
            ...(changes.budget
              ? {
                  dailyBudgetCents: changes.budget.daily ?? null,
                  totalBudgetCents: changes.budget.total ?? null,
                }
              : {}),
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

    getCampaign: (id: string) => current(id),

    async getStats(input: StatsRequest): Promise<CampaignStats> {
      const from = checkDate(input.from, 'from');
      const to = checkDate(input.to, 'to');
      if (to < from) throw new AdPlatformError('invalid_request', 'The range ends before it starts.', 'to');
      if (addDays(from, MAX_STATS_DAYS - 1) < to)
        throw new AdPlatformError(
          'invalid_request',
          `Stats cover at most ${MAX_STATS_DAYS} days per request.`,
          'to',
        );
      const campaign = await mustRead(input.campaignId);
      const days = deliver(seed, campaign, { from, to, now: now(), withConversions: false }).map(
        ({ conversions: _, ...stats }) => stats,
      );
      return {
        campaignId: campaign.id,
        days,
        totals: {
          impressions: days.reduce((sum, d) => sum + d.impressions, 0),
          clicks: days.reduce((sum, d) => sum + d.clicks, 0),
          spend: sumCents(days.map((d): Cents => d.spend)),
        },
      };
    },

    async pollConversions(input: ConversionRequest): Promise<Conversion[]> {
      const at = now();
      const since = input.since;
      const until = input.until ?? at;
      if (!(since instanceof Date) || Number.isNaN(since.getTime()))
        throw new AdPlatformError('invalid_request', 'Since must be a time.', 'since');
      if (!(until instanceof Date) || Number.isNaN(until.getTime()))
        throw new AdPlatformError('invalid_request', 'Until must be a time.', 'until');
      if (until < since) throw new AdPlatformError('invalid_request', 'Until is before since.', 'until');
      if (until.getTime() - since.getTime() > MAX_CONVERSION_RANGE_MS)
        throw new AdPlatformError('invalid_request', 'Ask for at most 31 days of visits at a time.', 'until');
      const campaign = await mustRead(input.campaignId);
      // Visits after the platform's now have not happened yet.
      const end = new Date(Math.min(until.getTime(), at.getTime()));
      const days = deliver(seed, campaign, {
        from: localDate(since, campaign.timeZone),
        to: localDate(end, campaign.timeZone),
        // Delivery runs up to `now` exclusive; a visit at exactly `until` belongs to this answer.
        now: new Date(end.getTime() + 1),
        withConversions: true,
      });
      return days
        .flatMap((day) => day.conversions)
        .filter((c) => c.at.getTime() > since.getTime() && c.at.getTime() <= end.getTime());
    },
  };
}

function geographyColumns(geography: AdCampaign['geography']) {
  return {
    national: geography.national,
    states: geography.states,
    cities: geography.cities,
    zips: geography.zips,
  };
}
