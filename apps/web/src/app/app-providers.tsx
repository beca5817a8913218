import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import type { Branding } from '@app/contracts';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useMemo } from 'react';
import { type BootData, BootProvider } from './boot/boot-context';
import { buildBrandCssVariables, buildBrandTheme } from './branding/brand-theme';
import { loadBrandFont } from './branding/fonts/font-files';
import { shownBranding } from './branding/view-mode-branding';
import { BrandRoot } from './layouts/brand-root';
import { useSession } from './session/session';
import { STORAGE_KEYS } from './session/session-store';

/** Spec 1 §3.2: the light/dark choice is kept locally and survives reloads and logouts. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { refetchOnWindowFocus: false, retry: 1 },
    },
  });
}

/** Mantine with the tenant's theme; used for the app and, with default branding, for boot failures. */
export function BrandedMantineProvider({ branding, children }: { branding: Branding; children: ReactNode }) {
  const theme = useMemo(() => buildBrandTheme(branding), [branding]);
  const cssVariablesResolver = useMemo(() => buildBrandCssVariables(branding), [branding]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      colorSchemeManager={colorSchemeManager}
      defaultColorScheme="light"
    >
      <BrandRoot branding={branding}>{children}</BrandRoot>
    </MantineProvider>
  );
}

export function AppProviders({
  boot,
  queryClient,
  children,
}: {
  boot: BootData;
  queryClient: QueryClient;
  children: ReactNode;
}) {
  const { user } = useSession();
  const branding = useMemo(
    () => shownBranding(boot.domainInfo.branding, user),
    [boot.domainInfo.branding, user],
  );
  // The theme names the shown branding's font first in its stack; this ships it. Only here, not for the
  // neutral look before boot, so a page never downloads a font its tenant did not choose.
  const fontTheme = branding.font_theme;
  useEffect(() => void loadBrandFont(fontTheme), [fontTheme]);
  return (
    <QueryClientProvider client={queryClient}>
      <BootProvider value={boot}>
        <BrandedMantineProvider branding={branding}>{children}</BrandedMantineProvider>
      </BootProvider>
    </QueryClientProvider>
  );
}
