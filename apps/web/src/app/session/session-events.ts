/**
 * What the HTTP client's refresh handler tells the UI. The handler lives outside React (it is built at
 * boot, before the router exists), so it announces outcomes here and SessionEventsHost, inside the
 * router, shows the dialog and navigates.
 */
export type SessionEvent =
  /** The refresh was refused: 'Session Ended' dialog, then storage cleared and /login. */
  | { type: 'session-ended' }
  /** A 401 with no refresh token: storage is already cleared; go to /login unless there. */
  | { type: 'signed-out' };

export interface SessionEvents {
  emit(event: SessionEvent): void;
  /** Events emitted while nobody listened (the router not mounted yet) are delivered on subscribe. */
  subscribe(listener: (event: SessionEvent) => void): () => void;
}

export function createSessionEvents(): SessionEvents {
  const listeners = new Set<(event: SessionEvent) => void>();
  let undelivered: SessionEvent[] = [];
  return {
    emit(event) {
      if (listeners.size === 0) {
        undelivered.push(event);
        return;
      }
      for (const listener of listeners) listener(event);
    },
    subscribe(listener) {
      listeners.add(listener);
      const backlog = undelivered;
      undelivered = [];
      for (const event of backlog) listener(event);
      return () => listeners.delete(listener);
    },
  };
}
