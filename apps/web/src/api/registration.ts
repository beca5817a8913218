import {
  loginResponseSchema,
  type RegisterConfirmRequest,
  type RegisterRequest,
  type RegisterResponse,
  referralCheckResponseSchema,
  referralCreateResponseSchema,
  registerResponseSchema,
  type TokenResponse,
} from '@app/contracts';
import { queryOptions, useMutation, useQuery } from '@tanstack/react-query';
import { useBoot } from '../app/boot/boot-context';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE, type HttpClient } from './http';

export interface ReferralCheck {
  valid: boolean;
  name: string;
}

export const registrationKeys = {
  all: ['registration'] as const,
  referral: (refcode: string, hostname: string) =>
    [...registrationKeys.all, 'referral', refcode, hostname] as const,
  ownReferralLink: (userID: number) => [...registrationKeys.all, 'own-referral-link', userID] as const,
};

/**
 * `POST /general/referralink/create {userID}`: the sales person's own referral link (its code is made
 * from their id, so asking again answers the same link; nothing is stored).
 */
export function useOwnReferralLink(userID: number) {
  const { http } = useBoot();
  return useQuery({
    queryKey: registrationKeys.ownReferralLink(userID),
    queryFn: () => http.post('/general/referralink/create', { userID }, referralCreateResponseSchema),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/**
 * `POST /register` (spec 1 §7.1): agencies (`userdownline`) sign up on the platform's host, clients
 * only on their agency's host (domain info `agencyplatformroot`). The server answers the same for every accepted form (decision 0019): the
 * e-mail it sent finishes the sign-up. Nobody is signed in yet, so a 401 is about this call and must
 * not trigger the token refresh.
 */
export function register(http: HttpClient, body: RegisterRequest): Promise<RegisterResponse> {
  return http.request({ method: 'POST', path: '/register', body, skipRefresh: true }, registerResponseSchema);
}

/**
 * `POST /register/confirm` with the token of the e-mailed link `/confirm-registration/{token}`: creates
 * the account and answers its tokens (profile setup pending).
 */
export async function confirmRegistration(http: HttpClient, token: string): Promise<TokenResponse> {
  const body: RegisterConfirmRequest = { token };
  const answer = await http.request(
    { method: 'POST', path: '/register/confirm', body, skipRefresh: true },
    loginResponseSchema,
  );
  if (answer.result !== 'success')
    throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
  return answer;
}

/** `GET /general/referralink/check/{refcode}?host=`: whether the code is valid here, and whose it is. */
export const referralCheckQuery = (http: HttpClient, refcode: string, hostname: string) =>
  queryOptions({
    queryKey: registrationKeys.referral(refcode, hostname),
    queryFn: ({ signal }): Promise<ReferralCheck> =>
      http.request(
        {
          path: `/general/referralink/check/${encodeURIComponent(refcode)}`,
          query: { host: hostname },
          signal,
          skipRefresh: true,
        },
        referralCheckResponseSchema,
      ),
    staleTime: Number.POSITIVE_INFINITY,
    retry: 1,
  });

export function useRegisterMutation() {
  const { http } = useBoot();
  return useMutation({
    mutationKey: [...registrationKeys.all, 'register'],
    mutationFn: (body: RegisterRequest) => register(http, body),
  });
}
