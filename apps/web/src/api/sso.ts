import { ssoValidationResponseSchema } from '@app/contracts';
import type { HttpClient } from './http';

/** `POST /v1/developer/sso/validation` (spec 1 §4 Single sign-on, §7.1). */
export interface SsoValidationRequest {
  /** The single-use token of the `/sso?token=` link. */
  token: string;
  /** The host the browser is on (`location.hostname`); the token is valid only there. */
  subdomain: string;
  /** The user already signed in in this browser, if any: another user makes the answer 'replace_user'. */
  currentUserID?: number | null;
}

export interface SsoValidation {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  action: 'login' | 'replace_user';
}

/**
 * Redeems the token. A 401 means the token is not valid (used, expired, other host), not that a stored
 * session expired, so it must not trigger the token refresh.
 */
export const validateSso = (http: HttpClient, body: SsoValidationRequest): Promise<SsoValidation> =>
  http.request(
    { method: 'POST', path: '/v1/developer/sso/validation', body, skipRefresh: true },
    ssoValidationResponseSchema,
  );
