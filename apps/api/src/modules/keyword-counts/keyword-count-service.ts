import {
  type ConfigDataResponse,
  KEYWORD_COUNT_BUSY,
  KEYWORD_COUNT_LOOKBACK_DAYS,
  KEYWORD_COUNT_MODULES,
  KEYWORD_COUNT_PENDING,
  MAX_KEYWORDS_PER_COUNT,
  type QueueCountInput,
  type QueueCountResponse,
} from '@app/contracts';
import { notFound } from '../../http-errors.js';
import type { DataVendor } from '../../providers/identities/index.js';
import type { Principal } from '../tenancy/index.js';
import type { createApplyKeywords } from './apply-keywords.js';
import type { createCountHistory } from './count-history.js';
import type { createEnhanceLocation } from './enhance-location.js';
import type { createListKeywordCounts } from './list-keyword-counts.js';
import type { createQueueEnhancementCount } from './queue-enhancement-count.js';
import type { createQueueKeywordCounts } from './queue-keyword-counts.js';
import type { createRetryKeywordCount } from './retry-keyword-count.js';

export const COUNT_QUEUED = 'Your keyword count has been queued.';
export const COUNT_FROM_HISTORY = `Answered from the counts of the last ${KEYWORD_COUNT_LOOKBACK_DAYS} days.`;
export const ENHANCEMENT_QUEUED = 'Your data enhancement count has been queued.';

/** The routes' one face: each call is one use case (one file each). */
export function createKeywordCountService(deps: {
  vendor: Pick<DataVendor, 'name' | 'apiVersion' | 'lookbackDays'>;
  queueKeywordCounts: ReturnType<typeof createQueueKeywordCounts>;
  queueEnhancementCount: ReturnType<typeof createQueueEnhancementCount>;
  listKeywordCounts: ReturnType<typeof createListKeywordCounts>;
  retryKeywordCount: ReturnType<typeof createRetryKeywordCount>;
  applyKeywords: ReturnType<typeof createApplyKeywords>;
  countHistory: ReturnType<typeof createCountHistory>;
  enhanceLocation: ReturnType<typeof createEnhanceLocation>;
}) {
  return {
    /** How the system's data vendor is set up: only the caller's own root company is named. */
    async configData(p: Principal, rootCompanyId: number): Promise<ConfigDataResponse> {
      if (rootCompanyId !== p.rootCompanyId) throw notFound();
      return {
        result: 'success',
        data: {
          vendor: deps.vendor.name,
          sandbox: deps.vendor.name === 'sandbox',
          api_version: deps.vendor.apiVersion,
          lookback_days: deps.vendor.lookbackDays,
          max_keywords: MAX_KEYWORDS_PER_COUNT,
          modules: [...KEYWORD_COUNT_MODULES],
          pending_text: KEYWORD_COUNT_PENDING,
          busy_text: KEYWORD_COUNT_BUSY,
        },
      };
    },

    async queue(p: Principal, body: QueueCountInput): Promise<QueueCountResponse> {
      if (body.kind === 'enhancement') {
        const row = await deps.queueEnhancementCount(p, body.campaign_id, body.type);
        return { result: 'success', kind: 'enhancement', message: ENHANCEMENT_QUEUED, data: row };
      }
      const { rows, fromHistory } = await deps.queueKeywordCounts(p, body);
      return {
        result: 'success',
        kind: 'keyword',
        message: fromHistory === rows.length ? COUNT_FROM_HISTORY : COUNT_QUEUED,
        data: rows,
      };
    },

    list: deps.listKeywordCounts,

    async retry(p: Principal, id: number) {
      return { result: 'success' as const, message: COUNT_QUEUED, data: await deps.retryKeywordCount(p, id) };
    },

    apply: deps.applyKeywords,
    history: deps.countHistory,
    location: deps.enhanceLocation,
  };
}

export type KeywordCountService = ReturnType<typeof createKeywordCountService>;
