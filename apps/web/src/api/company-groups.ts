import {
  companyGroupListResponseSchema,
  removeCompanyGroupResponseSchema,
  type SaveCompanyGroupRequest,
  saveCompanyGroupResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export const companyGroupKeys = {
  all: ['company-groups'] as const,
  list: (companyID: number, module: string) => [...companyGroupKeys.all, companyID, module] as const,
};

/** `GET /company/group/{companyID}/{module}` (spec 2 §7): a company's groups; `companyID` 0 keeps it idle. */
export function useCompanyGroups(companyID: number, module = 'all') {
  const http = useHttp();
  return useQuery({
    queryKey: companyGroupKeys.list(companyID, module),
    queryFn: () => http.get(`/company/group/${companyID}/${module}`, companyGroupListResponseSchema),
    enabled: companyID > 0,
    staleTime: 60_000,
  });
}

/** `POST /company/group`: creates a group (no `companyGroupID`) or renames one (groups.create / update). */
export function useSaveCompanyGroup() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SaveCompanyGroupRequest) =>
      http.post('/company/group', body, saveCompanyGroupResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyGroupKeys.all }),
  });
}

/** `DELETE /company/group/remove/{companyGroupID}` (groups.delete). */
export function useRemoveCompanyGroup() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (companyGroupID: number) =>
      http.request(
        { method: 'DELETE', path: `/company/group/remove/${companyGroupID}` },
        removeCompanyGroupResponseSchema,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyGroupKeys.all }),
  });
}
