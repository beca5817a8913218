import type { Cents } from '@app/contracts';
import { addDays, localDate } from '@app/lead-engine';
import { sumCents } from '@app/pricing';
import {
  type AdCampaign,
  type AdPlatform,
  AdPlatformError,
  type AdStats,
  type CampaignStats,
  type Conversion,
  type ConversionRequest,
  type StatsRequest,
} from '../ad-platform.js';
import { checkDate, MAX_CONVERSION_RANGE_MS, MAX_STATS_DAYS } from '../requests.js';
import { mustReadCampaign, type SandboxContext } from './sandbox-context.js';
import { readAdServing } from './sandbox-creative-store.js';
import { type DeliveredDay, deliver } from './synthetic-delivery.js';

/*
 * What the sandbox's campaigns delivered (decisions 0044, 0112): daily figures, the same days per ad,
 * and the visitors the clicks brought — all derived by `deliver` from the campaign, its ads and
 * their histories, as of the sandbox's clock.
 */

type DeliveryReads = Pick<AdPlatform, 'getStats' | 'getAdStats' | 'pollConversions'>;

function checkRange(input: StatsRequest) {
  const from = checkDate(input?.from, 'from');
  const to = checkDate(input.to, 'to');
  if (to < from) throw new AdPlatformError('invalid_request', 'The range ends before it starts.', 'to');
  if (addDays(from, MAX_STATS_DAYS - 1) < to)
    throw new AdPlatformError(
      'invalid_request',
      `Stats cover at most ${MAX_STATS_DAYS} days per request.`,
      'to',
    );
  return { from, to };
}

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
      const { from, to } = checkRange(input);
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
      const { from, to } = checkRange(input);
      const campaign = await mustReadCampaign(context, input.campaignId);
      const days = await delivered(campaign, { from, to, now: now(), withConversions: false });
      return {
        campaignId: campaign.id,
        rows: days.flatMap((d) => [...d.ads].sort((a, b) => a.adId.localeCompare(b.adId))),
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
