import type { Cents } from '@app/contracts';
import { localDate } from '@app/lead-engine';
import { sumCents } from '@app/pricing';
import type {
  AdCampaign,
  AdPlatform,
  AdStats,
  CampaignStats,
  Conversion,
  ConversionRequest,
  StatsRequest,
} from '../ad-platform.js';
import { checkConversionRange, checkStatsRange } from '../requests.js';
import { mustReadCampaign, type SandboxContext } from './sandbox-context.js';
import { readAdServing } from './sandbox-creative-store.js';
import { type DeliveredDay, deliver } from './synthetic-delivery.js';

/*
 * What the sandbox's campaigns delivered (decisions 0044, 0112): daily figures, the same days per ad,
 * and the visitors the clicks brought — all derived by `deliver` from the campaign, its ads and
 * their histories, as of the sandbox's clock.
 */

type DeliveryReads = Pick<AdPlatform, 'getStats' | 'getAdStats' | 'pollConversions'>;

export function sandboxDeliveryReads(context: SandboxContext): DeliveryReads {
  const { db, seed, now } = context;

  async function delivered(
    campaign: AdCampaign,
    range: { from: string; to: string; now: Date; withConversions: boolean },
  ): Promise<DeliveredDay[]> {
    const ads = await readAdServing(db, campaign.id);
    return deliver(seed, { ...campaign, ads }, range);
  }

  return {
    async getStats(input: StatsRequest): Promise<CampaignStats> {
      const { from, to } = checkStatsRange(input);
      const campaign = await mustReadCampaign(context, input.campaignId);
      const days = (await delivered(campaign, { from, to, now: now(), withConversions: false })).map(
        ({ conversions: _, ads: __, ...stats }) => stats,
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

    async getAdStats(input: StatsRequest): Promise<AdStats> {
      const { from, to } = checkStatsRange(input);
      const campaign = await mustReadCampaign(context, input.campaignId);
      const days = await delivered(campaign, { from, to, now: now(), withConversions: false });
      return {
        campaignId: campaign.id,
        rows: days.flatMap((d) => [...d.ads].sort((a, b) => a.adId.localeCompare(b.adId))),
      };
    },

    async pollConversions(input: ConversionRequest): Promise<Conversion[]> {
      const at = now();
      const { since, until } = checkConversionRange(input, at);
      const campaign = await mustReadCampaign(context, input.campaignId);
      // Visits after the platform's now have not happened yet.
      const end = new Date(Math.min(until.getTime(), at.getTime()));
      const days = await delivered(campaign, {
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
