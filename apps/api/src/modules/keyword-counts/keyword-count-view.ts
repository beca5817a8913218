import {
  countOutcomeOf,
  KEYWORD_COUNT_BUSY,
  KEYWORD_COUNT_PENDING,
  type KeywordCountModule,
  type KeywordCountRow,
  type KeywordCountStatus,
  type TargetLocation,
} from '@app/contracts';
import type { KeywordCountRecord } from './keyword-count-repository.js';

/** A stored count as the table shows it (spec 2 §3 row, its outcome and what it says). */
export function keywordCountRowOf(r: KeywordCountRecord): KeywordCountRow {
  const status = r.status as KeywordCountStatus;
  const outcome = countOutcomeOf(status, r.count);
  return {
    id: r.id,
    company_id: r.companyId,
    module: r.module as KeywordCountModule,
    target_location: r.targetLocation as TargetLocation,
    states: r.states,
    cities: r.cities,
    zip_code: r.zips.join('\n'),
    keyword: r.keyword,
    count: r.count,
    count_without_geo: r.countWithoutGeo,
    status,
    outcome,
    from_history: r.historyOfId !== null,
    // Retry is offered on a failed count; a count being processed again is pending, not failed.
    retryable: status === 'error',
    message:
      outcome === 'failed'
        ? (r.error ?? KEYWORD_COUNT_BUSY)
        : outcome === 'pending' && r.waitedAt
          ? KEYWORD_COUNT_PENDING
          : '',
    api_version: r.apiVersion,
    created_at: r.createdAt.toISOString(),
    counted_at: r.countedAt?.toISOString() ?? null,
  };
}
