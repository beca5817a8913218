import type { TokenResponse } from '@app/contracts';
import type { HttpClient } from '../../../api/http';
import { confirmRegistration } from '../../../api/registration';

/**
 * A sign-up link works once, but the page can mount more than once for it (React's strict mode, the
 * route guard's loader). Every mount for one token shares one request.
 */
const confirmations = new Map<string, Promise<TokenResponse>>();

/** `POST /register/confirm` for the token of `/confirm-registration/{token}`, at most once per token. */
export function confirmRegistrationOnce(http: HttpClient, token: string): Promise<TokenResponse> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = confirmRegistration(http, token);
    confirmations.set(token, confirmation);
  }
  return confirmation;
}
