import { addDays, type Cents, centsToDollars, localDate } from '@app/contracts';
import type { Database } from '@app/db';
import { clientSpendOf } from '@app/pricing';
import type { Clock } from '../../lib/clock.js';
import type { AdPlatform } from '../../providers/ad-platform/index.js';
import type { AdBudgetRow, AdCampaignRepository } from './ad-campaign-repository.js';
import type { BudgetBook } from './budget-book.js';

/** How far back each pull re-reads (the platform may revise recent days). */
const LOOKBACK_DAYS = 35;
/** A campaign is pulled again at most this often. */
const PULL_EVERY_MS = 15 * 60_000;

/**
 * The stats pull (decision 0110): each Simplifi campaign at the platform has its last 35 days read —
 * the campaign's day figures and each ad's — and stored; each day before today (the campaign's zone)
 * is then final enough to be spent from the budget: its client-price spend is posted to the ledger,
 * once per day and figure (`adspend:<campaign>:<day>:<cents>`, a revised day posts the difference),
 * in the transaction that marks it posted.
 */
export function createStatsPull(deps: {
  db: Database;
  repo: AdCampaignRepository;
  book: BudgetBook;
  platform: AdPlatform;
  clock: Clock;
  timeZoneOf: (campaignIds: readonly number[]) => Promise<Map<number, string>>;
}) {
  const { repo, platform, clock } = deps;

  async function pull(budget: AdBudgetRow, timeZone: string): Promise<void> {
    const platformId = budget.platformCampaignId;
    if (!platformId) return;
    const today = localDate(clock.now(), timeZone);
    const earliest = addDays(today, -LOOKBACK_DAYS);
    const from = budget.anchorDate && budget.anchorDate > earliest ? budget.anchorDate : earliest;
    const [stats, perAd, ads] = await Promise.all([
      platform.getStats({ campaignId: platformId, from, to: today }),
      platform.getAdStats({ campaignId: platformId, from, to: today }),
      platform.listAds(platformId),
    ]);
    const names = new Map(ads.map((a) => [a.id, a.name]));
    const client = (spend: Cents) => clientSpendOf(spend, budget.agencyMarkup);
    await repo.saveStats([
      ...stats.days.map((d) => ({
        campaignId: budget.campaignId,
        day: d.day,
        adId: '',
        impressions: d.impressions,
        clicks: d.clicks,
        spendCents: d.spend,
        clientSpendCents: client(d.spend),
      })),
      ...perAd.rows.map((r) => ({
        campaignId: budget.campaignId,
        day: r.day,
        adId: r.adId,
        adName: names.get(r.adId) ?? r.adId,
        impressions: r.impressions,
        clicks: r.clicks,
        spendCents: r.spend,
        clientSpendCents: client(r.spend),
      })),
    ]);
    const owner = { systemId: budget.systemId, clientId: budget.clientId, campaignId: budget.campaignId };
    for (const day of await repo.unpostedDays(budget.campaignId, today)) {
      await deps.db.transaction(async (tx) => {
        await deps.book.spent(
          owner,
          day.clientSpendCents - day.postedSpendCents,
          `adspend:${budget.campaignId}:${day.day}:${day.clientSpendCents}`,
          `Ad spend on ${day.day}: $${centsToDollars(day.clientSpendCents)}`,
          tx,
        );
        await repo.markPosted(budget.campaignId, day.day, day.clientSpendCents, tx);
      });
    }
    await repo.pulled(budget.campaignId, clock.now());
  }

  return {
    pull,
    /** The job's run: campaigns not pulled for 15 minutes, a bounded number. */
    async pullDue(limit = 50): Promise<number> {
      const due = await repo.platformCampaigns(limit, new Date(clock.now().getTime() - PULL_EVERY_MS));
      const zones = await deps.timeZoneOf(due.map((b) => b.campaignId));
      let pulled = 0;
      for (const budget of due) {
        await pull(budget, zones.get(budget.campaignId) ?? 'America/Chicago');
        pulled++;
      }
      return pulled;
    },
  };
}

export type StatsPull = ReturnType<typeof createStatsPull>;
