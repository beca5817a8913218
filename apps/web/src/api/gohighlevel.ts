import {
  type GhlSubaccount,
  ghlCreateClientResponseSchema,
  ghlMenuLinkDeletedSchema,
  ghlMenuLinkResponseSchema,
  ghlSubaccountsResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { integrationKeys, readOrEmpty } from './integrations';

/*
 * An agency's GoHighLevel sub-accounts (decision 0109): each with the client made from it and its
 * menu link; making a client of one, adding or removing the menu link to the client's dashboard.
 * A failed read shows its notice and answers no sub-accounts (spec 2 §8).
 */

export const ghlKeys = {
  subaccounts: (companyId: number) =>
    [...integrationKeys.company(companyId), 'gohighlevel', 'subaccounts'] as const,
};

/** `GET /gohighlevel/v2/list-subaccounts-all/{company_id}`. */
export function useGhlSubaccounts(companyId: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: ghlKeys.subaccounts(companyId),
    queryFn: ({ signal }) =>
      readOrEmpty<{ data: GhlSubaccount[] }>(
        () =>
          http.request(
            { path: `/gohighlevel/v2/list-subaccounts-all/${companyId}`, signal },
            ghlSubaccountsResponseSchema,
          ),
        () => ({ data: [] }),
        signal,
      ),
    enabled: enabled && companyId > 0,
  });
}

/** After a change: the sub-accounts (and the company's integration views) read again. */
function useRefresh(companyId: number) {
  const queryClient = useQueryClient();
  return () => queryClient.invalidateQueries({ queryKey: integrationKeys.company(companyId) });
}

/** `POST /gohighlevel/v2/create-client-from-subaccount`: the sub-account's own name and contact. */
export function useCreateClientFromSubaccount(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (locationId: string) =>
      http.post(
        '/gohighlevel/v2/create-client-from-subaccount',
        { company_id: companyId, location_id: locationId },
        ghlCreateClientResponseSchema,
      ),
    onSettled: refresh,
  });
}

/** `POST /gohighlevel/v2/create-iframe/client`: the menu link to the client's dashboard. */
export function useAddMenuLink(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (clientCompanyId: number) =>
      http.post(
        '/gohighlevel/v2/create-iframe/client',
        { company_id: companyId, client_company_id: clientCompanyId },
        ghlMenuLinkResponseSchema,
      ),
    onSettled: refresh,
  });
}

/** `DELETE /gohighlevel/v2/delete-iframe/client?company_id&client_company_id`. */
export function useRemoveMenuLink(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh(companyId);
  return useMutation({
    mutationFn: (clientCompanyId: number) =>
      http.request(
        {
          method: 'DELETE',
          path: '/gohighlevel/v2/delete-iframe/client',
          query: { company_id: companyId, client_company_id: clientCompanyId },
        },
        ghlMenuLinkDeletedSchema,
      ),
    onSettled: refresh,
  });
}
