import type { Branding } from '@app/contracts';
import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { brandVar } from '../branding/brand-theme';

/**
 * The root element of every layout. It paints the tenant's template colour and exposes the applied
 * sidebar and template colours as data attributes, which end-to-end tests read to check branding.
 */
export function BrandRoot({ branding, children }: { branding: Branding; children: ReactNode }) {
  return (
    <Box
      data-testid="app-root"
      data-sidebar-color={branding.sidebar_bgcolor}
      data-template-color={branding.template_bgcolor}
      mih="100dvh"
      style={{ background: brandVar('templateBg'), color: brandVar('textColor') }}
    >
      {children}
    </Box>
  );
}
