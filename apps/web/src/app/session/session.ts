import { isStoredUserValid } from '@app/policy';
import { useSyncExternalStore } from 'react';
import { createSessionStore, type SessionSnapshot } from './session-store';

/**
 * The browser's session store (localStorage). Other tabs logging in or out change storage; the
 * `storage` event keeps this tab's view in step so guards react without a reload.
 */
export const sessionStore = createSessionStore(window.localStorage, { isStoredUserValid });

window.addEventListener('storage', () => sessionStore.reload());

export function useSession(): SessionSnapshot {
  return useSyncExternalStore(sessionStore.subscribe, sessionStore.getSnapshot);
}
