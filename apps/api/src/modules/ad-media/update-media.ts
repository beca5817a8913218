import type { AdMedia, UpdateMediaRequest } from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { TenantResource } from '../../plugins/access.js';
import type { ModuleAccess, Principal } from '../tenancy/index.js';
import { type CampaignOf, ownerOnCampaign, refuseIfOnPlatform, simplifiCampaign } from './media-owner.js';
import type { MediaRepository, MediaRow } from './media-repository.js';
import { mediaViews, type PersonNames } from './media-view.js';

/**
 * Attaches media to a Simplifi campaign (the media become the campaign client's) or detaches them
 * (`campaignId` null). Media already made into an ad on the platform stay where they are.
 */
export async function moveMedia(
  repo: Pick<MediaRepository, 'update'>,
  campaignOf: CampaignOf,
  media: MediaRow,
  campaignId: number | null,
): Promise<MediaRow> {
  if (media.campaignId === campaignId) return media;
  refuseIfOnPlatform(media);
  if (campaignId === null) return (await repo.update(media.id, { campaignId: null })) ?? media;
  const campaign = await simplifiCampaign(campaignOf, campaignId);
  const owner = ownerOnCampaign(media.companyId, campaign);
  const moved = await repo.update(media.id, { campaignId: campaign.id, companyId: owner.companyId });
  if (!moved) throw notFound();
  return moved;
}

/**
 * `PUT /media/{media_id}`: its name, its campaign and its click-through address. The media id is the
 * access rule's scope check; the campaign's is made here.
 */
export function createMediaUpdate(deps: {
  repo: Pick<MediaRepository, 'find' | 'update'>;
  inScope: (p: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  moduleAccess: Pick<ModuleAccess, 'requireReadable'>;
  campaignOf: CampaignOf;
  personNames: PersonNames;
}) {
  return async function update(p: Principal, mediaId: number, change: UpdateMediaRequest): Promise<AdMedia> {
    await deps.moduleAccess.requireReadable(p, 'simplifi');
    let media = await deps.repo.find(mediaId);
    if (!media) throw notFound();
    if (change.campaign_id !== undefined) {
      // The campaign may be null (detach), which the access rule's body check cannot take: checked here.
      if (change.campaign_id !== null && !(await deps.inScope(p, 'campaign', change.campaign_id)))
        throw notFound();
      media = await moveMedia(deps.repo, deps.campaignOf, media, change.campaign_id);
    }
    if (change.name !== undefined || change.click_url !== undefined) {
      media =
        (await deps.repo.update(media.id, {
          ...(change.name !== undefined ? { name: change.name } : {}),
          ...(change.click_url !== undefined ? { clickUrl: change.click_url } : {}),
        })) ?? media;
    }
    const [view] = await mediaViews([media], deps.personNames);
    if (!view) throw new Error('the updated media has no view');
    return view;
  };
}

export type MediaUpdate = ReturnType<typeof createMediaUpdate>;
