import type { SessionUser } from '@app/contracts';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { type SessionPermissions, useSessionPermissions } from '../../api/roles';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';

export const CLIENT_TEXT = 'Banners are built by your agency: ask them for the ads of your campaigns.';
export const NO_ADS_DESIGN_TEXT =
  'Your role does not include Ads Design. Ask your account owner to switch it on for your role.';

export interface BannerScreen {
  user: SessionUser;
  may: SessionPermissions['may'];
}

/**
 * What both banner screens need first: the signed-in person and their role's switches. The server
 * refuses clients and roles without Ads Design whatever the screen shows; this says so plainly
 * instead of showing controls that would only fail.
 */
export function BannerFrame({
  label,
  children,
}: {
  label: string;
  children: (screen: BannerScreen) => ReactNode;
}) {
  const current = useCurrentRoute();
  const { ready, may } = useSessionPermissions();
  const user = current?.ctx.user ?? null;
  if (!user || !ready) return <PageLoader label={label} />;
  if (user.user_type === 'client')
    return (
      <Alert color="yellow" role="status" data-testid="banner-unavailable">
        {CLIENT_TEXT}
      </Alert>
    );
  if (!may('banners.read'))
    return (
      <Alert color="yellow" role="status" data-testid="banner-unavailable">
        {NO_ADS_DESIGN_TEXT}
      </Alert>
    );
  return <>{children({ user, may })}</>;
}
