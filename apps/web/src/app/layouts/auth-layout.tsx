import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { sessionStore } from '../session/session';
import { startSession } from '../session/session-lifecycle';
import { type VisitorHost, VisitorHostProvider } from '../visitor/visitor-host';
import { AuthFrame } from './auth-frame';

/** The visitor-only screens in the full app: the router navigates, and a new session forgets the cache. */
export function AuthLayout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const host = useMemo<VisitorHost>(
    () => ({
      navigate: (path) => void navigate(path),
      sessionStarted: (tokens) => startSession(sessionStore, queryClient, tokens),
      // The full app is already here: nothing more to load.
      formUsable: () => undefined,
    }),
    [navigate, queryClient],
  );
  return (
    <VisitorHostProvider value={host}>
      <AuthFrame>
        <Outlet />
      </AuthFrame>
    </VisitorHostProvider>
  );
}
