import {
  type ApplyCampaignResponse,
  type ApplyKeywordType,
  KEYWORD_COUNT_MODULES,
  KEYWORDS_NOT_COUNTED,
  type KeywordCountModule,
  keywordTags,
  NO_KEYWORD_TARGETING,
  updateLocatorCampaignRequestSchema,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { CampaignService } from '../campaigns/index.js';
import type { Principal } from '../tenancy/index.js';
import { keywordKeyOf } from './count-place.js';
import type { KeywordCountRepository } from './keyword-count-repository.js';

export const KEYWORDS_APPLIED = 'Keywords applied to the campaign.';
const MAX_CAMPAIGN_KEYWORDS = 500;

const isKeywordModule = (module: string): module is KeywordCountModule =>
  (KEYWORD_COUNT_MODULES as readonly string[]).includes(module);

/**
 * Adds counted keywords to a campaign's keyword or contextual keyword list (spec 2 §7
 * `applycampaign`), through the campaigns module's own update: its rules, its log, its mirror to the
 * ad platform. Only keywords its client or agency counted in the campaign's module with a result
 * may be applied; the list keeps its keywords and gains the new ones (case-insensitive, in order).
 */
export function createApplyKeywords(deps: {
  repo: KeywordCountRepository;
  campaigns: Pick<CampaignService, 'get' | 'update'>;
  requireReadable: (p: Principal, module: KeywordCountModule) => Promise<void>;
}) {
  return async function applyKeywords(
    p: Principal,
    campaignId: number,
    type: ApplyKeywordType,
    keywords: readonly string[],
    ip: string,
  ): Promise<ApplyCampaignResponse> {
    const { data: campaign } = await deps.campaigns.get(campaignId);
    const module = campaign.leadspeekType;
    if (!isKeywordModule(module))
      throw badRequest(NO_KEYWORD_TARGETING, { campaign_id: NO_KEYWORD_TARGETING });
    await deps.requireReadable(p, module);
    const asked = keywordTags(keywords.join('\n'));
    const counted = await deps.repo.countedWithResult(
      [campaign.clientID, campaign.agencyID],
      module,
      asked.map(keywordKeyOf),
    );
    const missing = asked.filter((k) => !counted.has(keywordKeyOf(k)));
    if (missing.length > 0) {
      const message = `${KEYWORDS_NOT_COUNTED} ${missing.join(', ')}`;
      throw badRequest(message, { keywords: message });
    }
    const field = type === 'keyword' ? 'locatorkeyword' : 'locatorkeywordcontextual';
    const current = campaign[field];
    const had = new Set(current.map(keywordKeyOf));
    const added = asked.filter((k) => !had.has(keywordKeyOf(k)));
    const merged = [...current, ...added];
    if (merged.length > MAX_CAMPAIGN_KEYWORDS) {
      const message = `A campaign holds at most ${MAX_CAMPAIGN_KEYWORDS} keywords; this would make ${merged.length}.`;
      throw badRequest(message, { keywords: message });
    }
    let keywordsAfter = current;
    if (added.length > 0) {
      const body = updateLocatorCampaignRequestSchema.parse({ leadspeekID: campaignId, [field]: merged });
      const saved = await deps.campaigns.update(p, 'locator', body, ip);
      keywordsAfter = saved.data[field];
    }
    return {
      result: 'success',
      message: KEYWORDS_APPLIED,
      data: {
        leadspeekID: campaign.leadspeekID,
        leadspeek_api_id: campaign.leadspeek_api_id,
        added,
        keywords: keywordsAfter,
      },
    };
  };
}
