import type { QueryClient } from '@tanstack/react-query';
import type { HttpClient } from '../../api/http';
import { sessionUserQuery, setupCheckQuery } from '../../api/session';

/**
 * A signed-in page load: `GET /user` and the setup check start at boot, beside the route chunks, instead
 * of after them (the route guard renders only once its lazy routes are loaded, and decides nothing before
 * both answers are in). The guard's own queries then find them in the cache or in flight; a failure is
 * left in the cache for the guard, which handles it exactly as if it had asked itself.
 *
 * The stored user's id (if any) starts the setup check at once; otherwise it follows `GET /user`.
 */
export function prefetchSession(
  queryClient: QueryClient,
  http: HttpClient,
  storedUserId: number | null,
): void {
  const prefetchSetup = (userId: number) => void queryClient.prefetchQuery(setupCheckQuery(http, userId));
  if (storedUserId !== null) prefetchSetup(storedUserId);
  queryClient.fetchQuery(sessionUserQuery(http)).then(
    (user) => {
      if (user.id !== storedUserId) prefetchSetup(user.id);
    },
    () => undefined,
  );
}
