import { ROUTES } from '@app/policy';
import { matchRoutes } from 'react-router';
import { planRoutes } from './route-plan';
import { screenLoader } from './screen-modules';

/** The signed-in shell's chunk (the router's lazy shell route loads it the same way). */
export const loadSignedInShell = () => import('./signed-in-shell');

/**
 * What a page load at `pathname` will render: the screen (by screen key) and whether inside the signed-in
 * shell. Shell screens only for a signed-in user and sign-in pages only for a visitor, so nobody
 * downloads code the guard is about to redirect away from; null where nothing is worth starting.
 */
export function chunksForPath(
  pathname: string,
  signedIn: boolean,
): { screenKey: string; shell: boolean } | null {
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
  if (!match) return null;
  return { screenKey: match.route.candidate.planned.screenKey, shell: match.route.candidate.shell };
}

/**
 * Starts the chunks a page load will need (the shell for a signed-in screen, and the screen itself) at
 * boot, beside the boot request, instead of when the router renders: the router's own lazy calls then
 * find the modules loaded or in flight. A failure is left to the router, which loads again and shows
 * its error page.
 */
export function preloadRouteChunks(pathname: string, signedIn: boolean): void {
  const chunks = chunksForPath(pathname, signedIn);
  if (!chunks) return;
  if (chunks.shell) void loadSignedInShell().catch(() => undefined);
  void screenLoader(chunks.screenKey)().catch(() => undefined);
}
