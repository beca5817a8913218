import { isStoredUserValid } from '@app/policy';
import { useSyncExternalStore } from 'react';
import { refreshTokens } from '../../api/auth';
import type { HttpClient, UnauthenticatedHandler } from '../../api/http';
import { createSessionEvents } from './session-events';
import { createSessionStore, type SessionSnapshot } from './session-store';
import { browserTabLock, createCrossTabRefresh, createTokenRefresh } from './token-refresh';

/**
 * The browser's session store (localStorage). Other tabs logging in or out change storage; the
 * `storage` event keeps this tab's view in step so guards react without a reload.
 */
export const sessionStore = createSessionStore(window.localStorage, { isStoredUserValid });

window.addEventListener('storage', () => sessionStore.reload());

/** Outcomes of the refresh handler for the UI (SessionEventsHost). */
export const sessionEvents = createSessionEvents();

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}

/** The HTTP client's 401 handler for this browser: one refresh per expiry across calls and tabs. */
export function createBrowserTokenRefresh(http: HttpClient): UnauthenticatedHandler {
  return createTokenRefresh({
    getTokens: () => {
      const { accessToken, refreshToken } = sessionStore.getSnapshot();
      return { accessToken, refreshToken };
    },
    refresh: createCrossTabRefresh({
      lock: browserTabLock('session-token-refresh'),
      readStoredTokens: () => sessionStore.readStoredTokens(),
      callServer: (refreshToken) => refreshTokens(http, refreshToken),
    }),
    saveTokens: (tokens) => sessionStore.setTokens(tokens),
    onMissingTokens: () => {
      sessionStore.clear();
      sessionEvents.emit({ type: 'signed-out' });
    },
    onRefreshFailed: () => sessionEvents.emit({ type: 'session-ended' }),
  });
}
