import { ApiRequestError, type UnauthenticatedHandler } from '../../api/http';
import type { SessionTokens } from './session-store';

/** Spec 1 §8: the text of the 'Session Ended' dialog, also the message of calls it ends. */
export const SESSION_ENDED_MESSAGE = 'Your session has ended. Please log in again to continue.';
const SESSION_ENDED_CODE = 'session_ended';

/**
 * What calls reject with once the session cannot be renewed. Screens and the session loader treat it
 * as "already handled": the dialog or the redirect to /login is on its way.
 */
export function sessionEndedError(): ApiRequestError {
  return new ApiRequestError(401, SESSION_ENDED_CODE, SESSION_ENDED_MESSAGE);
}

export function isSessionEnded(error: unknown): boolean {
  return error instanceof ApiRequestError && error.code === SESSION_ENDED_CODE;
}

export interface TokenRefreshOptions {
  getTokens: () => { accessToken: string | null; refreshToken: string | null };
  /** `POST /auth/refresh-token`; must not itself go through this handler. */
  refresh: (refreshToken: string) => Promise<SessionTokens>;
  /** Refresh tokens rotate: the answer's refresh token replaces the stored one every time. */
  saveTokens: (tokens: SessionTokens) => void;
  /** A 401 without both tokens: clear storage, go to /login unless already there (spec 1 §4). */
  onMissingTokens: () => void;
  /** The refresh was refused: the 'Session Ended' dialog, then storage cleared and /login. */
  onRefreshFailed: (error: unknown) => void;
}

/**
 * Spec 1 §4 Session: on 'Unauthenticated.' / 401 with both tokens stored and the call not yet retried,
 * exactly one refresh runs; calls failing meanwhile wait for it and are retried with the new token.
 *
 * Two details keep it to one refresh per expiry. A call sent with a token that has since been
 * replaced (its 401 arrived after someone else's refresh) just retries. And a refresh token that was
 * refused is never sent again: with rotation, the server may treat a second use as token theft and
 * revoke the whole family, and the dialog is already on screen.
 */
export function createTokenRefresh(options: TokenRefreshOptions): UnauthenticatedHandler {
  let inFlight: Promise<void> | null = null;
  let refusedRefreshToken: string | null = null;

  function refreshOnce(refreshToken: string): Promise<void> {
    inFlight ??= (async () => {
      try {
        options.saveTokens(await options.refresh(refreshToken));
      } catch (error) {
        refusedRefreshToken = refreshToken;
        options.onRefreshFailed(error);
        throw sessionEndedError();
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  }

  return async ({ error, retry, retried, sentToken }) => {
    if (retried) throw error;
    if (inFlight) {
      await inFlight;
      return retry();
    }
    const { accessToken, refreshToken } = options.getTokens();
    if (accessToken && sentToken && accessToken !== sentToken) return retry();
    if (!accessToken || !refreshToken) {
      options.onMissingTokens();
      throw sessionEndedError();
    }
    if (refreshToken === refusedRefreshToken) throw sessionEndedError();
    await refreshOnce(refreshToken);
    return retry();
  };
}

/** Runs `task` while holding a lock shared by this origin's tabs (Web Locks), or directly without it. */
export type TabLock = <T>(task: () => Promise<T>) => Promise<T>;

export interface CrossTabRefreshOptions {
  lock: TabLock;
  /** Fresh from storage, not a cached snapshot: another tab may have written since. */
  readStoredTokens: () => SessionTokens | null;
  callServer: (refreshToken: string) => Promise<SessionTokens>;
}

/**
 * Tabs share one localStorage, so two tabs whose tokens expired together would both send the same
 * rotating refresh token, and the second use looks like theft to the server. Under a shared lock, a tab
 * that finds the stored refresh token already replaced takes the other tab's tokens instead of calling.
 */
export function createCrossTabRefresh(options: CrossTabRefreshOptions) {
  return (refreshToken: string): Promise<SessionTokens> =>
    options.lock(async () => {
      const stored = options.readStoredTokens();
      if (stored && stored.refresh_token !== refreshToken) return stored;
      return options.callServer(refreshToken);
    });
}

/** The Web Locks API where the browser has it; no lock otherwise (one tab then still refreshes once). */
export function browserTabLock(name: string): TabLock {
  return (task) => {
    const locks = typeof navigator !== 'undefined' ? navigator.locks : undefined;
    return locks ? (locks.request(name, () => task()) as Promise<Awaited<ReturnType<typeof task>>>) : task();
  };
}
