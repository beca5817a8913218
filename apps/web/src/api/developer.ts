import {
  developerSettingsResponseSchema,
  userApiCreatedResponseSchema,
  userApiResponseSchema,
} from '@app/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { useHttp } from '../app/boot/boot-context';

/** The Developer API's keys and settings (spec 2 §7 "Open API (developer)", decision 0100). */
export const developerKeys = {
  all: ['developer'] as const,
  state: (companyId: number) => [...developerKeys.all, 'state', companyId] as const,
  settings: () => [...developerKeys.all, 'settings'] as const,
};

/** `GET /v1/developer/userapi/{companyID}`: the key (never its secret), the agreement, the fee, recent calls. */
export function useDeveloperState(companyId: number) {
  const http = useHttp();
  return useQuery({
    queryKey: developerKeys.state(companyId),
    queryFn: ({ signal }) =>
      http.request({ path: `/v1/developer/userapi/${companyId}`, signal }, userApiResponseSchema),
  });
}

/** Makes the company's key (`POST /v1/developer/create/userapi`) or rotates it; the answer holds the secret, once. */
export function useMakeApiKey(companyId: number) {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (input: { rotate: boolean; email: string }) =>
      input.rotate
        ? http.post(`/v1/developer/userapi/${companyId}/rotate`, {}, userApiCreatedResponseSchema)
        : http.post(
            '/v1/developer/create/userapi',
            { companyID: companyId, email: input.email },
            userApiCreatedResponseSchema,
          ),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.state(companyId) }),
  });
}

export function useRevokeApiKey(companyId: number) {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: () =>
      http.request(
        { method: 'DELETE', path: `/v1/developer/userapi/${companyId}` },
        z.object({ result: z.literal('success'), message: z.string() }),
      ),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.state(companyId) }),
  });
}

/** The system's one-time developer fee (its staff). */
export function useDeveloperSettings(enabled: boolean) {
  const http = useHttp();
  return useQuery({
    queryKey: developerKeys.settings(),
    queryFn: ({ signal }) =>
      http.request({ path: '/v1/developer/settings', signal }, developerSettingsResponseSchema),
    enabled,
  });
}

export function useSaveDeveloperSettings() {
  const http = useHttp();
  const client = useQueryClient();
  return useMutation({
    mutationFn: (fee: string) =>
      http.put('/v1/developer/settings', { first_time_charge: fee }, developerSettingsResponseSchema),
    onSuccess: () => client.invalidateQueries({ queryKey: developerKeys.all }),
  });
}
