import {
  agencyRoleResponseSchema,
  type RemoveRoleParams,
  removeRoleResponseSchema,
  roleListResponseSchema,
  type SaveRoleRequest,
  type SessionUser,
  saveRoleResponseSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useHttp } from '../app/boot/boot-context';
import { useSession } from '../app/session/session';
import type { HttpClient } from './http';
import { type RolePermissionRow, type SessionPermissions, sessionActor } from './role-permissions';

export type AgencyRoleResponse = ReturnType<typeof agencyRoleResponseSchema.parse>;
export type RoleSummary = ReturnType<typeof roleListResponseSchema.parse>['roles'][number];
export type { RolePermissionRow, SessionPermissions };

export const roleKeys = {
  all: ['roles'] as const,
  list: (companyID: number) => [...roleKeys.all, 'list', companyID] as const,
  module: (companyID: number, roleID: number, usrID: number) =>
    [...roleKeys.all, 'module', companyID, roleID, usrID] as const,
};

/** `GET /configuration/role-module/getrole/{companyID}/0/{usrID}`: the company's roles. */
export const rolesQuery = (http: HttpClient, companyID: number, usrID: number) =>
  queryOptions({
    queryKey: roleKeys.list(companyID),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/configuration/role-module/getrole/${companyID}/0/${usrID}`, signal },
        roleListResponseSchema,
      ),
  });

/**
 * `GET /configuration/role-module/getrolemodule/{companyID}/{roleID}/{usrID}`: the agency role response
 * (spec 1 §3.5); its `modules` are the role's permissions (every permission for role 0).
 */
export const roleModuleQuery = (http: HttpClient, companyID: number, roleID: number, usrID: number) =>
  queryOptions({
    queryKey: roleKeys.module(companyID, roleID, usrID),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/configuration/role-module/getrolemodule/${companyID}/${roleID}/${usrID}`, signal },
        agencyRoleResponseSchema,
      ),
  });

export function useRoles(companyID: number | null, usrID: number | null) {
  const http = useHttp();
  return useQuery({
    ...rolesQuery(http, companyID ?? 0, usrID ?? 0),
    enabled: companyID !== null && usrID !== null,
  });
}

/** One role's permissions (for the edit form); `roleID` null keeps the query idle. */
export function useRoleModule(companyID: number, roleID: number | null, usrID: number) {
  const http = useHttp();
  return useQuery({ ...roleModuleQuery(http, companyID, roleID ?? 0, usrID), enabled: roleID !== null });
}

/** The agency role response of the signed-in user's own company and role. */
export function useOwnRoleModule(user: SessionUser | null) {
  const http = useHttp();
  return useQuery({
    ...roleModuleQuery(http, user?.company_id ?? 0, user?.role_id ?? 0, user?.id ?? 0),
    enabled: user !== null,
  });
}

/**
 * What the signed-in user may do, for showing or hiding the controls of server actions (spec 2 §6:
 * save, create and delete follow the role's switches). The server decides with the same policy and
 * refuses anything else whatever the buttons show.
 */
export function useSessionPermissions(): SessionPermissions {
  const { user } = useSession();
  const needsRole = Boolean(user?.role_id);
  const http = useHttp();
  const query = useQuery({
    ...roleModuleQuery(http, user?.company_id ?? 0, user?.role_id ?? 0, user?.id ?? 0),
    enabled: user !== null && needsRole,
  });
  const modules = query.data?.modules;
  const decided = useMemo(() => sessionActor(user, modules), [user, modules]);
  return { ready: user !== null && (!needsRole || query.isSuccess), ...decided };
}

/** `PUT /configuration/role-module/addupdate`: creates (no roleID) or updates a role. */
export function useSaveRole() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveRoleRequest) =>
      http.put('/configuration/role-module/addupdate', body, saveRoleResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}

/** `DELETE /configuration/role-module/remove/{companyID}/{roleID}`. */
export function useRemoveRole() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ companyID, roleID }: RemoveRoleParams) =>
      http.request(
        { method: 'DELETE', path: `/configuration/role-module/remove/${companyID}/${roleID}` },
        removeRoleResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: roleKeys.all }),
  });
}
