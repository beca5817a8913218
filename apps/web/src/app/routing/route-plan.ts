import type { RouteDef } from '@app/policy';

export type RouteLayout = 'auth' | 'public' | 'shell';

/** One React Router entry derived from the policy route table. */
export interface PlannedRoute {
  /** React Router pattern; the policy's `:name` / `:name?` syntax is React Router's own. */
  path: string;
  /** Policy routes this pattern serves (module pages share one pattern across modules). */
  routeIds: string[];
  /** Which screen module renders it; see screen-modules.ts. */
  screenKey: string;
}

export interface RoutePlan {
  /** Pure aliases (/, /user, /configuration): the guard always redirects, nothing renders. */
  aliases: string[];
  auth: PlannedRoute[];
  public: PlannedRoute[];
  shell: PlannedRoute[];
}

const LAYOUT_OF_ACCESS: Record<RouteDef['access']['kind'], RouteLayout> = {
  visitor: 'auth',
  public: 'public',
  guarded: 'shell',
};

/**
 * Turns the policy's route table into React Router entries grouped by layout. React Router only picks
 * the layout and the screen; which route a path really is (module slugs are per user) and whether it
 * may open is decided by the policy in RouteGuard, so the two can never disagree about access.
 */
export function planRoutes(routes: readonly RouteDef[]): RoutePlan {
  const plan: RoutePlan = { aliases: [], auth: [], public: [], shell: [] };
  const byPath = new Map<string, PlannedRoute>();
  for (const route of routes) {
    if (route.redirect) {
      if (route.path !== '/') plan.aliases.push(route.path);
      continue;
    }
    const screenKey = route.module ? `module.${route.module.page}` : route.id;
    const existing = byPath.get(route.path.toLowerCase());
    if (existing) {
      existing.routeIds.push(route.id);
      continue;
    }
    const planned: PlannedRoute = { path: route.path, routeIds: [route.id], screenKey };
    byPath.set(route.path.toLowerCase(), planned);
    plan[LAYOUT_OF_ACCESS[route.access.kind]].push(planned);
  }
  return plan;
}
