import {
  type ChangePasswordRequest,
  messageResponseSchema,
  type ResetPasswordRequest,
  type VerifyResetTokenRequest,
  verifyResetTokenResponseSchema,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';
import type { HttpClient } from './http';

export const passwordKeys = {
  all: ['password'] as const,
  resetLink: (token: string, email: string) => [...passwordKeys.all, 'reset-link', token, email] as const,
};

/*
 * Visitor call (`POST /reset-password` with the new password for the link's token and e-mail; the
 * forgot-password call is in auth.ts with the sign-in screen's): a 401 here is about the link or the
 * account, never an expired session.
 */
export const resetPassword = (http: HttpClient, body: ResetPasswordRequest) =>
  http.request({ method: 'POST', path: '/reset-password', body, skipRefresh: true }, messageResponseSchema);

/**
 * Spec 1 §5: the link is checked before the page opens. A POST read as a query: it changes nothing,
 * and the page only needs its answer once (no retries: an invalid link stays invalid).
 */
export const resetLinkQuery = (http: HttpClient, token: string, email: string) =>
  queryOptions({
    queryKey: passwordKeys.resetLink(token, email),
    queryFn: () => {
      const body: VerifyResetTokenRequest = { token, email };
      return http.request(
        { method: 'POST', path: '/verify-reset-token', body, skipRefresh: true },
        verifyResetTokenResponseSchema,
      );
    },
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** `POST /user/resetpassword`: the signed-in user changes their own password. */
export const changePassword = (http: HttpClient, body: ChangePasswordRequest) =>
  http.post('/user/resetpassword', body, messageResponseSchema);

export function useResetLink(token: string, email: string, enabled: boolean) {
  const { http } = useBoot();
  return useQuery({ ...resetLinkQuery(http, token, email), enabled });
}

export function useResetPasswordMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: [...passwordKeys.all, 'reset'],
    mutationFn: (body: ResetPasswordRequest) => resetPassword(http, body),
  });
}

export function useChangePasswordMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: [...passwordKeys.all, 'change'],
    mutationFn: (body: ChangePasswordRequest) => changePassword(http, body),
  });
}
