import {
  type AgencyListFilter,
  type ListCampaignStatus,
  type ListCardStatus,
  type ListExclusion,
  type ManagedNode,
  type ModuleType,
  salesDownlineResponseSchema,
  type UserListResponse,
  userListResponseSchema,
} from '@app/contracts';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { type SortState, searchSegment, sortSegments } from '../components/data-list/list-state';
import type { HttpClient } from './http';

/** A row of any of the lists: agency, client, administrator or sales person (spec 2 §3). */
export type AgencyNode = ManagedNode;
export type { ManagedNode };

export type AgencySortKey = 'company_name' | 'full_name' | 'email' | 'created_at';
export type { SortOrder } from '../components/data-list/list-state';

/**
 * Who is listed: a system's agencies (userdownline), an agency's clients (client), a company's staff
 * (user, the Administrator list) or a system's sales staff (sales).
 */
export type ListedUserType = 'userdownline' | 'client' | 'user' | 'sales';

/** What one page of a list is asked for. `sort` null means the server's own order. */
export interface UserListParams {
  companyID: number;
  idsys: number;
  userType: ListedUserType;
  /** The selected company group ('all' when 'View All'). */
  group?: string;
  page: number;
  perPage: number;
  sort: SortState<AgencySortKey> | null;
  /** The search text as typed; blank means no search. */
  search: string;
  /** Agency-list filters (spec 2 §2). */
  filters?: readonly AgencyListFilter[];
  /** Narrowing of agencies and clients (decision 0094); 'all' / absent narrows nothing. */
  cardStatus?: ListCardStatus;
  campaignStatus?: ListCampaignStatus;
  /** The agency list's exclusion switches (root company). */
  exclude?: readonly ListExclusion[];
  /** `{module}`: agencies or clients with this module enabled ('all' when absent). */
  module?: ModuleType;
  /**
   * A sales user's agency list is the sales downline (spec 2 §6): the agencies linked to this sales
   * person, through `GET /configuration/sales-downline/...`.
   */
  salesUserId?: number;
}

export type UserListPage = UserListResponse;

export const userListKeys = {
  all: ['user-list'] as const,
  page: (params: UserListParams) => [...userListKeys.all, 'page', params] as const,
};
/** The agency list is one of the user lists; writes invalidate them all. */
export const agencyListKeys = userListKeys;

/**
 * `GET /configuration/user/{companyID}/{group|all}/{idsys}/{userType}/{module|all}/{sortby}/{order}/{searchkey}`
 * (spec 2 §7 GetClientList): 'none' when not sorting, '-' when not searching; or, for a sales user's
 * agencies, `GET /configuration/sales-downline/{companyID}/{usrID}/{idsys}/{sort}/{order}/{search}`.
 */
export function userListPath(
  params: Pick<
    UserListParams,
    'companyID' | 'idsys' | 'userType' | 'group' | 'sort' | 'search' | 'salesUserId' | 'module'
  >,
): string {
  const tail = `${sortSegments(params.sort)}/${searchSegment(params.search)}`;
  if (params.salesUserId !== undefined) {
    return `/configuration/sales-downline/${params.companyID}/${params.salesUserId}/${params.idsys}/${tail}`;
  }
  const group = params.group && params.group !== '' ? encodeURIComponent(params.group) : 'all';
  return `/configuration/user/${params.companyID}/${group}/${params.idsys}/${params.userType}/${params.module ?? 'all'}/${tail}`;
}

export const fetchUserList = (
  http: HttpClient,
  params: UserListParams,
  signal?: AbortSignal,
): Promise<UserListPage> => {
  const filters = params.filters?.length ? params.filters.join(',') : undefined;
  return http.request(
    {
      path: userListPath(params),
      // The sales downline takes none of the list's filters.
      query:
        params.salesUserId === undefined
          ? {
              Page: params.page,
              PerPage: params.perPage,
              Filters: filters,
              CardStatus: params.cardStatus && params.cardStatus !== 'all' ? params.cardStatus : undefined,
              CampaignStatus:
                params.campaignStatus && params.campaignStatus !== 'all' ? params.campaignStatus : undefined,
              Exclude: params.exclude?.length ? params.exclude.join(',') : undefined,
            }
          : { Page: params.page, PerPage: params.perPage },
      signal,
    },
    params.salesUserId === undefined ? userListResponseSchema : salesDownlineResponseSchema,
  );
};

export const userListQuery = (http: HttpClient, params: UserListParams) =>
  queryOptions({
    queryKey: userListKeys.page(params),
    queryFn: ({ signal }) => fetchUserList(http, params, signal),
    // The previous page stays on screen while the next one loads, so the table does not jump.
    placeholderData: keepPreviousData,
  });

const IDLE: UserListParams = {
  companyID: 0,
  idsys: 0,
  userType: 'userdownline',
  page: 1,
  perPage: 0,
  sort: null,
  search: '',
};

/** `params` null (no signed-in user yet, no agency chosen) keeps the query idle. */
export function useUserList(params: UserListParams | null) {
  const http = useHttp();
  return useQuery({ ...userListQuery(http, params ?? IDLE), enabled: params !== null });
}
