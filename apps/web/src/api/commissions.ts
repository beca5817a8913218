import {
  type CommissionPersonResponse,
  type CommissionRateRequest,
  type CommissionRateResponse,
  type CommissionsResponse,
  commissionPersonResponseSchema,
  commissionRateResponseSchema,
  commissionsResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export type { CommissionPersonResponse, CommissionRateResponse, CommissionsResponse };

/** Sales commissions (decision 0089): the system's rate and its sales people's commissions. */
export const commissionKeys = {
  all: ['commissions'] as const,
  rate: ['commissions', 'rate'] as const,
  overview: ['commissions', 'overview'] as const,
  person: (userId: number) => ['commissions', 'person', userId] as const,
};

/** `GET /configuration/commissions/rate`: the rate now and its latest changes (the system's owners). */
export function useCommissionRate(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: commissionKeys.rate,
    queryFn: () => http.get('/configuration/commissions/rate', commissionRateResponseSchema),
    enabled,
  });
}

/** `PUT /configuration/commissions/rate`: a new rate for money collected from now on. */
export function useSetCommissionRate() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: CommissionRateRequest) =>
      http.put('/configuration/commissions/rate', body, commissionRateResponseSchema),
    onSuccess: async (data) => {
      queryClient.setQueryData(commissionKeys.rate, data);
      await queryClient.invalidateQueries({ queryKey: commissionKeys.all });
    },
  });
}

/** `GET /configuration/commissions`: every sales person of the system (owners), or oneself (sales). */
export function useCommissions() {
  const http = useHttp();
  return useQuery({
    queryKey: commissionKeys.overview,
    queryFn: () => http.get('/configuration/commissions', commissionsResponseSchema),
  });
}

/** `GET /configuration/commissions/user/{usrID}`: one sales person's totals and months. */
export function useCommissionPerson(userId: number | null) {
  const http = useHttp();
  return useQuery({
    queryKey: commissionKeys.person(userId ?? 0),
    queryFn: () => http.get(`/configuration/commissions/user/${userId}`, commissionPersonResponseSchema),
    enabled: userId !== null,
  });
}
