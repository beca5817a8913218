import { type KeywordCountListResponse, type KeywordCountModule, pageOf } from '@app/contracts';
import type { Principal } from '../tenancy/index.js';
import type { KeywordCountRepository } from './keyword-count-repository.js';
import { keywordCountRowOf } from './keyword-count-view.js';

export interface KeywordCountListQuery {
  Page: number;
  PerPage: number;
  module?: KeywordCountModule;
  status: KeywordCountListResponse['data'][number]['outcome'] | '';
  sortby: 'count_without_geo' | 'created_at' | 'none';
  order: 'asc' | 'desc' | 'none';
}

/** The keyword count table of a company (spec 2 §2): filtered by outcome, sorted, paged. */
export function createListKeywordCounts(deps: {
  repo: KeywordCountRepository;
  requireReadable: (p: Principal, module: KeywordCountModule) => Promise<void>;
}) {
  return async function listKeywordCounts(
    p: Principal,
    companyId: number,
    q: KeywordCountListQuery,
  ): Promise<KeywordCountListResponse> {
    if (q.module) await deps.requireReadable(p, q.module);
    const sort = q.sortby === 'none' || q.order === 'none' ? null : { key: q.sortby, order: q.order };
    const { rows, total, pending } = await deps.repo.list({
      companyId,
      ...(q.module ? { module: q.module } : {}),
      outcome: q.status,
      sort,
      page: q.Page,
      perPage: q.PerPage,
    });
    return { ...pageOf(q.Page, q.PerPage, total, rows.map(keywordCountRowOf)), pending };
  };
}
