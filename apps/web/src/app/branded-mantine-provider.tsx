import '@mantine/core/styles.css';
import '@mantine/notifications/styles.css';

import type { Branding } from '@app/contracts';
import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { type ReactNode, useMemo } from 'react';
import { pageCspNonce } from './boot/csp-nonce';
import { buildBrandCssVariables, buildBrandTheme } from './branding/brand-theme';
import { BrandRoot } from './layouts/brand-root';
import { STORAGE_KEYS } from './session/session-store';

/** Spec 1 §3.2: the light/dark choice is kept locally and survives reloads and logouts. */
export const colorSchemeManager = localStorageColorSchemeManager({ key: STORAGE_KEYS.theme });

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
      getStyleNonce={pageCspNonce}
    >
      <BrandRoot branding={branding}>{children}</BrandRoot>
    </MantineProvider>
  );
}
