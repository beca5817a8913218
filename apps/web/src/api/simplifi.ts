import {
  type AdMediaKind,
  audienceListResponseSchema,
  type BudgetIncrease,
  budgetIncreaseSchema,
  type CampaignSortKey,
  type CreateSimplifiCampaignRequest,
  campaignListResponseSchema,
  mediaListResponseSchema,
  mediaResponseSchema,
  minValueSimplifiResponseSchema,
  remainingBudgetSchema,
  simplifiCampaignDetailSchema,
  simplifiReportSchema,
  simplifiStatsSchema,
  type UpdateMediaRequest,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useHttp } from '../app/boot/boot-context';
import { type SortState, searchSegment, sortSegments } from '../components/data-list/list-state';
import type { SimplifiDateRange } from '../routes/simplifi/report-range';
import type {
  SimplifiCostModuleRequest,
  UpdateSimplifiRequest,
} from '../routes/simplifi/wizard/simplifi-form-model';
import { type CampaignStatusFilter, type CampaignView, campaignKeys } from './campaigns';
import type { HttpClient } from './http';

/*
 * Simplifi (ad-platform) campaigns (spec 2 §7 "Simplifi"; contracts in simplifi.ts; issue 24,
 * decision 0115): the module's campaign list (the lead modules' list call with type `simplifi`),
 * the campaign's details, stats, report and files, its budget (remaining budget, the raise check and
 * charge) and the system's minimums. Every write refreshes the campaign and Simplifi queries. Spec 2
 * §5: a call missing its id is never sent (the hooks stay idle instead).
 */

/** The module key of the list call (`GET /leadspeek/client/{group}/{type}/...`). */
const SIMPLIFI = 'simplifi';

export interface SimplifiListParams {
  /** The agency (its clients' campaigns) or the client itself. */
  companyID: number;
  /** One client, or 0 for every client of the agency. */
  clientID: number;
  /** The selected company group ('' = View All). */
  group: string;
  sort: SortState<CampaignSortKey> | null;
  search: string;
  page: number;
  perPage: number;
  view: CampaignView;
  status: CampaignStatusFilter;
}

export const simplifiKeys = {
  all: ['simplifi'] as const,
  minimums: (idsys: number) => [...simplifiKeys.all, 'minimums', idsys] as const,
  stats: (ids: readonly number[]) => [...simplifiKeys.all, 'stats', ids] as const,
  detail: (id: number) => [...simplifiKeys.all, 'detail', id] as const,
  remaining: (apiId: string) => [...simplifiKeys.all, 'remaining-budget', apiId] as const,
  report: (id: number, query: SimplifiReportRequest) => [...simplifiKeys.all, 'report', id, query] as const,
  /** Under the campaigns' keys, so the row moves (activate, pause, stop, archive) refresh it too. */
  list: (params: SimplifiListParams) => [...campaignKeys.all, 'simplifi-list', params] as const,
};

/** The list call's path for the Simplifi module: 'all' for View All, 'none/none' unsorted, '-' unsearched. */
export function simplifiListPath(
  params: Pick<SimplifiListParams, 'companyID' | 'clientID' | 'group' | 'sort' | 'search'>,
) {
  const group = params.group === '' ? 'all' : encodeURIComponent(params.group);
  return `/leadspeek/client/${group}/${SIMPLIFI}/${params.companyID}/${params.clientID}/${sortSegments(params.sort)}/${searchSegment(params.search)}`;
}

const listQuery = (p: Pick<SimplifiListParams, 'page' | 'perPage' | 'view' | 'status'>) => ({
  Page: p.page,
  PerPage: p.perPage,
  view: p.view,
  CampaignStatus: p.status,
});

const fetchList = (http: HttpClient, params: SimplifiListParams, signal?: AbortSignal) =>
  http.request(
    { path: simplifiListPath(params), query: listQuery(params), signal },
    campaignListResponseSchema,
  );

/** One page of the module's campaigns; `params` null keeps it idle (no user yet). */
export function useSimplifiCampaignList(params: SimplifiListParams | null) {
  const http = useHttp();
  return useQuery({
    queryKey: params ? simplifiKeys.list(params) : [...simplifiKeys.all, 'list', 'idle'],
    // biome-ignore lint/style/noNonNullAssertion: enabled only with params
    queryFn: ({ signal }) => fetchList(http, params!, signal),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Several pages at once (the overview reads every campaign of the agency, 100 a page). */
export function useSimplifiCampaignPages(pages: readonly SimplifiListParams[]) {
  const http = useHttp();
  return useQueries({
    queries: pages.map((params) => ({
      queryKey: simplifiKeys.list(params),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchList(http, params, signal),
    })),
  });
}

/** `GET /configuration/setting/minvaluesimplifi?idsys=`: the budget's minimums, '0' for none. */
export function useSimplifiMinimums(idsys: number) {
  const http = useHttp();
  return useQuery({
    queryKey: simplifiKeys.minimums(idsys),
    queryFn: ({ signal }) =>
      http.request(
        { path: '/configuration/setting/minvaluesimplifi', query: { idsys }, signal },
        minValueSimplifiResponseSchema,
      ),
    enabled: idsys > 0,
    staleTime: 5 * 60_000,
  });
}

/** The stats call names at most 100 campaigns (the contracts' rule): bigger lists go in chunks. */
export const STATS_CHUNK = 100;

export function chunkIds(ids: readonly number[], size = STATS_CHUNK): number[][] {
  const chunks: number[][] = [];
  for (let start = 0; start < ids.length; start += size) chunks.push(ids.slice(start, start + size));
  return chunks;
}

const fetchStats = (http: HttpClient, ids: readonly number[], signal?: AbortSignal) =>
  http.request(
    { path: '/leadspeek/simplifi/stats', query: { campaign_ids: ids.join(',') }, signal },
    simplifiStatsSchema,
  );

/** `GET /leadspeek/simplifi/stats?campaign_ids=`: the campaigns' totals; idle without ids (spec 2 §5). */
export function useSimplifiStats(ids: readonly number[]) {
  const http = useHttp();
  return useQuery({
    queryKey: simplifiKeys.stats(ids),
    queryFn: ({ signal }) => fetchStats(http, ids, signal),
    enabled: ids.length > 0,
    placeholderData: keepPreviousData,
  });
}

/** The stats of many campaigns, a call per hundred. */
export function useSimplifiStatsChunks(ids: readonly number[]) {
  const http = useHttp();
  return useQueries({
    queries: chunkIds(ids).map((chunk) => ({
      queryKey: simplifiKeys.stats(chunk),
      queryFn: ({ signal }: { signal: AbortSignal }) => fetchStats(http, chunk, signal),
    })),
  });
}

const detailResponseSchema = z.object({ result: z.literal('success'), data: simplifiCampaignDetailSchema });

/** `GET /leadspeek/simplifi/details?leadspeekID=`: budget, charges, state; 0 keeps it idle. */
export function useSimplifiDetail(leadspeekID: number) {
  const http = useHttp();
  return useQuery({
    queryKey: simplifiKeys.detail(leadspeekID),
    queryFn: ({ signal }) =>
      http.request(
        { path: '/leadspeek/simplifi/details', query: { leadspeekID }, signal },
        detailResponseSchema,
      ),
    enabled: leadspeekID > 0,
  });
}

const remainingResponseSchema = z.object({ result: z.literal('success'), data: remainingBudgetSchema });

/** `GET /leadspeek/simplifi/remaining-budget/{leadspeek_api_id}`; '' keeps it idle. */
export function useRemainingBudget(apiId: string) {
  const http = useHttp();
  return useQuery({
    queryKey: simplifiKeys.remaining(apiId),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/leadspeek/simplifi/remaining-budget/${encodeURIComponent(apiId)}`, signal },
        remainingResponseSchema,
      ),
    enabled: apiId !== '',
  });
}

export interface SimplifiReportRequest {
  client_now_date: string;
  date_range: SimplifiDateRange;
  start_date?: string;
  end_date?: string;
}

/** `GET /leadspeek/simplifi/campaign-reports/{campaign_id}`: per day and per ad; `query` null keeps it idle. */
export function useSimplifiReport(campaignId: number, query: SimplifiReportRequest | null) {
  const http = useHttp();
  const q = query ?? { client_now_date: '', date_range: 'today' as const };
  return useQuery({
    queryKey: simplifiKeys.report(campaignId, q),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/leadspeek/simplifi/campaign-reports/${campaignId}`, query: { ...q }, signal },
        simplifiReportSchema,
      ),
    enabled: campaignId > 0 && query !== null,
    placeholderData: keepPreviousData,
  });
}

/** The report as a file (CSV or Excel) for `useFileDownload`: the same query with `format`. */
export const fetchSimplifiReportFile = (
  http: HttpClient,
  campaignId: number,
  query: SimplifiReportRequest,
  format: 'csv' | 'xlsx',
) =>
  http.requestFile({
    path: `/leadspeek/simplifi/campaign-reports/${campaignId}`,
    query: { ...query, format },
  });

/** `GET /leadspeek/simplifi/check-budget-increase`: what raising the daily budget charges now. */
export const fetchBudgetIncrease = async (
  http: HttpClient,
  leadspeekID: number,
  dailyBudget: string,
): Promise<BudgetIncrease> =>
  (
    await http.request(
      { path: '/leadspeek/simplifi/check-budget-increase', query: { leadspeekID, dailyBudget } },
      z.object({ result: z.literal('success'), data: budgetIncreaseSchema }),
    )
  ).data;

const savedSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: simplifiCampaignDetailSchema,
});
export type SimplifiSaved = z.infer<typeof savedSchema>;

function useSimplifiWrite<V, R>(write: (http: HttpClient, variables: V) => Promise<R>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(http, variables),
    onSuccess: async () => {
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: simplifiKeys.all }),
        queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
      ]);
    },
  });
}

/** `POST /leadspeek/simplifi`: a new campaign, stopped until activated. */
export const useCreateSimplifiCampaign = () =>
  useSimplifiWrite((http, body: CreateSimplifiCampaignRequest) =>
    http.post('/leadspeek/simplifi', body, savedSchema),
  );

/** What an update changes: the campaign step's fields, or the audiences it targets (all of them). */
export type SimplifiUpdateBody = Partial<UpdateSimplifiRequest> & { audienceIds?: number[] };

/** `PUT /leadspeek/simplifi/{campaignId}` (spec 2 §5: never sent without the id). */
export const useUpdateSimplifiCampaign = () =>
  useSimplifiWrite((http, { id, body }: { id: number; body: SimplifiUpdateBody }) =>
    http.put(`/leadspeek/simplifi/${id}`, body, savedSchema),
  );

/** `PUT /leadspeek/simplifi/costmodule`: the budget (a higher daily on a running campaign is charged first). */
export const useSaveSimplifiBudget = () =>
  useSimplifiWrite((http, body: SimplifiCostModuleRequest) =>
    http.put('/leadspeek/simplifi/costmodule', body, savedSchema),
  );

const raisedSchema = z.object({
  result: z.literal('success'),
  message: z.string(),
  data: budgetIncreaseSchema,
});

/**
 * `POST /leadspeek/simplifi/charge-campaign-by-remaining-days`: raise the daily budget, paying the
 * difference; answers what was charged (`charge_amount`, '0' when nothing more was due).
 */
export const useChargeByRemainingDays = () =>
  useSimplifiWrite((http, body: { leadspeekID: number; dailyBudget: string }) =>
    http.post('/leadspeek/simplifi/charge-campaign-by-remaining-days', body, raisedSchema),
  );

// ---------------------------------------------------------------------------------------------
// A campaign's ads (media, spec 2 §7 "Media") and audiences, as the campaign screens use them
// ---------------------------------------------------------------------------------------------

export const adMediaKeys = {
  all: ['ad-media'] as const,
  ofUser: (userId: number) => [...adMediaKeys.all, 'user', userId] as const,
  ofCampaign: (campaignId: number) => [...adMediaKeys.all, 'campaign', campaignId] as const,
};

/** `GET /media/user/{user_id}`: the media of the user's company; 0 keeps it idle (spec 2 §5). */
export function useUserMedia(userId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: adMediaKeys.ofUser(userId),
    queryFn: ({ signal }) => http.request({ path: `/media/user/${userId}`, signal }, mediaListResponseSchema),
    enabled: userId > 0,
  });
}

/** `GET /media/campaign/{campaign_id}`: the ads attached to a campaign; 0 keeps it idle. */
export function useCampaignMedia(campaignId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: adMediaKeys.ofCampaign(campaignId),
    queryFn: ({ signal }) =>
      http.request({ path: `/media/campaign/${campaignId}`, signal }, mediaListResponseSchema),
    enabled: campaignId > 0,
  });
}

/** `PUT /media/{media_id}` with `campaign_id`: attach an ad to a campaign, or detach it (null). */
export function useAttachMedia() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ mediaId, campaignId }: { mediaId: number; campaignId: number | null }) =>
      http.put(
        `/media/${mediaId}`,
        { campaign_id: campaignId } satisfies UpdateMediaRequest,
        mediaResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adMediaKeys.all }),
  });
}

export const audienceKeys = {
  all: ['audiences'] as const,
  ofUser: (userId: number) => [...audienceKeys.all, 'user', userId] as const,
};

/** `GET /leadspeek/simplifi/audience/{user_id}`: the audiences of the user's company and its clients. */
export function useUserAudiences(userId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: audienceKeys.ofUser(userId),
    queryFn: ({ signal }) =>
      http.request({ path: `/leadspeek/simplifi/audience/${userId}`, signal }, audienceListResponseSchema),
    enabled: userId > 0,
  });
}

/** `POST /media/upload` (multipart, the file under `file`): an ad uploaded straight onto a campaign. */
export function useUploadCampaignMedia() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ file, kind, campaignId }: { file: File; kind: AdMediaKind; campaignId: number }) => {
      const form = new FormData();
      // Text fields before the file: the server reads them before it streams the bytes.
      form.set('kind', kind);
      form.set('campaign_id', String(campaignId));
      form.set('file', file, file.name);
      return http.request({ method: 'POST', path: '/media/upload', body: form }, mediaResponseSchema);
    },
    onSuccess: () => queryClient.invalidateQueries({ queryKey: adMediaKeys.all }),
  });
}
