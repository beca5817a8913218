import {
  type AgencyToggleRequest,
  type CreateUserRequest,
  createUserResponseSchema,
  excludeMinimumSpendResponseSchema,
  excludeOnboardChargeResponseSchema,
  messageResponseSchema,
  minimumSpendListResponseSchema,
  type RemoveUserParams,
  type ResendInvitationRequest,
  removeUserResponseSchema,
  resendInvitationResponseSchema,
  type SetPackageRequest,
  type SetSalesRequest,
  salesListResponseSchema,
  savedResponseSchema,
  type UpdateUserRequest,
  updateUserResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { userListKeys } from './agency-list';
import type { HttpClient, ResponseSchema } from './http';
import { settingKeys } from './settings';

/**
 * Agency, client and staff management (spec 2 §7): create, update, remove, resend invitation, the
 * agency-row switches, Set Sales Person and the minimum-spend plans the agency form offers.
 * Every write refreshes the lists.
 */

export const userManagementKeys = {
  salesStaff: (companyID: number) => ['sales', 'list', companyID] as const,
  // Under the settings keys, so the plan screen's writes refresh the agency form's select too.
  minimumSpendPlanOptions: [...settingKeys.all, 'minimum-spend-plans', 'options'] as const,
};

export const createUser = (http: HttpClient, body: CreateUserRequest) =>
  http.post('/configuration/user/create', body, createUserResponseSchema);

export const updateUser = (http: HttpClient, body: UpdateUserRequest) =>
  http.put('/configuration/user/update', body, updateUserResponseSchema);

/** `companyID` is the node's parent company (its own company for staff). */
export const removeUser = (http: HttpClient, companyID: number, userID: number) =>
  http.request(
    { method: 'DELETE', path: `/configuration/user/remove/${companyID}/${userID}` },
    removeUserResponseSchema,
  );

/** A mutation whose success refreshes every user list (agencies, clients, staff, sales). */
function useListWrite<V, R>(write: (http: HttpClient, variables: V) => Promise<R>) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (variables: V) => write(http, variables),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKeys.all }),
  });
}

export const useCreateUser = () => useListWrite(createUser);
export const useUpdateUser = () => useListWrite(updateUser);
export const useRemoveUser = () =>
  useListWrite((http, v: RemoveUserParams) => removeUser(http, v.companyID, v.userID));

/** `POST /configuration/user/resendinvitation`: for people who have not set a password yet. */
export const useResendInvitation = () =>
  useListWrite((http, ClientID: number) => {
    const body: ResendInvitationRequest = { ClientID };
    return http.post('/configuration/user/resendinvitation', body, resendInvitationResponseSchema);
  });

/** A root-staff switch on an agency row: toggles, and answers the new state (1 excluded). */
const useAgencyToggle = <R>(path: string, schema: ResponseSchema<R>) =>
  useListWrite((http, CompanyID: number) => {
    const body: AgencyToggleRequest = { CompanyID };
    return http.put(path, body, schema);
  });

/** Toggles the agency's minimum-spend exclusion. */
export const useExcludeMinimumSpend = () =>
  useAgencyToggle('/configuration/setting/exclude-include-mininum-spend', excludeMinimumSpendResponseSchema);

/** Toggles the agency's onboarding-charge exclusion. */
export const useExcludeOnboardCharge = () =>
  useAgencyToggle(
    '/configuration/setting/exclude-include-onboard-charge',
    excludeOnboardChargeResponseSchema,
  );

/** `PUT /configuration/sales`: an agency's sales representative, account executive and referrer. */
export const useSetSales = () =>
  useListWrite((http, body: SetSalesRequest) =>
    http.put('/configuration/sales', body, messageResponseSchema),
  );

/**
 * `PUT /configuration/setting/package`: an agency's package (system staff). An agency without one
 * never counts as connected, so it cannot add clients (decision 0061).
 */
export const useSetAgencyPackage = () =>
  useListWrite((http, body: SetPackageRequest) =>
    http.put('/configuration/setting/package', body, savedResponseSchema),
  );

/** `GET /configuration/sales/list/{companyID}`: the system's sales staff, for Set Sales Person. */
export function useSalesStaff(companyID: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: userManagementKeys.salesStaff(companyID),
    queryFn: () => http.get(`/configuration/sales/list/${companyID}`, salesListResponseSchema),
    enabled,
  });
}

/** `GET /general/minimum-spend-config`: every plan of the system for a select (root company only). */
export function useMinimumSpendPlanOptions(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: userManagementKeys.minimumSpendPlanOptions,
    queryFn: () =>
      http.get('/general/minimum-spend-config', minimumSpendListResponseSchema, { page: 1, PerPage: 100 }),
    enabled,
    staleTime: 60_000,
  });
}
