import { AD_MEDIA_TEXTS, type ModuleType } from '@app/contracts';
import { badRequest, HttpError, notFound } from '../../http-errors.js';

/*
 * Whose media is whose. Media belong to an agency or to one of its clients; media attached to a
 * campaign belong to the campaign's client (so the client sees and downloads its campaign's ads, and
 * its agency, which reaches its clients, does too), and go only to a Simplifi campaign.
 */

/** A campaign as this module needs it, from the campaigns module (404 when there is none). */
export interface MediaCampaign {
  id: number;
  systemId: number;
  clientId: number;
  agencyId: number;
  module: ModuleType;
  removed: boolean;
}
export type CampaignOf = (campaignId: number) => Promise<MediaCampaign>;

/** A company's place in the tree, from the tenancy module. */
export interface CompanyPlace {
  id: number;
  systemId: number;
  kind: string;
  parentId: number | null;
  deletedAt: Date | null;
}
export type CompanyOf = (companyId: number) => Promise<CompanyPlace | undefined>;

/** The company media are kept for and the agency above it (itself, for an agency). */
export interface MediaOwner {
  systemId: number;
  companyId: number;
  agencyId: number;
}

/** The owner of media kept for this company: an agency or a client; 400 for anything else. */
export async function ownerOf(companyOf: CompanyOf, companyId: number): Promise<MediaOwner> {
  const company = await companyOf(companyId);
  if (!company || company.deletedAt) throw notFound();
  if (company.kind === 'agency')
    return { systemId: company.systemId, companyId: company.id, agencyId: company.id };
  if (company.kind === 'client' && company.parentId !== null)
    return { systemId: company.systemId, companyId: company.id, agencyId: company.parentId };
  throw badRequest(AD_MEDIA_TEXTS.ownerKind, { company_id: AD_MEDIA_TEXTS.ownerKind });
}

/** The campaign, when media may go to it: a Simplifi campaign that is not removed. */
export async function simplifiCampaign(campaignOf: CampaignOf, campaignId: number): Promise<MediaCampaign> {
  const campaign = await campaignOf(campaignId);
  if (campaign.module !== 'simplifi' || campaign.removed)
    throw badRequest(AD_MEDIA_TEXTS.notSimplifiCampaign, { campaign_id: AD_MEDIA_TEXTS.notSimplifiCampaign });
  return campaign;
}

/** The owner media of `companyId` get on `campaign`: its client's, if they are its client's or agency's. */
export function ownerOnCampaign(companyId: number, campaign: MediaCampaign): MediaOwner {
  if (companyId !== campaign.clientId && companyId !== campaign.agencyId)
    throw badRequest(AD_MEDIA_TEXTS.notSameCompany, { campaign_id: AD_MEDIA_TEXTS.notSameCompany });
  return { systemId: campaign.systemId, companyId: campaign.clientId, agencyId: campaign.agencyId };
}

/** Media already made into an ad on the platform stay with their campaign. */
export function refuseIfOnPlatform(media: { platformAdId: string | null }): void {
  if (media.platformAdId !== null) throw new HttpError(409, 'media_on_platform', AD_MEDIA_TEXTS.onPlatform);
}
