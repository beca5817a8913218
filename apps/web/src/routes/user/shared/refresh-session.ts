import type { SessionUser, SetupCheck } from '@app/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { sessionUserQuery, setupCheckQuery } from '../../../api/session';
import { useHttp } from '../../../app/boot/boot-context';
import { sessionStore } from '../../../app/session/session';

export interface FreshSession {
  user: SessionUser;
  setup: SetupCheck;
}

/**
 * After a profile save or setup completion: `GET /user` and then the setup check, both fetched anew
 * into the query cache. The user is also put into the session store at once (not only by the route
 * guard's effect a render later), so a navigation that follows is judged on the fresh user: otherwise
 * the guard would still see "setup incomplete" and send the user back to Profile Setup.
 */
export function useRefreshSession(): () => Promise<FreshSession> {
  const http = useHttp();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    const user = await queryClient.fetchQuery({ ...sessionUserQuery(http), staleTime: 0 });
    sessionStore.setUser(user);
    const setup = await queryClient.fetchQuery({ ...setupCheckQuery(http, user.id), staleTime: 0 });
    return { user, setup };
  }, [http, queryClient]);
}
