import {
  type DomainInfo,
  type ForgotPasswordRequest,
  type LoginRequest,
  type LoginResponse,
  loginResponseSchema,
  messageResponseSchema,
  type RefreshRequest,
  type ResendCodeRequest,
  type TokenResponse,
  tokenResponseSchema,
  type VerifyLoginRequest,
} from '@app/contracts';
import { useBoot } from '../app/boot/boot-context';
import type { HttpClient } from './http';
import { useApiCall } from './use-api-call';

/**
 * The host's owner, sent with sign-in calls (spec 1 §7.1). Informational: the server takes the system
 * from `domainName`, but the legacy payload carries them and the server may log them.
 */
export type HostScope = Required<Pick<LoginRequest, 'ownedcompanyid' | 'companyrootid'>>;

export function hostScope(domain: DomainInfo): HostScope {
  return { ownedcompanyid: domain.owner_company_id, companyrootid: domain.rootcomp };
}

// Sign-in calls answer 401 for wrong credentials, so none of them may trigger the token refresh.

/** `POST /login` (spec 1 §7.1); `gtoken` is the bot-check answer, empty when the host shows no widget. */
export const login = (http: HttpClient, body: LoginRequest): Promise<LoginResponse> =>
  http.request({ method: 'POST', path: '/login', body, skipRefresh: true }, loginResponseSchema);

/** `POST /verifylogin`: the second step of a two-factor login. */
export const verifyLogin = (http: HttpClient, body: VerifyLoginRequest): Promise<TokenResponse> =>
  http.request({ method: 'POST', path: '/verifylogin', body, skipRefresh: true }, tokenResponseSchema);

/** `POST /resendcode`: mails the code of this login attempt again (e-mail type only). */
export const resendCode = (http: HttpClient, body: ResendCodeRequest): Promise<{ message: string }> =>
  http.request({ method: 'POST', path: '/resendcode', body, skipRefresh: true }, messageResponseSchema);

/** `POST /forgetpass` (spec 1 §7.1): a 401 here is about the account, never an expired session. */
export const forgotPassword = (http: HttpClient, body: ForgotPasswordRequest): Promise<{ message: string }> =>
  http.request({ method: 'POST', path: '/forgetpass', body, skipRefresh: true }, messageResponseSchema);

/** `POST /auth/refresh-token`; rotating, so the answer's refresh token replaces the stored one. */
export const refreshTokens = (http: HttpClient, refreshToken: string): Promise<TokenResponse> => {
  const body: RefreshRequest = { refresh_token: refreshToken };
  return http.request(
    { method: 'POST', path: '/auth/refresh-token', body, skipRefresh: true },
    tokenResponseSchema,
  );
};

/**
 * `POST /logout` with no body: the bearer token names the session. A failure is not the visitor's
 * problem (the session is cleared locally anyway), and a refresh just to log out would be pointless.
 */
export const logout = (http: HttpClient): Promise<unknown> =>
  http.request({ method: 'POST', path: '/logout', skipRefresh: true });

// The sign-in screen's calls: useApiCall, not useMutation, so that screen loads without TanStack Query.

export function useLoginMutation() {
  const { http } = useBoot();
  return useApiCall((body: LoginRequest) => login(http, body));
}

export function useVerifyLoginMutation() {
  const { http } = useBoot();
  return useApiCall((body: VerifyLoginRequest) => verifyLogin(http, body));
}

export function useResendCodeMutation() {
  const { http } = useBoot();
  return useApiCall((body: ResendCodeRequest) => resendCode(http, body));
}

export function useForgotPasswordMutation() {
  const { http } = useBoot();
  return useApiCall((body: ForgotPasswordRequest) => forgotPassword(http, body));
}
