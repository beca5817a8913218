import { DEFAULT_BRANDING } from '@app/contracts';
import { Center, Loader } from '@mantine/core';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { AppProviders, BrandedMantineProvider, createQueryClient } from './app/app-providers';
import { bootApp } from './app/boot/boot-app';
import { applyDocumentBranding } from './app/branding/apply-document-branding';
import { DEFAULT_COMPANY_NAME } from './app/branding/resolve-branding';
import { AppRouter } from './app/router';
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

bootApp(queryClient, {
  hostname: window.location.hostname,
  getAccessToken: () => sessionStore.getSnapshot().accessToken,
  getClientIp: () => sessionStore.getClientIp(),
  unauthenticatedHandler: createBrowserTokenRefresh,
})
  .then((boot) => {
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
