import type { AdMedia, AdMediaKind } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { checkAdImage } from './image-check.js';
import { type CampaignOf, simplifiCampaign } from './media-owner.js';
import type { MediaRepository, MediaRow } from './media-repository.js';
import { mediaViews, type PersonNames } from './media-view.js';
import type { MediaStore } from './store-media.js';
import { moveMedia } from './update-media.js';

/** A media as other modules use it (the ad-campaigns module makes ads of them on the platform). */
export interface CampaignMedia {
  id: number;
  name: string;
  kind: AdMediaKind;
  contentType: string;
  width: number;
  height: number;
  clickUrl: string | null;
  platformAdId: string | null;
}

const campaignMediaOf = (row: MediaRow): CampaignMedia => ({
  id: row.id,
  name: row.name,
  kind: row.kind as AdMediaKind,
  contentType: row.contentType,
  width: row.width,
  height: row.height,
  clickUrl: row.clickUrl,
  platformAdId: row.platformAdId,
});

/** A PNG the banner builder rendered, for a Simplifi campaign. */
export interface GeneratedMedia {
  /** The person who asked for it (already authorized for the campaign by the caller). */
  userId: number;
  campaignId: number;
  name: string;
  png: Buffer;
  clickUrl: string | null;
}

/**
 * The ad-media module's public face for other modules. They are trusted callers: whoever calls has
 * checked the person's scope for the ids; the rules of media themselves (a Simplifi campaign, the
 * campaign client's media, checked bytes) hold here as in the routes.
 */
export function createMediaFace(deps: {
  repo: MediaRepository;
  storage: FileStorage;
  store: MediaStore;
  campaignOf: CampaignOf;
  personNames: PersonNames;
}) {
  return {
    /** The media attached to a campaign, oldest first (the order their ads are made in). */
    async mediaOfCampaign(campaignId: number): Promise<CampaignMedia[]> {
      const rows = await deps.repo.ofCampaign(campaignId);
      return rows.reverse().map(campaignMediaOf);
    },

    /** One media with its bytes (to send to the ad platform); null when it or its file is gone. */
    async fileOf(mediaId: number): Promise<(CampaignMedia & { bytes: Buffer }) | null> {
      const row = await deps.repo.find(mediaId);
      const bytes = row ? await deps.storage.get(row.storageKey) : null;
      return row && bytes ? { ...campaignMediaOf(row), bytes } : null;
    },

    /** Attaches media to a Simplifi campaign of the media's company (or its agency's): 404, 400, 409. */
    async attach(mediaId: number, campaignId: number): Promise<void> {
      const media = await deps.repo.find(mediaId);
      if (!media) throw notFound();
      await moveMedia(deps.repo, deps.campaignOf, media, campaignId);
    },

    /** Campaigns whose media wait to be made into ads (the ad-campaigns module's sync picks them up). */
    campaignsAwaitingAds: (limit = 50): Promise<number[]> => deps.repo.campaignsAwaitingAds(limit),

    /** The ad the platform made of the media (the ad-campaigns module records it once made). */
    async recordPlatformAd(mediaId: number, platformAdId: string): Promise<void> {
      if (!(await deps.repo.update(mediaId, { platformAdId }))) throw notFound();
    },

    /**
     * Adds a PNG the banner builder rendered to a Simplifi campaign's media (the campaign client's):
     * checked like an upload (a PNG in an IAB size within the weight limit).
     */
    async addGenerated(media: GeneratedMedia): Promise<AdMedia> {
      const campaign = await simplifiCampaign(deps.campaignOf, media.campaignId);
      const checked = await checkAdImage(media.png);
      const row = await deps.store({
        owner: { systemId: campaign.systemId, companyId: campaign.clientId, agencyId: campaign.agencyId },
        uploadedByUserId: media.userId,
        campaignId: campaign.id,
        kind: 'image',
        origin: 'builder',
        name: media.name,
        checked,
        bytes: media.png,
        clickUrl: media.clickUrl,
      });
      const [view] = await mediaViews([row], deps.personNames);
      if (!view) throw new Error('the stored media has no view');
      return view;
    },
  };
}

export type AdMediaFace = ReturnType<typeof createMediaFace>;
