import { type AgencyNode, userListResponseSchema } from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export type { AgencyNode };

export type AgencySortKey = 'company_name' | 'full_name' | 'email' | 'created_at';
export type SortOrder = 'asc' | 'desc';

/** What one page of the agency list is asked for. `sort` null means the server's own order. */
export interface AgencyListParams {
  companyID: number;
  idsys: number;
  page: number;
  perPage: number;
  sort: { key: AgencySortKey; order: SortOrder } | null;
  /** The search text as typed; blank means no search. */
  search: string;
}

export type AgencyListPage = ReturnType<typeof userListResponseSchema.parse>;

export const agencyListKeys = {
  all: ['agency-list'] as const,
  page: (params: AgencyListParams) => [...agencyListKeys.all, 'page', params] as const,
};

/**
 * `GET /configuration/user/{companyID}/all/{idsys}/userdownline/local/{sortby}/{order}/{searchkey}`
 * (spec 2 §7 GetClientList): 'none' when not sorting, '-' when not searching.
 */
export function agencyListPath(params: Pick<AgencyListParams, 'companyID' | 'idsys' | 'sort' | 'search'>) {
  const sortby = params.sort?.key ?? 'none';
  const order = params.sort?.order ?? 'none';
  const text = params.search.trim();
  const searchkey = text === '' ? '-' : encodeURIComponent(text);
  return `/configuration/user/${params.companyID}/all/${params.idsys}/userdownline/local/${sortby}/${order}/${searchkey}`;
}

export const fetchAgencyList = (
  http: HttpClient,
  params: AgencyListParams,
  signal?: AbortSignal,
): Promise<AgencyListPage> =>
  http.request(
    { path: agencyListPath(params), query: { Page: params.page, PerPage: params.perPage }, signal },
    userListResponseSchema,
  );

export const agencyListQuery = (http: HttpClient, params: AgencyListParams) =>
  queryOptions({
    queryKey: agencyListKeys.page(params),
    queryFn: ({ signal }) => fetchAgencyList(http, params, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

/** `params` null (no signed-in user yet) keeps the query idle. */
export function useAgencyList(params: AgencyListParams | null) {
  const http = useHttp();
  const disabled = { companyID: 0, idsys: 0, page: 1, perPage: 0, sort: null, search: '' };
  return useQuery({ ...agencyListQuery(http, params ?? disabled), enabled: params !== null });
}
