import {
  type Cents,
  type ChargeDataWalletResponse,
  centsToDollars,
  chargeDataWalletResponseSchema,
  dataWalletHistoryResponseSchema,
  dataWalletResponseSchema,
  savedResponseSchema,
  stopContinualTopupResponseSchema,
  type TF,
} from '@app/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

/**
 * The Data Wallet (spec 2 §7 "Minimum spend and prepaid", decision 0073): the settings and balance,
 * a month's history, saving, continual top-up, the top-up itself and the month's CSV.
 */
const BASE = '/configuration/agencies/prepaid';

export const dataWalletKeys = {
  all: ['data-wallet'] as const,
  view: (companyId: number) => [...dataWalletKeys.all, 'view', companyId] as const,
  history: (companyId: number, month: string) =>
    [...dataWalletKeys.all, 'history', companyId, month] as const,
};

/** `GET …/get-direct-payment`: settings, balance and the current month (the server's clock) of history. */
export function useDataWallet(companyId: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: dataWalletKeys.view(companyId),
    queryFn: ({ signal }) =>
      http.request(
        { path: `${BASE}/get-direct-payment`, query: { company_id: companyId }, signal },
        dataWalletResponseSchema,
      ),
    enabled,
  });
}

/** `GET …/get-transaction-history-direct-payment`: another month's lines (the filter). */
export function useDataWalletHistory(companyId: number, month: string, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: dataWalletKeys.history(companyId, month),
    queryFn: ({ signal }) =>
      http.request(
        {
          path: `${BASE}/get-transaction-history-direct-payment`,
          query: { company_id: companyId, date: month },
          signal,
        },
        dataWalletHistoryResponseSchema,
      ),
    enabled,
    placeholderData: keepPreviousData,
  });
}

/** The settings the modal sends with a save or a top-up. */
export interface DataWalletChoice {
  amount: Cents;
  customAmount: boolean;
  stopContinual: boolean;
}

const tf = (value: boolean): TF => (value ? 'T' : 'F');
const settingsBody = (companyId: number, choice: DataWalletChoice) => ({
  company_id: companyId,
  amount: centsToDollars(choice.amount),
  custom_amount: tf(choice.customAmount),
  stop_continual: tf(choice.stopContinual),
});

/** After any change the view and every month read again (balance, settings, history). */
function useRefresh() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: dataWalletKeys.all });
}

/** `POST …/save-prepaid-direct-payment`: the settings, no charge (the modal's save at $0). */
export function useSaveDataWallet(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (choice: DataWalletChoice) =>
      http.post(`${BASE}/save-prepaid-direct-payment`, settingsBody(companyId, choice), savedResponseSchema),
    onSettled: refresh,
  });
}

/**
 * `POST …/charge-prepaid-direct-payment`: a top-up of the amount, the settings with it. `requestId`
 * is made once per confirmation, so a repeat of this request is the same top-up (decision 0073).
 */
export function useChargeDataWallet(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (input: DataWalletChoice & { requestId: string }): Promise<ChargeDataWalletResponse> =>
      http.post(
        `${BASE}/charge-prepaid-direct-payment`,
        {
          ...settingsBody(companyId, input),
          request_id: input.requestId,
          payment_type: 'credit_card',
        },
        chargeDataWalletResponseSchema,
      ),
    onSettled: refresh,
  });
}

/** `PUT …/stop-continual-topup`: stops (T) or resumes (F) continual top-up. */
export function useStopContinualTopup(companyId: number) {
  const http = useHttp();
  const refresh = useRefresh();
  return useMutation({
    mutationFn: (stop: boolean) =>
      http.put(
        `${BASE}/stop-continual-topup`,
        { company_id: companyId, stop_continual: tf(stop) },
        stopContinualTopupResponseSchema,
      ),
    onSettled: refresh,
  });
}

/** `GET …/download-transaction-history-direct-payment/{company_id}/{date}`: a month's CSV file. */
export const fetchDataWalletCsv = (http: HttpClient, companyId: number, month: string) =>
  http.requestFile({ path: `${BASE}/download-transaction-history-direct-payment/${companyId}/${month}` });
