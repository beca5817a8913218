import { makeUser } from '@app/policy/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from '../../../api/http';
import { sessionKeys } from '../../../api/session';
import { createSessionStore, type KeyValueStorage, STORAGE_KEYS } from '../../../app/session/session-store';
import { applySsoAnswer, signInWithSso } from './sso-session';

function memoryStorage(initial: Record<string, string>): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

const answer = (action: 'login' | 'replace_user') => ({
  access_token: 'sso-access',
  refresh_token: 'sso-refresh',
  expires_in: 900,
  action,
});

describe('single sign-on (spec 1 §4)', () => {
  it.each(['login', 'replace_user'] as const)(
    '%s: old user data goes, the new tokens are stored',
    (action) => {
      const storage = memoryStorage({
        [STORAGE_KEYS.accessToken]: 'old-access',
        [STORAGE_KEYS.refreshToken]: 'old-refresh',
        [STORAGE_KEYS.user]: JSON.stringify(makeUser({ id: 99 })),
        [STORAGE_KEYS.originalUser]: 'sealed',
        [STORAGE_KEYS.theme]: 'dark',
      });
      const store = createSessionStore(storage);
      const queryClient = new QueryClient();
      queryClient.setQueryData(sessionKeys.user(), { id: 99 });
      applySsoAnswer(store, queryClient, answer(action));
      expect(store.getSnapshot()).toMatchObject({
        accessToken: 'sso-access',
        refreshToken: 'sso-refresh',
        user: null,
      });
      expect(storage.data.has(STORAGE_KEYS.originalUser)).toBe(false);
      expect(storage.data.get(STORAGE_KEYS.theme)).toBe('dark');
      expect(queryClient.getQueryData(sessionKeys.user())).toBeUndefined();
    },
  );

  it('redeems a token once however often the page mounts, with the host and the stored user', async () => {
    const requests: unknown[] = [];
    const http = {
      request: async (req: unknown) => {
        requests.push(req);
        return answer('replace_user');
      },
    } as unknown as HttpClient;
    const storage = memoryStorage({
      [STORAGE_KEYS.accessToken]: 'old-access',
      [STORAGE_KEYS.user]: JSON.stringify(makeUser({ id: 10 })),
    });
    const deps = { http, store: createSessionStore(storage), queryClient: new QueryClient() };
    const first = signInWithSso(deps, 'tok-1', 'northwind.localhost');
    const second = signInWithSso(deps, 'tok-1', 'northwind.localhost');
    expect(second).toBe(first);
    await first;
    expect(requests).toEqual([
      {
        method: 'POST',
        path: '/v1/developer/sso/validation',
        body: { token: 'tok-1', subdomain: 'northwind.localhost', currentUserID: 10 },
        skipRefresh: true,
      },
    ]);
    expect(deps.store.getSnapshot().accessToken).toBe('sso-access');
  });

  it('sends no current user when nobody is signed in', async () => {
    const requests: Array<{ body: unknown }> = [];
    const http = {
      request: async (req: { body: unknown }) => {
        requests.push(req);
        return answer('login');
      },
    } as unknown as HttpClient;
    const deps = { http, store: createSessionStore(memoryStorage({})), queryClient: new QueryClient() };
    await signInWithSso(deps, 'tok-2', 'localhost');
    expect(requests[0]?.body).toEqual({ token: 'tok-2', subdomain: 'localhost', currentUserID: null });
  });
});
