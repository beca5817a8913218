import { describe, expect, it } from 'vitest';
import { createSessionStore, type KeyValueStorage, STORAGE_KEYS } from './session-store';

function memoryStorage(
  initial: Record<string, string> = {},
): KeyValueStorage & { data: Map<string, string> } {
  const data = new Map(Object.entries(initial));
  return {
    data,
    getItem: (k) => data.get(k) ?? null,
    setItem: (k, v) => void data.set(k, v),
    removeItem: (k) => void data.delete(k),
  };
}

describe('createSessionStore', () => {
  it('starts empty: nobody is logged in', () => {
    const store = createSessionStore(memoryStorage());
    expect(store.getSnapshot()).toEqual({
      accessToken: null,
      refreshToken: null,
      user: null,
      registerFlag: false,
    });
  });

  it('stores tokens, notifies subscribers and keeps the snapshot stable between changes', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage);
    let calls = 0;
    store.subscribe(() => calls++);
    const before = store.getSnapshot();
    expect(store.getSnapshot()).toBe(before);
    store.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 3600 });
    expect(calls).toBe(1);
    expect(store.getSnapshot()).toMatchObject({ accessToken: 'a', refreshToken: 'r' });
    expect(storage.data.get(STORAGE_KEYS.expiresIn)).toBe('3600');
  });

  it('treats unreadable stored user data as a forced logout', () => {
    const storage = memoryStorage({
      [STORAGE_KEYS.accessToken]: 'a',
      [STORAGE_KEYS.user]: '{"id":"not-a-user"}',
      [STORAGE_KEYS.theme]: 'dark',
    });
    const store = createSessionStore(storage);
    expect(store.getSnapshot().user).toBeNull();
    expect(storage.data.has(STORAGE_KEYS.accessToken)).toBe(false);
    expect(storage.data.get(STORAGE_KEYS.theme)).toBe('dark');
  });

  it('applies the stored-user rule to the raw data', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.user]: '{"name":"x"}', [STORAGE_KEYS.accessToken]: 'a' });
    const seen: unknown[] = [];
    const isStoredUserValid = (stored: unknown) => {
      seen.push(stored);
      return false;
    };
    const store = createSessionStore(storage, { isStoredUserValid });
    expect(seen).toEqual([{ name: 'x' }]);
    expect(store.getSnapshot().user).toBeNull();
    expect(storage.data.size).toBe(0);
  });

  it('clear removes the session but keeps preferences', () => {
    const storage = memoryStorage({ [STORAGE_KEYS.registerFlag]: '1', [STORAGE_KEYS.clientIp]: '1.2.3.4' });
    const store = createSessionStore(storage);
    expect(store.getSnapshot().registerFlag).toBe(true);
    expect(store.getClientIp()).toBe('1.2.3.4');
    store.setTokens({ access_token: 'a', refresh_token: 'r', expires_in: 1 });
    store.clear();
    expect(store.getSnapshot().accessToken).toBeNull();
    expect([...storage.data.keys()]).toEqual([STORAGE_KEYS.registerFlag]);
  });
});
