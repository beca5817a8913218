import type { AdMedia } from '@app/contracts';

/** The company's ads that may go on this campaign: those on no campaign yet (one campaign per ad). */
export const attachableMedia = (media: readonly AdMedia[], campaignId: number): AdMedia[] =>
  media.filter((m) => m.campaign_id === null && m.id > 0 && campaignId > 0);

/** '300×250, 48 KB'. */
export function mediaSizeText(m: Pick<AdMedia, 'width' | 'height' | 'size_bytes'>): string {
  const kb = Math.max(1, Math.ceil(m.size_bytes / 1024));
  return `${m.width}×${m.height}, ${kb} KB`;
}

/** Whether the ad platform holds the ad yet (the campaign sends it when it syncs). */
export const platformAdText = (m: Pick<AdMedia, 'platform_ad_id'>): string =>
  m.platform_ad_id ? 'On the ad platform' : 'Not sent yet';
