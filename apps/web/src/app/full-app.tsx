import { StrictMode } from 'react';
import type { Root } from 'react-dom/client';
import { AppProviders, createQueryClient } from './app-providers';
import type { BootData } from './boot/boot-context';
import { AppRouter } from './router';
import { prefetchSession } from './session/prefetch-session';
import { sessionStore } from './session/session';

/**
 * The whole app (router, query cache, every route) at the current address. main.tsx loads this chunk
 * at once, except for a visitor opening the sign-in page, who gets it when leaving that page (decision
 * 0025).
 */
export function renderFullApp(root: Root, boot: BootData): void {
  const queryClient = createQueryClient();
  const session = sessionStore.getSnapshot();
  if (session.accessToken) prefetchSession(queryClient, boot.http, session.user?.id ?? null);
  root.render(
    <StrictMode>
      <AppProviders boot={boot} queryClient={queryClient}>
        <AppRouter />
      </AppProviders>
    </StrictMode>,
  );
}
