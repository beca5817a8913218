import { type SessionUser, type SetupCheck, sessionUserSchema, setupCheckSchema } from '@app/contracts';
import { isStoredUserValid } from '@app/policy';
import { queryOptions } from '@tanstack/react-query';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE, type HttpClient } from './http';

export const sessionKeys = {
  all: ['session'] as const,
  user: () => [...sessionKeys.all, 'user'] as const,
  setup: (userId: number) => [...sessionKeys.all, 'setup', userId] as const,
};

/** Code of the error for user data that fails the stored-user rule (spec 1 §4): a forced logout. */
export const INVALID_USER_CODE = 'invalid_user';

/**
 * `GET /user`. The stored-user rule runs on the raw answer, before it is stored, so data that would be
 * refused on the next page load is refused now.
 */
export async function fetchSessionUser(http: HttpClient, signal?: AbortSignal): Promise<SessionUser> {
  const raw = await http.request({ path: '/user', signal });
  if (!isStoredUserValid(raw)) throw new ApiRequestError(200, INVALID_USER_CODE, GENERIC_FAILURE_MESSAGE);
  const parsed = sessionUserSchema.safeParse(raw);
  if (!parsed.success) throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
  return parsed.data;
}

/**
 * Only network trouble and server faults are worth one more try; anything else (a refused token, bad
 * data) is final, and a final failure here ends the session.
 */
function retryTransient(failureCount: number, error: unknown): boolean {
  const transient = error instanceof ApiRequestError && (error.status === 0 || error.status >= 500);
  return transient && failureCount < 1;
}

/**
 * Loaded once per page load (and after sign-in); screens that change the user invalidate it. Session
 * end removes it, so the next sign-in never sees the previous user.
 */
export const sessionUserQuery = (http: HttpClient) =>
  queryOptions({
    queryKey: sessionKeys.user(),
    queryFn: ({ signal }) => fetchSessionUser(http, signal),
    staleTime: Number.POSITIVE_INFINITY,
    retry: retryTransient,
  });

/** `GET /user/checksetupcomplete/{usrID}`: the setup check the guards and menus read (spec 1 §3.4). */
export const setupCheckQuery = (http: HttpClient, userId: number) =>
  queryOptions({
    queryKey: sessionKeys.setup(userId),
    queryFn: ({ signal }): Promise<SetupCheck> =>
      http.request({ path: `/user/checksetupcomplete/${userId}`, signal }, setupCheckSchema),
    // Profile, card and billing screens invalidate it when they change what it reports.
    staleTime: 5 * 60_000,
    retry: retryTransient,
  });
