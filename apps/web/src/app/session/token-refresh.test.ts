import { importEnvelopeKey, openEnvelope } from '@app/contracts';
import { describe, expect, it, vi } from 'vitest';
import { refreshTokens } from '../../api/auth';
import { createHttpClient, type HttpClient } from '../../api/http';
import type { SessionTokens } from './session-store';
import {
  createCrossTabRefresh,
  createTokenRefresh,
  isSessionEnded,
  SESSION_ENDED_MESSAGE,
  type TokenRefreshOptions,
} from './token-refresh';

const KEY_B64 = Buffer.alloc(32, 3).toString('base64');
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Unauthenticated.' } };

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

const tokens = (n: number) => ({
  access_token: `access-${n}`,
  refresh_token: `refresh-${n}`,
  expires_in: 3600,
  token_type: 'Bearer',
});

interface Call {
  path: string;
  auth: string | null;
  body: unknown;
}

/**
 * A fake API: resource calls succeed only with the current access token; the refresh endpoint answers
 * from a script, and can be held open to let other calls fail while it runs.
 */
async function setup(
  options: {
    refreshAnswers?: Response[];
    holdRefresh?: boolean;
    stored?: { accessToken: string | null; refreshToken: string | null };
  } = {},
) {
  const key = await importEnvelopeKey(KEY_B64);
  const calls: Call[] = [];
  const refreshAnswers = options.refreshAnswers ?? [json(200, tokens(2))];
  let validToken = 'access-2';
  let releaseRefresh: () => void = () => {};
  const refreshGate = new Promise<void>((resolve) => {
    releaseRefresh = resolve;
  });
  const state = { ...(options.stored ?? { accessToken: 'access-1', refreshToken: 'refresh-1' }) };
  const events = { missing: 0, failed: 0, saved: [] as SessionTokens[] };

  const fetchImpl = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), 'http://x').pathname.replace(/^\/api/, '');
    const auth = new Headers(init?.headers).get('Authorization');
    const sealed = init?.body ? JSON.parse(String(init.body)).dt : undefined;
    const call: Call = { path, auth, body: undefined };
    calls.push(call);
    if (sealed) call.body = await openEnvelope(key, sealed);
    if (path === '/auth/refresh-token') {
      if (options.holdRefresh) await refreshGate;
      const answer = refreshAnswers.shift() ?? json(500, {});
      if (answer.ok) validToken = 'access-2';
      return answer;
    }
    return auth === `Bearer ${validToken}` ? json(200, { path }) : json(401, UNAUTHENTICATED);
  }) as typeof fetch;

  let http: HttpClient;
  const handlerOptions: TokenRefreshOptions = {
    getTokens: () => ({ ...state }),
    refresh: (refreshToken) => refreshTokens(http, refreshToken),
    saveTokens: (next) => {
      events.saved.push(next);
      state.accessToken = next.access_token;
      state.refreshToken = next.refresh_token;
    },
    onMissingTokens: () => {
      events.missing++;
      state.accessToken = null;
      state.refreshToken = null;
    },
    onRefreshFailed: () => {
      events.failed++;
    },
  };
  const handler = createTokenRefresh(handlerOptions);
  http = createHttpClient({
    apiBase: '/api',
    envelopeKey: key,
    getAccessToken: () => state.accessToken,
    fetch: fetchImpl,
    onUnauthenticated: handler,
  });
  const refreshCalls = () => calls.filter((c) => c.path === '/auth/refresh-token');
  return { http, calls, refreshCalls, state, events, releaseRefresh };
}

describe('createTokenRefresh', () => {
  it('refreshes once for concurrent 401s and retries every call with the new token', async () => {
    const api = await setup({ holdRefresh: true });
    const results = Promise.all([api.http.get('/user'), api.http.get('/a'), api.http.get('/b')]);
    // All three fail and wait for the one refresh, which is held open until they have.
    await vi.waitFor(() => {
      expect(
        api.calls.filter((c) => c.auth === 'Bearer access-1' && c.path !== '/auth/refresh-token'),
      ).toHaveLength(3);
      expect(api.refreshCalls()).toHaveLength(1);
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(api.refreshCalls()).toHaveLength(1);
    api.releaseRefresh();
    await expect(results).resolves.toEqual([{ path: '/user' }, { path: '/a' }, { path: '/b' }]);

    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.refreshCalls()[0]?.body).toEqual({ refresh_token: 'refresh-1' });
    const retries = api.calls.filter((c) => c.path !== '/auth/refresh-token' && c.auth === 'Bearer access-2');
    expect(retries.map((c) => c.path).sort()).toEqual(['/a', '/b', '/user']);
    // Rotation: the new refresh token replaces the old one.
    expect(api.state).toEqual({ accessToken: 'access-2', refreshToken: 'refresh-2' });
  });

  it('retries a call whose 401 arrives after the refresh without refreshing again', async () => {
    const api = await setup();
    await api.http.get('/first');
    expect(api.state.accessToken).toBe('access-2');
    // A call that left with the old token before the refresh and failed afterwards.
    const handler = createTokenRefresh({
      getTokens: () => ({ ...api.state }),
      refresh: () => Promise.reject(new Error('must not refresh')),
      saveTokens: () => {},
      onMissingTokens: () => {},
      onRefreshFailed: () => {},
    });
    let retried = 0;
    await handler({
      error: new Error('401') as never,
      retried: false,
      sentToken: 'access-1',
      retry: async () => ++retried,
    });
    expect(retried).toBe(1);
    expect(api.refreshCalls()).toHaveLength(1);
  });

  it('does not refresh a call that was already retried once', async () => {
    const api = await setup();
    let token = 'access-2';
    // Even the new token is refused: the retried call fails instead of looping.
    const strict = createHttpClient({
      apiBase: '/api',
      envelopeKey: await importEnvelopeKey(KEY_B64),
      getAccessToken: () => token,
      fetch: (async () => json(401, UNAUTHENTICATED)) as typeof fetch,
      onUnauthenticated: createTokenRefresh({
        getTokens: () => ({ accessToken: token, refreshToken: 'refresh-2' }),
        refresh: async () => {
          token = 'access-3';
          return tokens(3);
        },
        saveTokens: () => {},
        onMissingTokens: () => {},
        onRefreshFailed: () => {},
      }),
    });
    await expect(strict.get('/user')).rejects.toMatchObject({ status: 401, message: 'Unauthenticated.' });
    expect(token).toBe('access-3');
    expect(api.refreshCalls()).toHaveLength(0);
  });

  it('ends the session once when the refresh is refused, and never reuses the refused token', async () => {
    const api = await setup({ refreshAnswers: [json(401, UNAUTHENTICATED)] });
    const results = await Promise.allSettled([api.http.get('/a'), api.http.get('/b')]);
    for (const result of results) {
      expect(result.status).toBe('rejected');
      const reason = (result as PromiseRejectedResult).reason;
      expect(isSessionEnded(reason)).toBe(true);
      expect(reason.message).toBe(SESSION_ENDED_MESSAGE);
    }
    expect(api.events.failed).toBe(1);
    // The dialog is up and storage is still there; a later call must not try the same token again.
    await expect(api.http.get('/c')).rejects.toSatisfy(isSessionEnded);
    expect(api.refreshCalls()).toHaveLength(1);
    expect(api.events.failed).toBe(1);
  });

  it('clears the session and reports it when a 401 comes without a refresh token', async () => {
    const api = await setup({ stored: { accessToken: 'access-1', refreshToken: null } });
    await expect(api.http.get('/user')).rejects.toSatisfy(isSessionEnded);
    expect(api.events.missing).toBe(1);
    expect(api.refreshCalls()).toHaveLength(0);
  });

  it('leaves sign-in calls alone: their 401 is about the credentials', async () => {
    const api = await setup({ stored: { accessToken: null, refreshToken: null } });
    await expect(
      api.http.request({ method: 'POST', path: '/login', body: { username: 'a' }, skipRefresh: true }),
    ).rejects.toMatchObject({ status: 401 });
    expect(api.events.missing).toBe(0);
  });
});

describe('createCrossTabRefresh', () => {
  const lock = <T>(task: () => Promise<T>) => task();

  it("takes another tab's newer tokens instead of sending a rotated refresh token again", async () => {
    let calls = 0;
    const refresh = createCrossTabRefresh({
      lock,
      readStoredTokens: () => ({ access_token: 'a-other', refresh_token: 'r-other', expires_in: 60 }),
      callServer: async () => {
        calls++;
        return tokens(9);
      },
    });
    await expect(refresh('r-mine')).resolves.toMatchObject({ refresh_token: 'r-other' });
    expect(calls).toBe(0);
  });

  it('calls the server when storage still holds the token being refreshed', async () => {
    const refresh = createCrossTabRefresh({
      lock,
      readStoredTokens: () => ({ access_token: 'a', refresh_token: 'r-mine', expires_in: 60 }),
      callServer: async (token) => ({ ...tokens(2), refresh_token: `${token}-next` }),
    });
    await expect(refresh('r-mine')).resolves.toMatchObject({ refresh_token: 'r-mine-next' });
  });
});
