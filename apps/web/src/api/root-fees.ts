import { type RootFeesResponse, rootFeeAccountLinkSchema, rootFeesResponseSchema } from '@app/contracts';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useHttp } from '../app/boot/boot-context';

export type { RootFeesResponse };

/** `GET /configuration/root-fees`: the caller's system's statements, or every paying system's for the master. */
export function useRootFees() {
  const http = useHttp();
  return useQuery({
    queryKey: ['root-fees'] as const,
    queryFn: () => http.get('/configuration/root-fees', rootFeesResponseSchema),
  });
}

/**
 * `POST /configuration/root-fees/receiving-account-link`: the onboarding link of the master's account
 * that receives a paying system's root fees (the master's owners only).
 */
export function useReceivingAccountLink() {
  const http = useHttp();
  return useMutation({
    mutationFn: (systemId: number) =>
      http.post(
        '/configuration/root-fees/receiving-account-link',
        { system_id: systemId },
        rootFeeAccountLinkSchema,
      ),
  });
}
