import {
  type ActivePauseRequest,
  type ArchiveCampaignRequest,
  type CAMPAIGN_STATUS_FILTERS,
  type CAMPAIGN_VIEWS,
  type CampaignModule,
  type CampaignSortKey,
  type CostModuleRequest,
  type CreateCampaignRequest,
  campaignListResponseSchema,
  campaignMoveResponseSchema,
  campaignResourceResponseSchema,
  campaignResponseSchema,
  campaignSavedResponseSchema,
  costModuleResponseSchema,
  type RemoveCampaignRequest,
  SITE_CHECK_BLOCKED_MESSAGE,
  type SiteCheckRequest,
  type SiteCheckResponse,
  sendTestLeadResponseSchema,
  siteCheckResponseSchema,
  TEST_LEAD_TOO_SOON,
  type UpdateCampaignRequest,
  type UpdateLocalCampaignRequest,
  type UpdateLocatorCampaignRequest,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQueries, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { type SortState, searchSegment, sortSegments } from '../components/data-list/list-state';
import { ApiRequestError } from './http';

/*
 * Campaigns of one module (spec 2 §7 "Campaigns and reports"; contracts in campaigns.ts and
 * site-tests.ts): the list, one campaign, create/update, the cost module, the moves, the embed code
 * and the site tests. Every write refreshes the campaign queries.
 */

export type CampaignView = (typeof CAMPAIGN_VIEWS)[number];
export type CampaignStatusFilter = (typeof CAMPAIGN_STATUS_FILTERS)[number];

/** What one page of a module's campaign list is asked for. */
export interface CampaignListParams {
  module: CampaignModule;
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

export const campaignKeys = {
  all: ['campaigns'] as const,
  list: (params: CampaignListParams) => [...campaignKeys.all, 'list', params] as const,
  detail: (id: number) => [...campaignKeys.all, 'detail', id] as const,
  resource: (clientId: number, id: number) => [...campaignKeys.all, 'resource', clientId, id] as const,
  siteCheck: (id: number) => [...campaignKeys.all, 'site-check', id] as const,
};

/**
 * `GET /leadspeek/client/{group}/{type}/{companyID}/{clientID}/{sort}/{order}/{search}`: 'all' for
 * View All, 'none/none' when not sorting, '-' when not searching.
 */
export function campaignListPath(
  params: Pick<CampaignListParams, 'module' | 'companyID' | 'clientID' | 'group' | 'sort' | 'search'>,
): string {
  const group = params.group === '' ? 'all' : encodeURIComponent(params.group);
  return `/leadspeek/client/${group}/${params.module}/${params.companyID}/${params.clientID}/${sortSegments(params.sort)}/${searchSegment(params.search)}`;
}

/** The list's query string: Page, PerPage, view, CampaignStatus (spec 2 §7). */
export function campaignListQuery(params: Pick<CampaignListParams, 'page' | 'perPage' | 'view' | 'status'>) {
  return { Page: params.page, PerPage: params.perPage, view: params.view, CampaignStatus: params.status };
}

/** `params` null keeps the query idle (no user yet). */
export function useCampaignList(params: CampaignListParams | null) {
  const http = useHttp();
  return useQuery({
    queryKey: params ? campaignKeys.list(params) : [...campaignKeys.all, 'list', 'idle'],
    queryFn: ({ signal }) =>
      http.request(
        // biome-ignore lint/style/noNonNullAssertion: enabled only with params
        { path: campaignListPath(params!), query: campaignListQuery(params!), signal },
        campaignListResponseSchema,
      ),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });
}

/** Several lists at once (one page each, e.g. the campaigns of every vendor-list module); empty when idle. */
export function useCampaignLists(list: readonly CampaignListParams[]) {
  const http = useHttp();
  return useQueries({
    queries: list.map((params) => ({
      queryKey: campaignKeys.list(params),
      queryFn: ({ signal }: { signal: AbortSignal }) =>
        http.request(
          { path: campaignListPath(params), query: campaignListQuery(params), signal },
          campaignListResponseSchema,
        ),
    })),
  });
}

/** `GET /leadspeek/getcampaign/{id}`: every field the wizard edits; 0 keeps it idle. */
export function useCampaign(id: number) {
  const http = useHttp();
  return useQuery({
    queryKey: campaignKeys.detail(id),
    queryFn: ({ signal }) =>
      http.request({ path: `/leadspeek/getcampaign/${id}`, signal }, campaignResponseSchema),
    enabled: id > 0,
  });
}

function useCampaignWrite<V, R>(write: (http: ReturnType<typeof useHttp>, variables: V) => Promise<R>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(http, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: campaignKeys.all }),
  });
}

export const useCreateCampaign = () =>
  useCampaignWrite((http, body: CreateCampaignRequest) =>
    http.post('/leadspeek/client/create', body, campaignSavedResponseSchema),
  );

/** The three updates of an edit: the common fields, then the module's own part. */
export type CampaignUpdate =
  | { part: 'common'; body: UpdateCampaignRequest }
  | { part: 'local'; body: UpdateLocalCampaignRequest }
  | { part: 'locator'; body: UpdateLocatorCampaignRequest };

const UPDATE_PATHS: Record<CampaignUpdate['part'], string> = {
  common: '/leadspeek/client/update',
  local: '/leadspeek/client/local/update',
  locator: '/leadspeek/client/locator/update',
};

export const useUpdateCampaign = () =>
  useCampaignWrite((http, update: CampaignUpdate) =>
    http.put(UPDATE_PATHS[update.part], update.body, campaignSavedResponseSchema),
  );

/** `PUT /configuration/user/costmodule`: the client's prices (agency staff only). */
export const useSaveCostModule = () =>
  useCampaignWrite((http, body: CostModuleRequest) =>
    http.put('/configuration/user/costmodule', body, costModuleResponseSchema),
  );

/** `PUT /leadspeek/client/activepause`: activate, pause, resume or stop. */
export const useActivePause = () =>
  useCampaignWrite((http, body: ActivePauseRequest) =>
    http.put('/leadspeek/client/activepause', body, campaignMoveResponseSchema),
  );

export const useArchiveCampaign = () =>
  useCampaignWrite((http, body: ArchiveCampaignRequest) =>
    http.put('/leadspeek/client/archive', body, campaignMoveResponseSchema),
  );

export const useRemoveCampaign = () =>
  useCampaignWrite((http, body: RemoveCampaignRequest) =>
    http.put('/leadspeek/client/remove', body, campaignMoveResponseSchema),
  );

/** `GET /leadspeek/getcampaignresource/{organizationID}/{campaignID}`: the embed code of a local campaign. */
export function useCampaignResource(clientId: number, campaignId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: campaignKeys.resource(clientId, campaignId),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/leadspeek/getcampaignresource/${clientId}/${campaignId}`, signal },
        campaignResourceResponseSchema,
      ),
  });
}

export type SiteCheckResult = SiteCheckResponse['data'];

/**
 * Spec 2 §8: a site check answered with HTTP 504 is shown as the synthetic 'not exist' result with
 * 'Blocked from crawling (Needs manual review at your url)'; other failures stay failures.
 */
export function siteCheckOfFailure(error: unknown, url: string, now = new Date()): SiteCheckResult | null {
  if (!(error instanceof ApiRequestError) || error.status !== 504) return null;
  return {
    status: 'not exist',
    outcome: 'blocked',
    message: SITE_CHECK_BLOCKED_MESSAGE,
    url,
    checked_at: now.toISOString(),
  };
}

/** `GET /check-run-embeded-code?leadspeekID=`: the last stored site check. */
export function useLastSiteCheck(campaignId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: campaignKeys.siteCheck(campaignId),
    queryFn: ({ signal }) =>
      http.request(
        { path: '/check-run-embeded-code', query: { leadspeekID: campaignId }, signal },
        siteCheckResponseSchema,
      ),
  });
}

/** `POST /check-site-embeded-code`: checks the site now; a 504 becomes the spec's synthetic result. */
export function useRunSiteCheck(siteUrl: string) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: SiteCheckRequest): Promise<SiteCheckResult> => {
      try {
        return (await http.post('/check-site-embeded-code', body, siteCheckResponseSchema)).data;
      } catch (error) {
        const blocked = siteCheckOfFailure(error, body.url ?? siteUrl);
        if (blocked) return blocked;
        throw error;
      }
    },
    onSuccess: (data, body) => {
      queryClient.setQueryData(campaignKeys.siteCheck(body.leadspeekID), { result: 'success', data });
      void queryClient.invalidateQueries({ queryKey: [...campaignKeys.all, 'list'] });
    },
  });
}

/** Spec 2 §8: a 429 means the once-a-minute rule, said in the spec's words. */
export function testLeadFailureText(error: unknown, otherwise: (error: unknown) => string): string {
  if (error instanceof ApiRequestError && error.status === 429) return TEST_LEAD_TOO_SOON;
  return otherwise(error);
}

/** `POST /send-test-lead`. */
export const useSendTestLead = () =>
  useCampaignWrite((http, body: { leadspeekID: number }) =>
    http.post('/send-test-lead', body, sendTestLeadResponseSchema),
  );
