import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { appConfigKeys } from '../../api/app-config';
import { domainInfoKeys } from '../../api/domain-info';
import { sessionKeys } from '../../api/session';
import { endSession, startSession } from './session-lifecycle';
import { createSessionStore, type KeyValueStorage, STORAGE_KEYS } from './session-store';

function storage(initial: Record<string, string>): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

function cacheWithEverything() {
  const queryClient = new QueryClient();
  queryClient.setQueryData(appConfigKeys.all, { apiBase: '/api' });
  queryClient.setQueryData(domainInfoKeys.host('a.test'), { idsys: 1 });
  queryClient.setQueryData(sessionKeys.user(), { id: 1 });
  queryClient.setQueryData(sessionKeys.setup(1), { setupcomplete: 'T' });
  queryClient.setQueryData(['two-factor', 'setting', 1], { two_factor_auth: true });
  return queryClient;
}

describe('session lifecycle', () => {
  it("start replaces whatever an earlier session left, keeping the host's boot data", () => {
    const store = createSessionStore(
      storage({ [STORAGE_KEYS.user]: '{"stale":true}', [STORAGE_KEYS.role]: 'x' }),
    );
    const queryClient = cacheWithEverything();
    startSession(store, queryClient, { access_token: 'a', refresh_token: 'r', expires_in: 60 });
    expect(store.getSnapshot()).toMatchObject({ accessToken: 'a', refreshToken: 'r', user: null });
    expect(queryClient.getQueryData(sessionKeys.user())).toBeUndefined();
    expect(queryClient.getQueryData(['two-factor', 'setting', 1])).toBeUndefined();
    expect(queryClient.getQueryData(appConfigKeys.all)).toBeDefined();
    expect(queryClient.getQueryData(domainInfoKeys.host('a.test'))).toBeDefined();
  });

  it('end clears the stored session and the cached user data', () => {
    const store = createSessionStore(
      storage({ [STORAGE_KEYS.accessToken]: 'a', [STORAGE_KEYS.theme]: 'dark' }),
    );
    const queryClient = cacheWithEverything();
    endSession(store, queryClient);
    expect(store.getSnapshot().accessToken).toBeNull();
    expect(queryClient.getQueryData(sessionKeys.setup(1))).toBeUndefined();
    expect(queryClient.getQueryData(domainInfoKeys.host('a.test'))).toBeDefined();
  });
});
