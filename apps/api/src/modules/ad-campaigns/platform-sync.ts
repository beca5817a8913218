import { localDate, type Micros, microsFromWire } from '@app/contracts';
import { adBudgetSplit } from '@app/pricing';
import type { Clock } from '../../lib/clock.js';
import type { AdCampaign, AdGoal, AdPlatform } from '../../providers/ad-platform/index.js';
import type { AdBudgetRow, AdCampaignRepository } from './ad-campaign-repository.js';

/** What the sync reads of a campaign row. */
export interface SyncedCampaign {
  id: number;
  publicId: string;
  name: string;
  agencyId: number;
  clientId: number;
  status: string;
  timeZone: string;
  startDate: string | null;
  endDate: string | null;
}

/** A campaign's media as the ad-media module's face gives them (decision 0113). */
export interface SyncMedia {
  mediaOfCampaign(campaignId: number): Promise<{ id: number; platformAdId: string | null }[]>;
  fileOf(mediaId: number): Promise<{
    id: number;
    name: string;
    kind: 'image' | 'html5';
    contentType: string;
    width: number;
    height: number;
    clickUrl: string | null;
    bytes: Buffer;
  } | null>;
  recordPlatformAd(mediaId: number, platformAdId: string): Promise<void>;
  /** Campaigns with media not yet made into ads. */
  campaignsAwaitingAds(limit?: number): Promise<number[]>;
}

/** A campaign's audiences as the ad-audiences module's face gives them (decision 0114). */
export interface SyncAudiences {
  ofCampaign(
    campaignId: number,
  ): Promise<{ id: number; name: string; companyId: number; platformAudienceId: string | null }[]>;
  keysOf(audienceId: number): AsyncIterable<string[]>;
  recordPlatformAudience(audienceId: number, platformId: string | null): Promise<boolean>;
}

/** The goal as the platform takes it: a price in micro-dollars, or a CTR in hundredths of a percent. */
export function platformGoal(budget: Pick<AdBudgetRow, 'goalType' | 'goalValue'>): AdGoal | null {
  if (budget.goalType === 'cpm') return null;
  // The value's digits read once, as micro-units: a price in micro-dollars, a percent in millionths.
  const micros = microsFromWire(budget.goalValue);
  if (budget.goalType === 'ctr') {
    // 0.80 (%) = 800,000 millionths = 80 hundredths of a percent, the platform's basis points.
    const value = micros ? Math.floor(micros / 10_000) : 0;
    return value > 0 ? { type: 'ctr', value } : null;
  }
  return micros && micros > 0 ? { type: budget.goalType, value: micros as Micros } : null;
}

/** The later of two local dates (YYYY-MM-DD compares as text). */
const laterDay = (a: string, b: string) => (a > b ? a : b);

const RETRY_MS = [30_000, 60_000, 300_000, 900_000, 3_600_000];

/**
 * Brings a Simplifi campaign's platform side up to its latest revision (decision 0110): its
 * organisation (the client's, under its agency's — the locator mirror's), the campaign created as
 * a display campaign or updated, the media budget (the platform's part of the daily budget), bid and
 * goal, and its status following ours. Keys `simplifi-sync:<campaign>:<revision>:<call>`, so a retry
 * replays. Called after a change commits and by a job every minute; a failure waits with back-off.
 */
export function createPlatformSync(deps: {
  repo: AdCampaignRepository;
  platform: AdPlatform;
  clock: Clock;
  campaign: (id: number) => Promise<SyncedCampaign | null>;
  organization: (owners: { agencyId: number; clientId: number }) => Promise<string>;
  /** The campaign's media, made into ads at the platform once each (`simplifi-ad:<media id>`). */
  media: SyncMedia | null;
  /** The campaign's audiences, made at the platform once each (`simplifi-audience:<id>`) and targeted. */
  audiences: SyncAudiences | null;
  /** A company's organisation at the platform, if it has one (an agency's audiences live there). */
  organizationOf: (companyId: number) => Promise<string | null>;
  log: (message: string, detail?: unknown) => void;
}) {
  const { repo, platform } = deps;

  async function apply(c: SyncedCampaign, budget: AdBudgetRow): Promise<string> {
    const key = (call: string) => `simplifi-sync:${c.id}:${budget.wantedRevision}:${call}`;
    const daily = adBudgetSplit(budget.dailyBudgetCents, budget.agencyMarkup).platformCents;
    const goal = platformGoal(budget);
    const today = localDate(deps.clock.now(), c.timeZone);
    let ad: AdCampaign | null = budget.platformCampaignId
      ? await platform.getCampaign(budget.platformCampaignId)
      : null;
    if (!ad) {
      const start = budget.anchorDate ?? c.startDate ?? today;
      ad = await platform.createCampaign({
        idempotencyKey: key('create'),
        organizationId: await deps.organization(c),
        reference: c.publicId,
        name: c.name.slice(0, 200),
        kind: 'display',
        keywords: [],
        geography: { national: true, states: [], cities: [], zips: [] },
        budget: { daily },
        maxBid: budget.maxBidMicros,
        ...(goal ? { goal } : {}),
        startDate: laterDay(start, today),
        ...(c.endDate && c.endDate >= start ? { endDate: c.endDate } : {}),
        timeZone: c.timeZone,
      });
    } else if (ad.status !== 'ended') {
      ad = await platform.updateCampaign({
        idempotencyKey: key('update'),
        campaignId: ad.id,
        name: c.name.slice(0, 200),
        budget: { daily },
        maxBid: budget.maxBidMicros,
        goal,
        // An end date already past ends it today (the platform refuses a past date).
        endDate: c.endDate ? laterDay(c.endDate, today) : null,
      });
    }
    // Each media attached to the campaign becomes an ad once; a display campaign serves only with one.
    for (const m of deps.media ? await deps.media.mediaOfCampaign(c.id) : []) {
      if (m.platformAdId || ad.status === 'ended') continue;
      const file = await deps.media?.fileOf(m.id);
      if (!file) continue;
      const made = await platform.createAd({
        idempotencyKey: `simplifi-ad:${m.id}`,
        organizationId: ad.organizationId,
        campaignId: ad.id,
        name: file.name.slice(0, 200),
        kind: file.kind,
        width: file.width,
        height: file.height,
        bytes: file.bytes,
        contentType: file.contentType,
        clickUrl: file.clickUrl ?? budget.clickUrl,
      });
      await deps.media?.recordPlatformAd(m.id, made.id);
    }
    if (deps.audiences && ad.status !== 'ended') await targetAudiences(c, ad, key);
    const move = { idempotencyKey: key(c.status), campaignId: ad.id };
    if (c.status === 'running' && ad.status !== 'active' && ad.status !== 'ended')
      await platform.activateCampaign(move);
    if ((c.status === 'paused' || c.status === 'paused_on_run') && ad.status === 'active')
      await platform.pauseCampaign(move);
    if (c.status === 'stopped' && ad.status !== 'ended') await platform.stopCampaign(move);
    return ad.id;
  }

  /**
   * Each audience attached to the campaign is made at the platform once, in its owner's organisation
   * (the client's, or the agency's for the agency's own lists), its keys sent in batches; then the
   * campaign targets exactly those audiences.
   */
  async function targetAudiences(c: SyncedCampaign, ad: AdCampaign, key: (call: string) => string) {
    const audiences = deps.audiences;
    if (!audiences) return;
    const wanted: string[] = [];
    for (const a of await audiences.ofCampaign(c.id)) {
      let platformId = a.platformAudienceId;
      if (!platformId) {
        const organizationId =
          a.companyId === c.clientId
            ? ad.organizationId
            : ((await deps.organizationOf(a.companyId)) ?? ad.organizationId);
        let made: { id: string } | null = null;
        let part = 0;
        for await (const keys of audiences.keysOf(a.id)) {
          made = made
            ? await platform.addAudienceKeys({
                idempotencyKey: `simplifi-audience:${a.id}:keys:${part}`,
                audienceId: made.id,
                keys,
              })
            : await platform.createAudience({
                idempotencyKey: `simplifi-audience:${a.id}`,
                organizationId,
                name: a.name.slice(0, 200),
                keys,
              });
          part++;
        }
        if (!made) continue;
        platformId = made.id;
        await audiences.recordPlatformAudience(a.id, platformId);
      }
      wanted.push(platformId);
    }
    const same = wanted.length === ad.audienceIds.length && wanted.every((id) => ad.audienceIds.includes(id));
    if (!same)
      await platform.attachAudiences({
        idempotencyKey: key(`audiences:${wanted.join(',')}`).slice(0, 255),
        campaignId: ad.id,
        audienceIds: wanted,
      });
  }

  async function sync(campaignId: number): Promise<'synced' | 'failed' | 'skipped'> {
    const [budget, c] = await Promise.all([repo.budget(campaignId), deps.campaign(campaignId)]);
    if (!budget || !c || budget.syncedRevision >= budget.wantedRevision) return 'skipped';
    // A campaign never activated has nothing to run at the platform yet.
    if (!budget.anchorDate && !budget.platformCampaignId) {
      await repo.synced(campaignId, budget.wantedRevision, null);
      return 'skipped';
    }
    try {
      const platformId = await apply(c, budget);
      await repo.synced(campaignId, budget.wantedRevision, platformId);
      return 'synced';
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      const wait = RETRY_MS[Math.min(budget.syncAttempts, RETRY_MS.length - 1)] ?? 3_600_000;
      await repo.syncFailed(campaignId, message.slice(0, 500), new Date(deps.clock.now().getTime() + wait));
      deps.log('simplifi sync failed', { campaignId, message });
      return 'failed';
    }
  }

  return {
    sync,
    async syncDue(): Promise<number> {
      // Media attached since the last sync: their campaigns are brought up — those at the platform
      // and not stopped (a stopped one makes no more ads; a never-activated one has none yet).
      for (const id of deps.media ? await deps.media.campaignsAwaitingAds() : []) {
        const budget = await repo.budget(id);
        if (!budget?.platformCampaignId || budget.syncedRevision < budget.wantedRevision) continue;
        if ((await deps.campaign(id))?.status !== 'stopped') await repo.wantSync(id);
      }
      let synced = 0;
      for (const id of await repo.dueForSync(50)) if ((await sync(id)) === 'synced') synced++;
      return synced;
    },
  };
}

export type PlatformSync = ReturnType<typeof createPlatformSync>;
