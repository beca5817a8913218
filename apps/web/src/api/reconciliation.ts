import { type ReconciliationResponse, reconciliationResponseSchema } from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export type { ReconciliationResponse };

const reconciliationKey = ['reconciliation'] as const;

/** `GET /configuration/reconciliation`: the latest run of the caller's system (its owners only). */
export function useReconciliation() {
  const http = useHttp();
  return useQuery({
    queryKey: reconciliationKey,
    queryFn: () => http.get('/configuration/reconciliation', reconciliationResponseSchema),
  });
}

/** `POST /configuration/reconciliation/run`: reconciles the system now and answers the new run. */
export function useRunReconciliation() {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: () => http.post('/configuration/reconciliation/run', {}, reconciliationResponseSchema),
    onSuccess: (data) => queryClient.setQueryData(reconciliationKey, data),
  });
}
