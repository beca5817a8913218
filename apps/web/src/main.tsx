// First: schemas made by the imports below must see Zod's jitless setting.
import './app/boot/zod-without-eval';

import { DEFAULT_BRANDING } from '@app/contracts';
import { Center, Loader } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { prefetchBotChallenge } from './api/bot-check';
import { bootApp } from './app/boot/boot-app';
import type { BootData } from './app/boot/boot-context';
import { shareCspNonce } from './app/boot/csp-nonce';
import { takeInlineBoot } from './app/boot/inline-boot';
import { BrandedMantineProvider } from './app/branded-mantine-provider';
import { applyDocumentBranding } from './app/branding/apply-document-branding';
import { DEFAULT_COMPANY_NAME } from './app/branding/resolve-branding';
import { createBrowserTokenRefresh, sessionStore } from './app/session/session';
import { ErrorPage } from './routes/errors/error-page/error-page';

shareCspNonce();
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

function showError(error: unknown): void {
  root.render(
    <StrictMode>
      <BrandedMantineProvider branding={neutralBranding}>
        <ErrorPage error={error} />
      </BrandedMantineProvider>
    </StrictMode>,
  );
}

// The full app (router, query cache, every route) is one lazy chunk: loaded once, whoever asks first.
let fullApp: ReturnType<typeof loadFullApp> | null = null;
function loadFullApp() {
  return import('./app/full-app');
}
const fullAppModule = () => {
  fullApp ??= loadFullApp();
  return fullApp;
};

/** requestIdleCallback where the browser has it (Safari does not), else the next task. */
const whenIdle = (task: () => void): void => {
  if ('requestIdleCallback' in window) window.requestIdleCallback(task, { timeout: 2000 });
  else setTimeout(task, 0);
};

const hostname = window.location.hostname;

// A visitor opening the sign-in page gets it without the router and the query cache (decision 0025):
// its code starts loading now, beside boot, and the challenge follows as soon as the client exists.
// Everyone else gets the full app, which also starts loading now, with the page's shell and screen
// chunks beside it instead of after the router has decided.
const signedIn = Boolean(sessionStore.getSnapshot().accessToken);
const pathname = window.location.pathname;
const signingIn = !signedIn && (pathname === '/' || /^\/login\/?$/.test(pathname));
const visitorApp = signingIn ? import('./app/visitor/visitor-app') : null;
if (!signingIn) {
  void fullAppModule().catch(() => undefined);
  // Its route matching needs React Router, which the sign-in page must not load: hence a chunk.
  void import('./app/routing/preload-route')
    .then(({ preloadRouteChunks }) => preloadRouteChunks(pathname, signedIn))
    .catch(() => undefined);
}

async function renderFullApp(boot: BootData): Promise<void> {
  (await fullAppModule()).renderFullApp(root, boot);
}

bootApp({
  hostname,
  inline: takeInlineBoot(hostname),
  getAccessToken: () => sessionStore.getSnapshot().accessToken,
  getClientIp: () => sessionStore.getClientIp(),
  unauthenticatedHandler: createBrowserTokenRefresh,
})
  .then(async (boot) => {
    applyDocumentBranding(boot.domainInfo.branding);
    if (!visitorApp) return renderFullApp(boot);
    prefetchBotChallenge(boot.http, hostname);
    // What the route guard does for a visitor on '/' (its policy redirect to /login), done here.
    if (window.location.pathname === '/') window.history.replaceState(null, '', '/login');
    (await visitorApp).renderVisitorApp(root, boot, {
      leave: (path) => {
        if (path !== null) window.history.pushState(null, '', path);
        renderFullApp(boot).catch(showError);
      },
      // Once the form is usable and the browser is idle, so it never competes with the form's own load.
      prefetch: () => whenIdle(() => void fullAppModule().catch(() => undefined)),
    });
  })
  .catch(showError);
