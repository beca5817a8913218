import { DEFAULT_BRANDING } from '@app/contracts';
import { Center, Loader } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchBotChallenge } from './api/bot-check';
import { AppProviders, BrandedMantineProvider, createQueryClient } from './app/app-providers';
import { bootApp } from './app/boot/boot-app';
import { takeInlineBoot } from './app/boot/inline-boot';
import { applyDocumentBranding } from './app/branding/apply-document-branding';
import { DEFAULT_COMPANY_NAME } from './app/branding/resolve-branding';
import { AppRouter } from './app/router';
import { preloadRouteChunks } from './app/routing/preload-route';
import { prefetchSession } from './app/session/prefetch-session';
import { createBrowserTokenRefresh, sessionStore } from './app/session/session';
import { ErrorPage } from './routes/errors/error-page/error-page';

const container = document.getElementById('root');
if (!container) throw new Error('index.html has no #root element');
const root = createRoot(container);

// Neutral until the host's branding is known, so no other tenant's (or the platform's) look flashes up.
const neutralBranding = { ...DEFAULT_BRANDING, company_name: DEFAULT_COMPANY_NAME };

root.render(
  <StrictMode>
    <BrandedMantineProvider branding={neutralBranding}>
      <Center mih="100dvh">
        <Loader color="gray" aria-label="Loading" />
      </Center>
    </BrandedMantineProvider>
  </StrictMode>,
);

const queryClient = createQueryClient();
const hostname = window.location.hostname;

// The page's code (the shell and the screen; for a visitor on the sign-in page, the form with the
// bot-check widget) starts loading now, beside boot, instead of after the router has decided; the
// bot-check challenge follows as soon as the client exists.
const signedIn = Boolean(sessionStore.getSnapshot().accessToken);
const pathname = window.location.pathname;
const signingIn = !signedIn && (pathname === '/' || /^\/login\/?$/.test(pathname));
preloadRouteChunks(signingIn ? '/login' : pathname, signedIn);

bootApp(queryClient, {
  hostname,
  inline: takeInlineBoot(hostname),
  getAccessToken: () => sessionStore.getSnapshot().accessToken,
  getClientIp: () => sessionStore.getClientIp(),
  unauthenticatedHandler: createBrowserTokenRefresh,
})
  .then((boot) => {
    if (signingIn) prefetchBotChallenge(boot.http, hostname);
    const session = sessionStore.getSnapshot();
    if (session.accessToken) prefetchSession(queryClient, boot.http, session.user?.id ?? null);
    applyDocumentBranding(boot.domainInfo.branding);
    root.render(
      <StrictMode>
        <AppProviders boot={boot} queryClient={queryClient}>
          <AppRouter />
        </AppProviders>
      </StrictMode>,
    );
  })
  .catch((error: unknown) => {
    root.render(
      <StrictMode>
        <BrandedMantineProvider branding={neutralBranding}>
          <ErrorPage error={error} />
        </BrandedMantineProvider>
      </StrictMode>,
    );
  });
