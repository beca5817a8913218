import type { CountHistoryResponse, CountHistoryType, ModuleType } from '@app/contracts';
import type { CampaignService } from '../campaigns/index.js';
import type { Principal } from '../tenancy/index.js';
import type { EnhancementCountRepository } from './enhancement-count-repository.js';
import { enhancementCountRowOf } from './enhancement-count-view.js';

/** A campaign's data enhancement counts of one type (or all), newest first (spec 2 §4). */
export function createCountHistory(deps: {
  repo: EnhancementCountRepository;
  campaigns: Pick<CampaignService, 'get'>;
  requireReadable: (p: Principal, module: ModuleType) => Promise<void>;
}) {
  return async function countHistory(
    p: Principal,
    campaignId: number,
    type: CountHistoryType,
  ): Promise<CountHistoryResponse> {
    const { data: campaign } = await deps.campaigns.get(campaignId);
    await deps.requireReadable(p, campaign.leadspeekType);
    const { rows, pending } = await deps.repo.history(campaignId, type);
    return { result: 'success', data: rows.map((r) => enhancementCountRowOf(r, campaign)), pending };
  };
}
