import {
  type PaymentGatewayState,
  paymentGatewayStateSchema,
  type SavePaymentGatewayRequest,
  type SetupIntentResponse,
  savePaymentGatewayResponseSchema,
  setupIntentResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';
import type { HttpClient } from './http';

/**
 * The system's payment gateway (decision 0039): its own Stripe keys in System Settings, and the
 * SetupIntent the Stripe card form confirms.
 */
export const paymentGatewayKeys = { all: ['payment-gateway'] as const };

/** `GET /configuration/payment-gateway`: what the caller's system uses, never its secrets. */
export function usePaymentGateway() {
  const http = useHttp();
  return useQuery({
    queryKey: paymentGatewayKeys.all,
    queryFn: (): Promise<PaymentGatewayState> =>
      http.get('/configuration/payment-gateway', paymentGatewayStateSchema),
  });
}

/** `PUT /configuration/payment-gateway` (a blank secret keeps the stored one), or `DELETE` to remove them. */
export function useSavePaymentGateway() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (change: { kind: 'save'; body: SavePaymentGatewayRequest } | { kind: 'remove' }) =>
      change.kind === 'save'
        ? http.put('/configuration/payment-gateway', change.body, savePaymentGatewayResponseSchema)
        : http.request(
            { method: 'DELETE', path: '/configuration/payment-gateway' },
            savePaymentGatewayResponseSchema,
          ),
    onSuccess: (answer) => queryClient.setQueryData(paymentGatewayKeys.all, answer),
  });
}

/** `POST /payment/setup-intent`: a SetupIntent on the payer's account, for Stripe Elements. */
export const createSetupIntent = (http: HttpClient, usrID: number): Promise<SetupIntentResponse> =>
  http.post('/payment/setup-intent', { usrID }, setupIntentResponseSchema);
