import { type CardPayment, cardPaymentListResponseSchema } from '@app/contracts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export type { CardPayment };

/**
 * Card payments (decision 0091): every charge made to a company's card, whole, 10 a page, newest
 * first. Whoever reads the company's billing reads them; the server answers 404 to anyone else.
 */
export const cardPaymentKeys = {
  all: ['card-payments'] as const,
  list: (companyId: number, page: number) => [...cardPaymentKeys.all, companyId, page] as const,
};

export const cardPaymentListPath = (companyId: number) => `/billing/card-payments/company/${companyId}`;

/** `GET /billing/card-payments/company/{companyID}?page=`: one page of the company's card payments. */
export function useCardPayments(companyId: number, page: number) {
  const http = useHttp();
  return useQuery({
    queryKey: cardPaymentKeys.list(companyId, page),
    queryFn: ({ signal }) =>
      http.request(
        { path: cardPaymentListPath(companyId), query: { page }, signal },
        cardPaymentListResponseSchema,
      ),
    placeholderData: keepPreviousData,
  });
}
