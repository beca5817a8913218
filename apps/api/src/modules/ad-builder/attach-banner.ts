import {
  AD_MEDIA_MAX_IMAGE_BYTES,
  AD_MEDIA_TEXTS,
  type AdMedia,
  type AttachBannerRequest,
  BANNER_TEXTS,
  bannerDesignSchema,
  iabSize,
} from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { requireAction } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { AdMediaFace, CampaignOf } from '../ad-media/index.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import type { BannerRepository } from './banner-repository.js';
import { bannerPng } from './export-banner.js';

/**
 * `POST /banner/attach`: the banner rendered in the chosen sizes and added to a Simplifi campaign's
 * media (its client's) through the ad-media module, which the ad-campaigns module then makes ads
 * of. Every size is rendered and weighed before any is added, so a refusal adds nothing.
 */
export function createBannerAttach(deps: {
  repo: Pick<BannerRepository, 'find'>;
  storage: FileStorage;
  media: Pick<AdMediaFace, 'addGenerated'>;
  campaignOf: CampaignOf;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
}) {
  return async function attach(p: Principal, body: AttachBannerRequest): Promise<AdMedia[]> {
    // The route's action is the campaign's (LeadsPeek create): reading the banner needs Ads Design too.
    requireAction(p, 'banners.read');
    await deps.moduleAccess.requireReadable(p, 'simplifi');
    const banner = await deps.repo.find(body.bannerID);
    if (!banner) throw notFound();
    const campaign = await deps.campaignOf(body.campaignID);
    if (campaign.module !== 'simplifi' || campaign.removed)
      throw badRequest(AD_MEDIA_TEXTS.notSimplifiCampaign, {
        campaignID: AD_MEDIA_TEXTS.notSimplifiCampaign,
      });
    if (campaign.agencyId !== banner.companyId)
      throw badRequest(BANNER_TEXTS.otherAgency, { campaignID: BANNER_TEXTS.otherAgency });
    const rendered = [];
    for (const size of body.sizes) {
      const png = await bannerPng(deps.storage, banner, size);
      if (png.bytes.length > AD_MEDIA_MAX_IMAGE_BYTES) {
        const { width, height } = iabSize(size);
        const message = BANNER_TEXTS.tooHeavy(`${width}×${height}`, Math.ceil(png.bytes.length / 1024));
        throw new HttpError(413, 'file_too_large', message);
      }
      rendered.push({ size, png: png.bytes });
    }
    const clickUrl = bannerDesignSchema.parse(banner.design).clickUrl;
    const added: AdMedia[] = [];
    for (const { size, png } of rendered)
      added.push(
        await deps.media.addGenerated({
          userId: p.userId,
          campaignId: campaign.id,
          name: `${banner.name} ${size}`.slice(0, 120),
          png,
          clickUrl,
        }),
      );
    return added;
  };
}

export type BannerAttach = ReturnType<typeof createBannerAttach>;
