import type { PolicyContext, RouteMatch } from '@app/policy';
import { breadcrumbs } from '@app/policy';
import { createContext, type ReactNode, useContext } from 'react';

/** The policy's view of the page being shown: which route it is and the context it was allowed in. */
export interface CurrentRoute {
  match: RouteMatch;
  ctx: PolicyContext;
}

const CurrentRouteContext = createContext<CurrentRoute | null>(null);

export function CurrentRouteProvider({ value, children }: { value: CurrentRoute; children: ReactNode }) {
  return <CurrentRouteContext.Provider value={value}>{children}</CurrentRouteContext.Provider>;
}

export function useCurrentRoute(): CurrentRoute | null {
  return useContext(CurrentRouteContext);
}

/** Breadcrumbs of spec 1 §2.5: names of the matched routes, as the policy composes them. */
export function useBreadcrumbs() {
  const current = useCurrentRoute();
  return current ? breadcrumbs(current.match, current.ctx.user) : [];
}
