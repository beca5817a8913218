import { stateListResponseSchema } from '@app/contracts';
import { useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

/** `GET /general/state` (spec 1 §7.4): the US states (and DC) with their two-letter codes. */
export function useStates() {
  const http = useHttp();
  return useQuery({
    queryKey: ['reference', 'states'] as const,
    queryFn: ({ signal }) => http.request({ path: '/general/state', signal }, stateListResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}
