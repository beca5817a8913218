import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../../api/http';
import { type SsoValidation, validateSso } from '../../../api/sso';
import { endSession, startSession } from '../../../app/session/session-lifecycle';
import type { SessionStore } from '../../../app/session/session-store';

/** Spec 1 §8: the 'Sorry!' dialog of a failed single sign-on. */
export const SSO_FAILED_TITLE = 'Sorry!';
export const SSO_FAILED_MESSAGE =
  'There is currently an update processing on the platform. Please wait five minutes and try again.';

export interface SsoSignInDeps {
  http: HttpClient;
  store: SessionStore;
  queryClient: QueryClient;
}

/**
 * Tokens are single use, but the page can mount more than once for one link (React's strict mode, or
 * the route guard showing its loader while the new session loads and then the page again). Every mount
 * for the same token shares one redemption, which validates and stores the session exactly once.
 */
const redemptions = new Map<string, Promise<SsoValidation>>();

/**
 * `POST /v1/developer/sso/validation` with `subdomain` = the browser's host and `currentUserID` = the
 * user stored in this browser (if any), then the session change of `applySsoAnswer`.
 */
export function signInWithSso(deps: SsoSignInDeps, token: string, subdomain: string): Promise<SsoValidation> {
  let redemption = redemptions.get(token);
  if (!redemption) {
    const currentUserID = deps.store.getSnapshot().user?.id ?? null;
    redemption = validateSso(deps.http, { token, subdomain, currentUserID }).then((answer) => {
      applySsoAnswer(deps.store, deps.queryClient, answer);
      return answer;
    });
    redemptions.set(token, redemption);
  }
  return redemption;
}

/**
 * Spec 1 §4 Single sign-on: with 'replace_user' the old user's data is cleared before the new tokens
 * are stored; either way the session starts as after a login, and the route guard re-fetches the user
 * and sends them on by role.
 */
export function applySsoAnswer(store: SessionStore, queryClient: QueryClient, answer: SsoValidation): void {
  if (answer.action === 'replace_user') endSession(store, queryClient);
  startSession(store, queryClient, answer);
}
