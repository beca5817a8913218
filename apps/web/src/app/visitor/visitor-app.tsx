import { StrictMode, useMemo } from 'react';
import type { Root } from 'react-dom/client';
import LoginPage from '../../routes/visitor/login/login-page';
import type { BootData } from '../boot/boot-context';
import { BootProviders } from '../boot-providers';
import { AuthFrame } from '../layouts/auth-frame';
import { sessionStore } from '../session/session';
import { startSession } from '../session/session-lifecycle';
import { type VisitorHost, VisitorHostProvider } from './visitor-host';

export interface VisitorExits {
  /** Load the full app and render it at the current address (after `path` was pushed, if given). */
  leave(path: string | null): void;
  /** Start loading the full app without rendering it, so leaving is instant. */
  prefetch(): void;
}

/**
 * A visitor without a session opening `/` or `/login`: the sign-in page in its frame, without React
 * Router and TanStack Query (decision 0025). Every way off the form — a link, a started session (here
 * or in another tab) — renders the full app instead, which then decides as it does on any boot.
 */
export function renderVisitorApp(root: Root, boot: BootData, exits: VisitorExits): void {
  let left = false;
  const leave = (path: string | null) => {
    if (left) return;
    left = true;
    unsubscribe();
    exits.leave(path);
  };
  const unsubscribe = sessionStore.subscribe(() => {
    if (sessionStore.getSnapshot().accessToken) leave(null);
  });
  root.render(
    <StrictMode>
      <VisitorApp boot={boot} exits={{ leave, prefetch: exits.prefetch }} />
    </StrictMode>,
  );
}

function VisitorApp({ boot, exits }: { boot: BootData; exits: VisitorExits }) {
  const host = useMemo<VisitorHost>(
    () => ({
      navigate: (path) => exits.leave(path),
      // No query cache exists yet; storing the tokens is what makes renderVisitorApp leave.
      sessionStarted: (tokens) => startSession(sessionStore, null, tokens),
      formUsable: exits.prefetch,
    }),
    [exits],
  );
  return (
    <BootProviders boot={boot}>
      <VisitorHostProvider value={host}>
        <AuthFrame>
          <LoginPage />
        </AuthFrame>
      </VisitorHostProvider>
    </BootProviders>
  );
}
