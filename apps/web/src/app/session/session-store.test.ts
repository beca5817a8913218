// The policy package's test builders: a complete SessionUser without repeating 60 fields here.
import { makeUser } from '@app/policy/testing';
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

describe('session store, session rules', () => {
  const everything = {
    [STORAGE_KEYS.accessToken]: 'a',
    [STORAGE_KEYS.refreshToken]: 'r',
    [STORAGE_KEYS.expiresIn]: '3600',
    [STORAGE_KEYS.originalUser]: 'sealed-original',
    [STORAGE_KEYS.role]: '{"roleID":1}',
    [STORAGE_KEYS.clientIp]: '203.0.113.9',
    [STORAGE_KEYS.companyGroup]: '7',
    [STORAGE_KEYS.registerFlag]: '1',
    [STORAGE_KEYS.theme]: 'dark',
  };

  it('logout clears tokens, user data, original user data, role and client IP only', () => {
    const storage = memoryStorage(everything);
    createSessionStore(storage).clear();
    expect([...storage.data.keys()].sort()).toEqual(
      [STORAGE_KEYS.companyGroup, STORAGE_KEYS.registerFlag, STORAGE_KEYS.theme].sort(),
    );
  });

  it('reads the stored tokens fresh from storage, and only when both exist', () => {
    const storage = memoryStorage(everything);
    const store = createSessionStore(storage);
    // Another tab rotated the tokens; the snapshot has not been reloaded yet.
    storage.data.set(STORAGE_KEYS.refreshToken, 'r2');
    expect(store.readStoredTokens()).toEqual({ access_token: 'a', refresh_token: 'r2', expires_in: 3600 });
    storage.data.delete(STORAGE_KEYS.refreshToken);
    expect(store.readStoredTokens()).toBeNull();
  });

  it('does not notify when the user data written is unchanged', () => {
    const storage = memoryStorage();
    const store = createSessionStore(storage, { isStoredUserValid: () => true });
    const user = makeUser();
    let calls = 0;
    store.subscribe(() => calls++);
    store.setUser(user);
    store.setUser({ ...user });
    expect(calls).toBe(1);
    expect(store.getSnapshot().user).toEqual(user);
  });
});
