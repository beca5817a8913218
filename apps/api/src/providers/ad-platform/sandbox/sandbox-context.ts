import type { Database } from '@app/db';
import { localDate } from '@app/lead-engine';
import { type AdCampaign, type AdCampaignStatus, AdPlatformError } from '../ad-platform.js';
import { readCampaign } from './sandbox-ad-store.js';

/*
 * What every part of the sandbox ad platform shares (decision 0044, split by decision 0112): its
 * database, its seed and its clock, and how it reads a campaign as the platform shows it now.
 */

export interface SandboxContext {
  db: Database;
  seed: string;
  now: () => Date;
}

export type SandboxObject = 'organisation' | 'campaign' | 'audience' | 'ad';

export const notFound = (what: SandboxObject, id: string, param: string) =>
  new AdPlatformError('not_found', `No such ${what}: '${id}'`, param);
export const illegal = (message: string) => new AdPlatformError('illegal_transition', message);

/** The status as the platform shows it: an active or paused campaign past its end date has ended. */
export const effectiveStatus = (campaign: AdCampaign, at: Date): AdCampaignStatus =>
  campaign.status !== 'ended' &&
  campaign.status !== 'draft' &&
  campaign.endDate !== null &&
  localDate(at, campaign.timeZone) > campaign.endDate
    ? 'ended'
    : campaign.status;

export async function currentCampaign(context: SandboxContext, id: string): Promise<AdCampaign | null> {
  const stored = typeof id === 'string' && id !== '' ? await readCampaign(context.db, id) : null;
  return stored ? { ...stored, status: effectiveStatus(stored, context.now()) } : null;
}

export async function mustReadCampaign(context: SandboxContext, id: string): Promise<AdCampaign> {
  const campaign = await currentCampaign(context, id);
  if (!campaign) throw notFound('campaign', id, 'campaignId');
  return campaign;
}
