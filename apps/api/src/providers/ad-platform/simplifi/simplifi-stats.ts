import { asCents, type Cents } from '@app/contracts';
import { addDays } from '@app/lead-engine';
import { sumCents } from '@app/pricing';
import {
  type AdDailyStats,
  type AdPlatform,
  AdPlatformError,
  type CampaignStats,
  type DailyStats,
} from '../ad-platform.js';
import { checkConversionRange, checkStatsRange } from '../requests.js';
import { allPages, firstOf, type SimplifiHttp } from './simplifi-http.js';
import { dollarsToCents } from './simplifi-wire.js';

/*
 * Delivery as Simpli.fi reports it (decision 0112): `GET /organizations/{org}/campaign_stats` with
 * the campaign's id, the dates and `by_day=true` (and `by_ad=true` for the split per ad), paged.
 * Days Simpli.fi reports nothing for read as zeros. Simpli.fi cannot tell which visitors its ads
 * brought: `pollConversions` answers none, and those leads come through the vendor callback.
 */

interface StatRow {
  stat_date?: string;
  ad_id?: number | string;
  impressions: number;
  clicks: number;
  total_spend: number | string;
}

type StatsCalls = Pick<AdPlatform, 'getStats' | 'getAdStats' | 'pollConversions'>;

const figures = (row: StatRow) => ({
  impressions: Number.isSafeInteger(row.impressions) ? row.impressions : 0,
  clicks: Number.isSafeInteger(row.clicks) ? row.clicks : 0,
  spend: dollarsToCents(row.total_spend) ?? asCents(0),
});

export function simplifiStats(http: SimplifiHttp, now: () => Date): StatsCalls {
  async function rowsOf(campaignId: string, from: string, to: string, byAd: boolean) {
    if (!/^\d{1,18}$/.test(campaignId))
      throw new AdPlatformError('not_found', `No such campaign: '${campaignId}'`, 'campaignId');
    const campaign = await http.call('GET', `/campaigns/${campaignId}?attributes_only=true`);
    if (campaign.status === 404)
      throw new AdPlatformError('not_found', `No such campaign: '${campaignId}'`, 'campaignId');
    const { resource, organization_id } = firstOf<{ resource?: string; organization_id?: number | string }>(
      campaign,
      'campaigns',
    );
    const org =
      organization_id !== undefined
        ? String(organization_id)
        : (/\/organizations\/(\d+)\/campaigns\//.exec(resource ?? '')?.[1] ?? '');
    const query = new URLSearchParams({
      campaign_id: campaignId,
      start_date: from,
      end_date: to,
      by_day: 'true',
      ...(byAd ? { by_ad: 'true' } : {}),
    });
    return allPages<StatRow>(http, `/organizations/${org}/campaign_stats?${query}`, 'campaign_stats');
  }

  return {
    async getStats(input): Promise<CampaignStats> {
      const { campaignId, from, to } = checkStatsRange(input);
      const rows = await rowsOf(campaignId, from, to, false);
      const days: DailyStats[] = [];
      for (let day = from; day <= to; day = addDays(day, 1)) {
        const row = rows.find((r) => r.stat_date === day);
        days.push({ day, ...(row ? figures(row) : { impressions: 0, clicks: 0, spend: asCents(0) }) });
      }
      return {
        campaignId,
        days,
        totals: {
          impressions: days.reduce((s, d) => s + d.impressions, 0),
          clicks: days.reduce((s, d) => s + d.clicks, 0),
          spend: sumCents(days.map((d): Cents => d.spend)),
        },
      };
    },

    async getAdStats(input) {
      const { campaignId, from, to } = checkStatsRange(input);
      const rows = await rowsOf(campaignId, from, to, true);
      const perAd: AdDailyStats[] = rows
        .filter((r) => typeof r.stat_date === 'string' && r.ad_id !== undefined && r.ad_id !== null)
        .map((r) => ({ day: r.stat_date as string, adId: String(r.ad_id), ...figures(r) }))
        .sort((a, b) => a.day.localeCompare(b.day) || a.adId.localeCompare(b.adId));
      return { campaignId, rows: perAd };
    },

    async pollConversions(input) {
      checkConversionRange(input, now());
      return [];
    },
  };
}
