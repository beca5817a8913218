import {
  type ApplyCampaignRequest,
  type ApplyKeywordType,
  applyCampaignResponseSchema,
  type CountOutcome,
  configDataResponseSchema,
  DATA_VENDOR_PREFIX,
  type EnhanceLocationQuery,
  enhanceLocationResponseSchema,
  type KeywordCountModule,
  type KeywordCountSortKey,
  keywordCountListResponseSchema,
  type QueueKeywordCountRequest,
  queueCountResponseSchema,
  retryKeywordCountResponseSchema,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { SortState } from '../components/data-list/list-state';
import { campaignKeys } from './campaigns';

/*
 * Keyword counts (spec 2 §2 table, §7 "Keyword counts and data enhancement"; contracts in
 * keyword-counts.ts): the data vendor's set-up, a company's count table, queueing and retrying a
 * count, applying counted keywords to a campaign, and the place look-ups of the form.
 */

export interface KeywordCountListParams {
  companyId: number;
  module: KeywordCountModule;
  status: CountOutcome | '';
  sort: SortState<KeywordCountSortKey> | null;
  page: number;
  perPage: number;
}

export const keywordCountKeys = {
  all: ['keyword-counts'] as const,
  config: (rootId: number) => [...keywordCountKeys.all, 'config', rootId] as const,
  list: (params: KeywordCountListParams) => [...keywordCountKeys.all, 'list', params] as const,
  location: (query: EnhanceLocationQuery) => [...keywordCountKeys.all, 'location', query] as const,
};

/** `GET …/configdata/{company_root_id}`: the vendor's lookback, limits and texts. */
export function useDataVendorConfig(rootId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: keywordCountKeys.config(rootId),
    queryFn: ({ signal }) =>
      http.request({ path: `${DATA_VENDOR_PREFIX}/configdata/${rootId}`, signal }, configDataResponseSchema),
    staleTime: 5 * 60_000,
  });
}

/** The list's query string (spec 2 §2: Historical Count sort, Status filter). */
export function keywordCountQuery(params: KeywordCountListParams) {
  return {
    Page: params.page,
    PerPage: params.perPage,
    module: params.module,
    status: params.status,
    sortby: params.sort?.key ?? 'none',
    order: params.sort?.order ?? 'none',
  };
}

/**
 * `GET …/getcountcampaign/{id}`: one page of a company's counts. While some are pending the page is
 * asked again every 3 seconds, so a count's answer shows without a reload.
 */
export function useKeywordCounts(params: KeywordCountListParams | null) {
  const http = useHttp();
  return useQuery({
    queryKey: params ? keywordCountKeys.list(params) : [...keywordCountKeys.all, 'list', 'idle'],
    queryFn: ({ signal }) =>
      http.request(
        {
          // biome-ignore lint/style/noNonNullAssertion: enabled only with params
          path: `${DATA_VENDOR_PREFIX}/getcountcampaign/${params!.companyId}`,
          // biome-ignore lint/style/noNonNullAssertion: enabled only with params
          query: keywordCountQuery(params!),
          signal,
        },
        keywordCountListResponseSchema,
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) => ((query.state.data?.pending ?? 0) > 0 ? 3_000 : false),
  });
}

function useCountWrite<V, R>(write: (http: ReturnType<typeof useHttp>, variables: V) => Promise<R>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(http, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: keywordCountKeys.all }),
  });
}

/** `POST …/queuecount` (kind keyword): the form's keywords in its place. */
export const useQueueKeywordCount = () =>
  useCountWrite((http, body: Omit<QueueKeywordCountRequest, 'kind'>) =>
    http.post(`${DATA_VENDOR_PREFIX}/queuecount`, { kind: 'keyword', ...body }, queueCountResponseSchema),
  );

/** `PUT …/retrycount/{id}`: a failed count asked again. */
export const useRetryKeywordCount = () =>
  useCountWrite((http, id: number) =>
    http.put(`${DATA_VENDOR_PREFIX}/retrycount/${id}`, {}, retryKeywordCountResponseSchema),
  );

/** `PUT …/applycampaign/{campaign_id}/{type}`: counted keywords added to a campaign's list. */
export function useApplyKeywords() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (v: { campaignId: number; type: ApplyKeywordType } & ApplyCampaignRequest) =>
      http.put(
        `${DATA_VENDOR_PREFIX}/applycampaign/${v.campaignId}/${v.type}`,
        { keywords: v.keywords },
        applyCampaignResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

/** `GET /general/enhance/location`: states, a state's cities, zips; null keeps it idle. */
export function useEnhanceLocation(query: (EnhanceLocationQuery & { limit?: number }) | null) {
  const http = useHttp();
  return useQuery({
    queryKey: query ? keywordCountKeys.location(query) : [...keywordCountKeys.all, 'location', 'idle'],
    queryFn: ({ signal }) =>
      http.request(
        // biome-ignore lint/style/noNonNullAssertion: enabled only with a query
        { path: '/general/enhance/location', query: { ...query! }, signal },
        enhanceLocationResponseSchema,
      ),
    enabled: query !== null,
    staleTime: 10 * 60_000,
    placeholderData: keepPreviousData,
  });
}
