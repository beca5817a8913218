import type { HttpClient } from '../../../api/http';
import { confirmEmail } from '../../../api/profile';

/**
 * A confirmation link works once, but the page can mount more than once for it (React's strict mode,
 * the route guard's loader). Every mount for one token shares one request.
 */
const confirmations = new Map<string, Promise<{ message: string }>>();

/** `POST /confirm-email` for the token of `/confirm-email/{token}`, at most once per token. */
export function confirmEmailOnce(http: HttpClient, token: string): Promise<{ message: string }> {
  let confirmation = confirmations.get(token);
  if (!confirmation) {
    confirmation = confirmEmail(http, { token });
    confirmations.set(token, confirmation);
  }
  return confirmation;
}
