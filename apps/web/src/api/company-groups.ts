import { companyGroupListResponseSchema } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export const companyGroupKeys = {
  list: (companyID: number, module: string) => ['company-groups', companyID, module] as const,
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
