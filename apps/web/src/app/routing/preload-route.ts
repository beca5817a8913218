import { ROUTES } from '@app/policy';
import { matchRoutes } from 'react-router';
import { planRoutes } from './route-plan';
import { screenLoader } from './screen-modules';

/** The signed-in shell's chunk (the router's lazy shell route loads it the same way). */
export const loadSignedInShell = () => import('./signed-in-shell');

/**
 * Starts the chunks a page load will need (the shell for a signed-in screen, and the screen itself) at
 * boot, beside the boot request, instead of when the router renders: the router's own lazy calls then
 * find the modules loaded or in flight. Shell screens only for a signed-in user and sign-in pages only
 * for a visitor, so nobody downloads code the guard is about to redirect away from. A failure is left
 * to the router, which loads again and shows its error page.
 */
export function preloadRouteChunks(pathname: string, signedIn: boolean): void {
  const plan = planRoutes(ROUTES);
  const candidates = [
    ...(signedIn ? plan.shell : plan.auth).map((planned) => ({ planned, shell: signedIn })),
    ...plan.public.map((planned) => ({ planned, shell: false })),
  ];
  const [match] =
    matchRoutes(
      candidates.map((candidate) => ({ path: candidate.planned.path, candidate })),
      pathname,
    ) ?? [];
  if (!match) return;
  const { planned, shell } = match.route.candidate;
  if (shell) void loadSignedInShell().catch(() => undefined);
  void screenLoader(planned.screenKey)().catch(() => undefined);
}
