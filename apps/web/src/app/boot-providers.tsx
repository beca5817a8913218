import { type ReactNode, useEffect, useMemo } from 'react';
import { type BootData, BootProvider } from './boot/boot-context';
import { BrandedMantineProvider } from './branded-mantine-provider';
import { loadBrandFont } from './branding/fonts/font-files';
import { shownBranding } from './branding/view-mode-branding';
import { useSession } from './session/session';

/** What every root gives its screens once boot is done: the boot data and the shown branding's look. */
export function BootProviders({ boot, children }: { boot: BootData; children: ReactNode }) {
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
    <BootProvider value={boot}>
      <BrandedMantineProvider branding={branding}>{children}</BrandedMantineProvider>
    </BootProvider>
  );
}
