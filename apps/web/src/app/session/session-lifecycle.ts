import type { QueryClient } from '@tanstack/react-query';
import { appConfigKeys } from '../../api/app-config';
import { domainInfoKeys } from '../../api/domain-info';
import type { SessionStore, SessionTokens } from './session-store';

/** Boot data belongs to the host, not to the person signed in, so it survives a session change. */
const HOST_QUERY_ROOTS: readonly unknown[] = [appConfigKeys.all[0], domainInfoKeys.all[0]];

/** Drops every cached answer that belongs to a user, so the next person never sees the previous one's. */
export function forgetUserData(queryClient: QueryClient): void {
  queryClient.removeQueries({ predicate: (query) => !HOST_QUERY_ROOTS.includes(query.queryKey[0]) });
}

/**
 * After a login or a verified code: whatever an earlier session left is cleared first, then the tokens
 * are stored. The route guard then loads the user and setup check and sends the user on by role
 * (spec 1 §2.4 rule 7). No query client on the sign-in page drawn before the full app (decision
 * 0025): no cache exists there yet, so there is nothing to forget.
 */
export function startSession(
  store: SessionStore,
  queryClient: QueryClient | null,
  tokens: SessionTokens,
): void {
  store.clear();
  if (queryClient) forgetUserData(queryClient);
  store.setTokens({
    access_token: tokens.access_token,
    refresh_token: tokens.refresh_token,
    expires_in: tokens.expires_in,
  });
}

/** Logout and every forced logout: tokens, user data, original user data, role and client IP go. */
export function endSession(store: SessionStore, queryClient: QueryClient): void {
  store.clear();
  forgetUserData(queryClient);
}
