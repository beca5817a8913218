import { guardRoute, matchRoute, type PolicyContext } from '@app/policy';
import { type ReactNode, useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useDomainInfo } from '../../api/domain-info';
import { NotFoundPage } from '../../routes/errors/not-found/not-found-page';
import { SessionEventsHost } from '../session/session-events-host';
import { useSessionState } from '../session/use-session-state';
import { CurrentRouteProvider } from './current-route';
import { PageLoader } from './page-loader';

/**
 * Runs the policy for every location before any layout or screen loads: not a route (or not this
 * user's) → 404 page; redirect → go there; allow → render, with the match available to the shell.
 * Visitor-only, public and guarded behaviour all come from `guardRoute` (spec 1 §2.4).
 *
 * While a signed-in user's data or setup check is still loading nothing is decided: deciding on half a
 * context would flash a 404 or the wrong landing page. Right after sign-in this is also what sends the
 * user on: the login page only stores the tokens, and once user and setup check are known the visitor
 * rule redirects to `landingPath(ctx)` (rule 7).
 */
export function RouteGuard() {
  return (
    <>
      <SessionEventsHost />
      <GuardedOutlet />
    </>
  );
}

function GuardedOutlet(): ReactNode {
  const { pathname, search } = useLocation();
  const ssoToken = Boolean(new URLSearchParams(search).get('token')?.trim());
  const session = useSessionState();
  const domain = useDomainInfo();

  const ctx = useMemo<PolicyContext>(
    () => ({
      user: session.user,
      setup: session.setup,
      domain,
      registerFlag: session.registerFlag,
      ssoToken,
      rolePermissions: session.rolePermissions,
    }),
    [session.user, session.setup, session.rolePermissions, session.registerFlag, domain, ssoToken],
  );
  const match = useMemo(() => matchRoute(pathname, ctx.user, domain), [pathname, ctx.user, domain]);
  const decision = useMemo(() => (match ? guardRoute(ctx, match) : null), [ctx, match]);

  if (session.status === 'loading') return <PageLoader label="Loading your account" />;
  if (!match || !decision || decision.action === 'notFound') return <NotFoundPage />;
  if (decision.action === 'redirect') {
    // A redirect to the page itself would loop; it can only come from a rule bug, so show 404 instead.
    if (samePath(decision.to, pathname)) return <NotFoundPage />;
    return <Navigate to={decision.to} replace />;
  }
  return (
    <CurrentRouteProvider value={{ match, ctx }}>
      <Outlet />
    </CurrentRouteProvider>
  );
}

function samePath(a: string, b: string): boolean {
  const clean = (p: string) => p.toLowerCase().replace(/\/+$/, '') || '/';
  return clean(a) === clean(b);
}
