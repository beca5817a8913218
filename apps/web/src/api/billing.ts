import {
  type BillingAccountKind,
  type BillingHistoryResponse,
  type BillingParty,
  billingHistoryResponseSchema,
  billingPartiesResponseSchema,
} from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export type { BillingHistoryResponse, BillingParty };

/** Whose history: a company (the root company is the system itself) or a person. */
export interface PartyRef {
  type: 'company' | 'user';
  id: number;
}

export interface BillingFilter {
  account: { kind: BillingAccountKind; reference: string } | null;
  /** YYYY-MM, or null for the whole history. */
  month: string | null;
}

export const billingKeys = {
  all: ['billing'] as const,
  history: (party: PartyRef, filter: BillingFilter, page: number) =>
    [...billingKeys.all, 'history', party, filter, page] as const,
  parties: () => [...billingKeys.all, 'parties'] as const,
};

const queryOf = (filter: BillingFilter, page?: number) => ({
  ...(filter.account ? { account: filter.account.kind } : {}),
  ...(filter.account?.reference ? { reference: filter.account.reference } : {}),
  ...(filter.month ? { month: filter.month } : {}),
  ...(page ? { page } : {}),
});

/** `GET /billing/history/{company|user}/{id}`: the party's accounts and one page of 10 lines. */
export function useBillingHistory(party: PartyRef | null, filter: BillingFilter, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: billingKeys.history(party ?? { type: 'company', id: 0 }, filter, page),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: `/billing/history/${party?.type}/${party?.id}`,
          query: queryOf(filter, page),
          signal,
        },
        billingHistoryResponseSchema,
      ),
    enabled: party !== null,
    placeholderData: keepPreviousData,
  });
}

/** `GET /billing/parties`: the system staff's picker. */
export function useBillingParties(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: billingKeys.parties(),
    queryFn: ({ signal }) => http.request({ path: '/billing/parties', signal }, billingPartiesResponseSchema),
    enabled,
  });
}

/** `GET /billing/history-download/{company|user}/{id}`: the CSV file, with the session's token. */
export const fetchBillingCsv = (http: HttpClient, party: PartyRef, filter: BillingFilter) =>
  http.requestFile({ path: `/billing/history-download/${party.type}/${party.id}`, query: queryOf(filter) });
