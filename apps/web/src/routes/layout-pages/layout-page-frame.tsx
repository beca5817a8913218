import type { SessionUser } from '@app/contracts';
import type { PolicyContext } from '@app/policy';
import { Alert } from '@mantine/core';
import type { ReactNode } from 'react';
import { useCurrentRoute } from '../../app/routing/current-route';
import { PageLoader } from '../../app/routing/page-loader';
import { type SimplifiScreen, useSimplifiScreen } from '../simplifi/use-simplifi-screen';

/**
 * The campaign layout pages (spec 1 §2.3 lists /dashboard, /campaign, /campaign-setup, /audience and
 * /client without their contents; issue 24 makes them the ad platform's): each reads the viewer's
 * Simplifi standing first, and says plainly why there is nothing to show when the module is not theirs.
 */
export function LayoutPageFrame({
  label,
  children,
}: {
  label: string;
  children: (screen: SimplifiScreen) => ReactNode;
}) {
  const current = useCurrentRoute();
  const user = current?.ctx.user ?? null;
  if (!current || !user) return <PageLoader label={label} />;
  return (
    <WithScreen ctx={current.ctx} user={user}>
      {children}
    </WithScreen>
  );
}

function WithScreen({
  user,
  ctx,
  children,
}: {
  user: SessionUser;
  ctx: PolicyContext;
  children: (screen: SimplifiScreen) => ReactNode;
}) {
  const screen = useSimplifiScreen(user, ctx);
  if (screen.unavailable)
    return (
      <Alert color="yellow" role="status" data-testid="simplifi-unavailable">
        {screen.unavailable}
      </Alert>
    );
  return <>{children(screen)}</>;
}
