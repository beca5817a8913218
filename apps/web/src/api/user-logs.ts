import {
  type LogUserRequest,
  type LogUserType,
  logCategoryResponseSchema,
  logUserResponseSchema,
  type ShowCampaignsRequest,
  type ShowUserRequest,
  showCampaignsResponseSchema,
  showUserResponseSchema,
  type UserLogFilter,
  userLogDownloadPath,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

/** User logs (spec 2 §3 "User log row", §7 show-user, show-campaigns, log-user, log-category, log export). */

export type LogUserInput = Partial<LogUserRequest> & Pick<LogUserRequest, 'companyID'>;

export const userLogKeys = {
  all: ['user-logs'] as const,
  page: (request: LogUserInput) => [...userLogKeys.all, 'page', request] as const,
  users: (companyID: number, userType: LogUserType) =>
    [...userLogKeys.all, 'users', companyID, userType] as const,
  campaigns: (companyID: number) => [...userLogKeys.all, 'campaigns', companyID] as const,
  categories: ['user-logs', 'categories'] as const,
};

/** `POST /configuration/user/log-user`: one page of log rows; `request` null keeps it idle. */
export function useUserLogPage(request: LogUserInput | null) {
  const http = useHttp();
  return useQuery({
    queryKey: userLogKeys.page(request ?? { companyID: 0 }),
    queryFn: () => http.post('/configuration/user/log-user', request, logUserResponseSchema),
    enabled: request !== null,
    placeholderData: keepPreviousData,
  });
}

/** `POST /configuration/user/show-user`: the people of the user filter. */
export function useLogUsers(companyID: number, userType: LogUserType, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: userLogKeys.users(companyID, userType),
    queryFn: () => {
      const body: ShowUserRequest = { companyID, user_type: userType };
      return http.post('/configuration/user/show-user', body, showUserResponseSchema);
    },
    enabled,
  });
}

/** `POST /configuration/user/show-campaigns`: the campaign filter's options. */
export function useLogCampaigns(companyID: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: userLogKeys.campaigns(companyID),
    queryFn: () => {
      const body: ShowCampaignsRequest = { companyID };
      return http.post('/configuration/user/show-campaigns', body, showCampaignsResponseSchema);
    },
    enabled,
  });
}

/** `POST /configuration/user/log-category`: the action categories of the caller's logs. */
export function useLogCategories(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: userLogKeys.categories,
    queryFn: () => http.post('/configuration/user/log-category', {}, logCategoryResponseSchema),
    enabled,
    staleTime: 60_000,
  });
}

/**
 * The log export as a CSV file, through the API client so it carries the bearer token (and a refreshed
 * one after a 401) like every other call.
 */
export const fetchUserLogCsv = (http: HttpClient, filter: UserLogFilter) =>
  http.requestFile({ path: userLogDownloadPath(filter) });
