import {
  type CardResponse,
  type CardSavedResponse,
  type CreateCustomerRequest,
  cardResponseSchema,
  cardSavedResponseSchema,
  type GetCouponResponse,
  getCouponResponseSchema,
  type ManualBillSettlementRequest,
  manualBillSettlementResponseSchema,
  type OnboardingStatus,
  onboardingStatusSchema,
  type PaymentFailuresResponse,
  paymentFailuresResponseSchema,
  type ReplaceCardRequest,
  type SandboxTokenRequest,
  type SetBillingMethodRequest,
  sandboxTokenResponseSchema,
  setBillingMethodResponseSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import { userListKeys } from './agency-list';
import type { HttpClient } from './http';

/**
 * Cards and the onboarding charge (spec 2 §7 "Cards and payment account"): the saved card, the first
 * card (`POST /payment/customer`, which charges the onboarding fee when due), replacing it
 * (`PUT /payment/card`), coupons checked before paying, the sandbox's card tokens and the manual-bill
 * switch (`PUT /payment/set-billing-method`).
 */
export const cardKeys = {
  all: ['cards'] as const,
  card: (userId: number) => [...cardKeys.all, 'card', userId] as const,
  onboarding: (userId: number) => [...cardKeys.all, 'onboarding-status', userId] as const,
};

export const savedCardQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: cardKeys.card(userId),
    queryFn: (): Promise<CardResponse> => http.get(`/payment/card/${userId}`, cardResponseSchema),
  });

/** `GET /payment/card/{usrID}`: the card of that person's company (null when none). */
export const useSavedCard = (userId: number) => useQuery(savedCardQuery(useHttp(), userId));

/** `GET /user/onboarding-status/{id}`: the onboarding fee the first card pays, and whether a coupon may lower it. */
export function useOnboardingStatus(userId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: cardKeys.onboarding(userId),
    queryFn: (): Promise<OnboardingStatus> =>
      http.get(`/user/onboarding-status/${userId}`, onboardingStatusSchema),
  });
}

/** `POST /payment/sandbox/token`: the sandbox test-card form's stand-in for Stripe.js. */
export const createSandboxToken = (http: HttpClient, body: SandboxTokenRequest) =>
  http.post('/payment/sandbox/token', body, sandboxTokenResponseSchema);

/** `POST /configuration/coupon/get-coupon`: what the code takes off the onboarding fee. */
export const checkCoupon = (http: HttpClient, code: string): Promise<GetCouponResponse> =>
  http.post('/configuration/coupon/get-coupon', { code }, getCouponResponseSchema);

/** The first card (with the onboarding charge) or a replacement, as the card form sends them. */
export type SaveCard =
  | { kind: 'first'; body: CreateCustomerRequest }
  | { kind: 'replace'; body: ReplaceCardRequest };

export const saveCard = (http: HttpClient, save: SaveCard): Promise<CardSavedResponse> =>
  save.kind === 'first'
    ? http.post('/payment/customer', save.body, cardSavedResponseSchema)
    : http.put('/payment/card', save.body, cardSavedResponseSchema);

/** Saving a card changes the card, the onboarding status and the agency list's onboarding icon. */
export function useSaveCard() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (save: SaveCard) => saveCard(http, save),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
        queryClient.invalidateQueries({ queryKey: userListKeys.all }),
      ]),
  });
}

/** `PUT /payment/set-billing-method`: the agency row's manual-bill switch (spec 2 §4). */
export function useSetBillingMethod() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SetBillingMethodRequest) =>
      http.put('/payment/set-billing-method', body, setBillingMethodResponseSchema),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userListKeys.all }),
  });
}

/** `GET /general/payment-failures/{userID}`: what the person's company owes for declined charges. */
export function usePaymentFailures(userId: number, enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: [...cardKeys.all, 'payment-failures', userId],
    queryFn: (): Promise<PaymentFailuresResponse> =>
      http.get(`/general/payment-failures/${userId}`, paymentFailuresResponseSchema),
    enabled,
  });
}

/** `PUT /general/manual-bill-settlement {userID}`: the company's declined invoices charged again now. */
export function useSettlePayment() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: ManualBillSettlementRequest) =>
      http.put('/general/manual-bill-settlement', body, manualBillSettlementResponseSchema),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: userListKeys.all }),
        queryClient.invalidateQueries({ queryKey: cardKeys.all }),
      ]),
  });
}
