import { type SsoValidationRequest, ssoValidationResponseSchema } from '@app/contracts';
import type { HttpClient } from './http';

export interface SsoValidation {
  access_token: string;
  refresh_token: string;
  expires_in: number;
  action: 'login' | 'replace_user';
}

/**
 * `POST /v1/developer/sso/validation` (spec 1 §4 Single sign-on, §7.1) redeems the token of the
 * `/sso?token=` link, valid only on the host it was made for (`subdomain`). A 401 means the token is not valid (used, expired, other host), not that a stored
 * session expired, so it must not trigger the token refresh.
 */
export const validateSso = (http: HttpClient, body: SsoValidationRequest): Promise<SsoValidation> =>
  http.request(
    { method: 'POST', path: '/v1/developer/sso/validation', body, skipRefresh: true },
    ssoValidationResponseSchema,
  );
