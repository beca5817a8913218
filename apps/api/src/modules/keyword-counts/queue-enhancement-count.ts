import {
  type EnhancementCountRow,
  INFORMATION_TYPE_NOT_FOR_CAMPAIGN,
  type InformationType,
  informationListOfModule,
  listOfType,
  type ModuleType,
  NOT_AN_ENHANCEMENT_CAMPAIGN,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { CampaignService } from '../campaigns/index.js';
import type { Principal } from '../tenancy/index.js';
import { enhancementCountJob } from './count-jobs.js';
import type { EnhancementCountRepository } from './enhancement-count-repository.js';
import { enhancementCountRowOf } from './enhancement-count-view.js';

/**
 * Queues a data enhancement count (spec 2 §4): how many people the vendor holds for an enhance or
 * b2b campaign's keywords and place, and of those how many it can give each field of one
 * information type (the campaign's list: consumer for enhance, business for b2b). Asked in a job;
 * while one of the same campaign and type is pending, a new request answers with that one.
 */
export function createQueueEnhancementCount(deps: {
  repo: EnhancementCountRepository;
  queue: Pick<JobQueue, 'enqueue'>;
  campaigns: Pick<CampaignService, 'get'>;
  requireReadable: (p: Principal, module: ModuleType) => Promise<void>;
}) {
  return async function queueEnhancementCount(
    p: Principal,
    campaignId: number,
    type: InformationType,
  ): Promise<EnhancementCountRow> {
    const { data: campaign } = await deps.campaigns.get(campaignId);
    const list = informationListOfModule(campaign.leadspeekType);
    if (!list) throw badRequest(NOT_AN_ENHANCEMENT_CAMPAIGN, { campaign_id: NOT_AN_ENHANCEMENT_CAMPAIGN });
    if (listOfType(type) !== list)
      throw badRequest(INFORMATION_TYPE_NOT_FOR_CAMPAIGN, { type: INFORMATION_TYPE_NOT_FOR_CAMPAIGN });
    await deps.requireReadable(p, campaign.leadspeekType);
    const { count, created } = await deps.repo.insertUnlessPending({
      systemId: p.systemId,
      campaignId,
      clientId: campaign.clientID,
      requestedByUserId: p.userId,
      informationType: type,
    });
    if (created) await deps.queue.enqueue(enhancementCountJob, { countId: count.id });
    return enhancementCountRowOf(count, campaign);
  };
}
