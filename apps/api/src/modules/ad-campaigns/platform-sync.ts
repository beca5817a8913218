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

/** The goal as the platform takes it: a price in micro-dollars, or a CTR in hundredths of a percent. */
export function platformGoal(budget: Pick<AdBudgetRow, 'goalType' | 'goalValue'>): AdGoal | null {
  if (budget.goalType === 'cpm') return null;
  if (budget.goalType === 'ctr') {
    const [whole = '0', fraction = ''] = budget.goalValue.split('.');
    const value = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
    return value > 0 ? { type: 'ctr', value } : null;
  }
  const micros = microsFromWire(budget.goalValue);
  return micros && micros > 0 ? { type: budget.goalType, value: micros as Micros } : null;
}

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
        startDate: start < today ? today : start,
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
        endDate: c.endDate ? (c.endDate >= today ? c.endDate : today) : null,
      });
    }
    const move = { idempotencyKey: key(c.status), campaignId: ad.id };
    if (c.status === 'running' && ad.status !== 'active' && ad.status !== 'ended')
      await platform.activateCampaign(move);
    if ((c.status === 'paused' || c.status === 'paused_on_run') && ad.status === 'active')
      await platform.pauseCampaign(move);
    if (c.status === 'stopped' && ad.status !== 'ended') await platform.stopCampaign(move);
    return ad.id;
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
      let synced = 0;
      for (const id of await repo.dueForSync(50)) if ((await sync(id)) === 'synced') synced++;
      return synced;
    },
  };
}

export type PlatformSync = ReturnType<typeof createPlatformSync>;
