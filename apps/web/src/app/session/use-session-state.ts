import type { SessionUser, SetupCheck } from '@app/contracts';
import type { RolePermissions } from '@app/policy';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { useNavigate } from 'react-router';
import { ApiRequestError } from '../../api/http';
import { rolePermissionsOf } from '../../api/role-permissions';
import { roleModuleQuery } from '../../api/roles';
import { INVALID_USER_CODE, sessionUserQuery, setupCheckQuery } from '../../api/session';
import { useHttp } from '../boot/boot-context';
import { sessionStore, useSession } from './session';
import { endSession } from './session-lifecycle';
import { isSessionEnded } from './token-refresh';

export interface SessionState {
  /** anonymous: no access token; loading: user or setup check on its way; ready: both known. */
  status: 'anonymous' | 'loading' | 'ready';
  user: SessionUser | null;
  /** Null while unknown or when the check failed (the policy then fails closed / open as documented). */
  setup: SetupCheck | null;
  /**
   * The switches of the role the user holds (null: no role). Menus and guards read its LeadsPeek
   * `enable` as the server does (issue 20, M2); a role's switches that could not be read grant nothing.
   */
  rolePermissions: RolePermissions | null;
  registerFlag: boolean;
}

/**
 * The session as the route guard sees it (spec 1 §4 Session). Logged in means an access token exists;
 * the stored user is used at once and refreshed from `GET /user` on every page load, and the setup check
 * is loaded for that user. Mounted once, in RouteGuard, so these effects run once per change.
 */
export function useSessionState(): SessionState {
  const snapshot = useSession();
  const http = useHttp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const signedIn = snapshot.accessToken !== null;
  const user = signedIn ? snapshot.user : null;

  const userQuery = useQuery({ ...sessionUserQuery(http), enabled: signedIn });
  const setupQuery = useQuery({ ...setupCheckQuery(http, user?.id ?? 0), enabled: user !== null });
  const holdsRole = Boolean(user?.role_id);
  const roleQuery = useQuery({
    ...roleModuleQuery(http, user?.company_id ?? 0, user?.role_id ?? 0, user?.id ?? 0),
    enabled: user !== null && holdsRole,
  });

  useEffect(() => {
    if (signedIn && userQuery.data) sessionStore.setUser(userQuery.data);
  }, [signedIn, userQuery.data]);

  useEffect(() => {
    const error = userQuery.error;
    // A refused refresh is handled by the 'Session Ended' dialog; nothing more to do here.
    if (!signedIn || !error || isSessionEnded(error)) return;
    // Spec 1 §8: user-data fetch failure. Data failing the stored-user rule is a forced logout (§2.4).
    const invalidUser = error instanceof ApiRequestError && error.code === INVALID_USER_CODE;
    console.log('Token expired');
    endSession(sessionStore, queryClient);
    navigate(invalidUser ? '/login' : '/', { replace: true });
  }, [signedIn, userQuery.error, queryClient, navigate]);

  const setup = setupQuery.data ?? null;
  const roleModules = roleQuery.data?.modules;
  const rolePermissions = useMemo(
    () => (user ? rolePermissionsOf(user, roleModules) : null),
    [user, roleModules],
  );
  let status: SessionState['status'] = 'ready';
  if (!signedIn) status = 'anonymous';
  else if (!user || setupQuery.isPending || (holdsRole && roleQuery.isPending)) status = 'loading';
  return { status, user, setup, rolePermissions, registerFlag: snapshot.registerFlag };
}
