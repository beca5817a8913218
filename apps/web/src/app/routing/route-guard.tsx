import { guardRoute, matchRoute, type PolicyContext } from '@app/policy';
import { useMemo } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { useDomainInfo } from '../../api/domain-info';
import { NotFoundPage } from '../../routes/errors/not-found/not-found-page';
import { useSession } from '../session/session';
import { CurrentRouteProvider } from './current-route';

/**
 * Runs the policy for every location before any layout or screen loads: not a route (or not this
 * user's) → 404 page; redirect → go there; allow → render, with the match available to the shell.
 * Visitor-only, public and guarded behaviour all come from `guardRoute` (spec 1 §2.4).
 */
export function RouteGuard() {
  const { pathname } = useLocation();
  const session = useSession();
  const domain = useDomainInfo();

  const ctx = useMemo<PolicyContext>(
    // The setup check joins the session with the next issue; null means "not known yet".
    () => ({ user: session.user, setup: null, domain, registerFlag: session.registerFlag }),
    [session.user, session.registerFlag, domain],
  );
  const match = useMemo(() => matchRoute(pathname, ctx.user, domain), [pathname, ctx.user, domain]);
  const decision = useMemo(() => (match ? guardRoute(ctx, match) : null), [ctx, match]);

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
