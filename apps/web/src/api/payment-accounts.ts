import {
  type ConnectedAccountState,
  connectedAccountLinkSchema,
  connectedAccountStateSchema,
  messageResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { sessionKeys } from './session';

/*
 * Connected payment accounts (spec 2 §7 "Cards and payment account", decision 0033): an agency's,
 * read and connected from General Setting, and a sales person's, from Sales Connect Account.
 */

export const paymentAccountKeys = {
  all: ['payment-account'] as const,
  agency: (companyID: number) => [...paymentAccountKeys.all, 'agency', companyID] as const,
  sales: (userID: number) => [...paymentAccountKeys.all, 'sales', userID] as const,
};

/** While onboarding is under way the state changes by webhook: it is read again every few seconds. */
const POLL_MS = 3_000;
const settling = (state: ConnectedAccountState | undefined) =>
  state?.status === 'pending' || state?.status === 'inverification';
/**
 * Polled while onboarding settles; just back from onboarding (`returned`), also while charges or
 * payouts are still disabled, since the fix the person just made arrives by webhook too.
 */
const pollWhile = (returned: boolean) => (query: { state: { data?: ConnectedAccountState } }) => {
  const state = query.state.data;
  const disabled =
    state !== undefined && state.status !== '' && (!state.charges_enabled || !state.payouts_enabled);
  return settling(state) || (returned && disabled && state?.status !== 'failed') ? POLL_MS : false;
};

/** `GET /general/check-connected-account/{companyID}/{idsys}`. */
export function useAgencyAccount(companyID: number, idsys: number, returned: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: paymentAccountKeys.agency(companyID),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/general/check-connected-account/${companyID}/${idsys}`, signal },
        connectedAccountStateSchema,
      ),
    refetchInterval: pollWhile(returned),
  });
}

/** `GET /general/check-sales-connected-account/{usrID}/{idsys}`. */
export function useSalesAccount(userID: number, idsys: number, returned: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: paymentAccountKeys.sales(userID),
    queryFn: ({ signal }) =>
      http.request(
        { path: `/general/check-sales-connected-account/${userID}/${idsys}`, signal },
        connectedAccountStateSchema,
      ),
    refetchInterval: pollWhile(returned),
  });
}

/** The link calls: the page then goes to the (sandbox or Stripe) onboarding. */
export function useAgencyAccountLink(companyID: number, idsys: number) {
  const http = useHttp();
  return useMutation({
    mutationFn: (kind: 'connect' | 'continue') =>
      http.post(
        kind === 'connect'
          ? '/general/get-connected-account-link'
          : '/general/get-existing-connected-account-link',
        { companyID, idsys },
        connectedAccountLinkSchema,
      ),
  });
}

export function useSalesAccountLink(userID: number, idsys: number) {
  const http = useHttp();
  return useMutation({
    mutationFn: () =>
      http.post('/general/create-sales-connected-account', { userID, idsys }, connectedAccountLinkSchema),
  });
}

/** `DELETE /general/reset-payment-connection/{companyID}/stripe`. */
export function useResetAgencyAccount(companyID: number) {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request(
        { method: 'DELETE', path: `/general/reset-payment-connection/${companyID}/stripe` },
        messageResponseSchema,
      ),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: paymentAccountKeys.agency(companyID) });
      await queryClient.invalidateQueries({ queryKey: sessionKeys.all });
    },
  });
}
