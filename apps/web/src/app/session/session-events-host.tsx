import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionEvents, sessionStore } from './session';
import { endSession, forgetUserData } from './session-lifecycle';

/** Mantine's Modal (scroll area, floating UI) is only loaded when a session has ended. */
const SessionEndedDialog = lazy(() => import('./session-ended-dialog'));

/**
 * Turns the refresh handler's outcomes into UI (spec 1 §4, §8): a refused refresh shows 'Session Ended'
 * and only OK clears storage and opens /login; a 401 without a refresh token (storage already cleared)
 * goes to /login unless the visitor is there. Lives in the route guard, so it can navigate.
 */
export function SessionEventsHost() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [ended, setEnded] = useState(false);

  useEffect(
    () =>
      sessionEvents.subscribe((event) => {
        if (event.type === 'session-ended') {
          setEnded(true);
          return;
        }
        forgetUserData(queryClient);
        if (pathnameRef.current !== '/login') navigate('/login', { replace: true });
      }),
    [navigate, queryClient],
  );

  function acknowledge() {
    setEnded(false);
    endSession(sessionStore, queryClient);
    navigate('/login', { replace: true });
  }

  if (!ended) return null;
  return (
    <Suspense fallback={null}>
      <SessionEndedDialog onAcknowledge={acknowledge} />
    </Suspense>
  );
}
