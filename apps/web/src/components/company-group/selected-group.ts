import { useSyncExternalStore } from 'react';
import { sessionStore } from '../../app/session/session';

// The session store keeps the choice (`companyGroupSelected`) but does not announce it; lists that put
// the group into their calls subscribe here so they follow the sidebar at once.
const listeners = new Set<() => void>();

/** Stores the sidebar's choice ('' = View All) and tells every subscribed list. */
export function selectCompanyGroup(groupId: string): void {
  if (sessionStore.getCompanyGroup() === groupId) return;
  sessionStore.setCompanyGroup(groupId);
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  // Another tab's choice arrives as a storage event.
  window.addEventListener('storage', listener);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', listener);
  };
}

/** The selected company group id ('' = View All). */
export function useSelectedCompanyGroup(): string {
  const read = () => sessionStore.getCompanyGroup() ?? '';
  return useSyncExternalStore(subscribe, read, read);
}
