import { importEnvelopeKey, openEnvelope } from '@app/contracts';
import { makeUser, USERS } from '@app/policy/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import { createHttpClient } from '../../api/http';
import { sessionKeys } from '../../api/session';
import { createSessionStore, type KeyValueStorage, STORAGE_KEYS } from './session-store';
import {
  AFTER_REVERT_PATH,
  AFTER_REVERT_PATH_AGENCY,
  companyGroupForTarget,
  enterViewMode,
  leaveViewMode,
  openOriginalSession,
  sealOriginalSession,
} from './view-mode-session';

const KEY_B64 = Buffer.alloc(32, 3).toString('base64');

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
const tokens = (name: string) => ({
  access_token: `${name}-access`,
  refresh_token: `${name}-refresh`,
  expires_in: 900,
  token_type: 'Bearer' as const,
});
const UNAUTHENTICATED = { error: { code: 'unauthenticated', message: 'Unauthenticated.' } };

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

/** A real client (dt envelope, bearer token) over a fake server answering by path. */
async function setup(
  routes: Record<string, (auth: string | null, body: unknown) => Response>,
  initial: Record<string, string>,
) {
  const envelopeKey = await importEnvelopeKey(KEY_B64);
  const storage = memoryStorage(initial);
  const store = createSessionStore(storage);
  const calls: { path: string; auth: string | null; body: unknown }[] = [];
  const http = createHttpClient({
    apiBase: '/api',
    envelopeKey,
    getAccessToken: () => store.getSnapshot().accessToken,
    fetch: (async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).replace('/api', '');
      const auth = new Headers(init?.headers).get('Authorization');
      const sealed = init?.body ? (JSON.parse(String(init.body)) as { dt: string }).dt : null;
      const body = sealed ? await openEnvelope(envelopeKey, sealed) : undefined;
      calls.push({ path, auth, body });
      const route = routes[path];
      return route ? route(auth, body) : json(404, { error: { code: 'not_found', message: 'Not found' } });
    }) as typeof fetch,
  });
  const queryClient = new QueryClient();
  queryClient.setQueryData(sessionKeys.user(), { id: 1 });
  return { store, storage, http, envelopeKey, queryClient, calls };
}

const root = USERS.root();
const signedInAsRoot = {
  [STORAGE_KEYS.accessToken]: 'root-access',
  [STORAGE_KEYS.refreshToken]: 'root-refresh',
  [STORAGE_KEYS.expiresIn]: '900',
  [STORAGE_KEYS.user]: JSON.stringify(root),
  [STORAGE_KEYS.companyGroup]: '5',
};

describe('companyGroupForTarget (spec 1 §4)', () => {
  it.each([
    [{ usrID: 2, userType: 'client' as const, companyGroupId: 12 }, '12'],
    [{ usrID: 2, userType: 'client' as const, companyGroupId: '7' }, '7'],
    [{ usrID: 2, userType: 'client' as const, companyGroupId: null }, null],
    [{ usrID: 2, userType: 'client' as const }, null],
    [{ usrID: 2, userType: 'userdownline' as const, companyGroupId: 12 }, null],
    [{ usrID: 2 }, null],
  ])('%o → %s', (target, expected) => {
    expect(companyGroupForTarget(target)).toBe(expected);
  });
});

describe('sealed original session', () => {
  it('round-trips and is not readable without the key', async () => {
    const key = await importEnvelopeKey(KEY_B64);
    const original = { tokens: tokens('root'), user: root, companyGroup: '5' };
    const sealed = await sealOriginalSession(key, original);
    expect(sealed).not.toContain('root-access');
    expect(sealed).not.toContain(root.email);
    const opened = await openOriginalSession(key, sealed);
    expect(opened?.tokens.refresh_token).toBe('root-refresh');
    expect(opened?.user?.email).toBe(root.email);
    const otherKey = await importEnvelopeKey(Buffer.alloc(32, 9).toString('base64'));
    expect(await openOriginalSession(otherKey, sealed)).toBeNull();
    expect(await openOriginalSession(key, 'garbage')).toBeNull();
  });
});

describe('enterViewMode', () => {
  it('switches with the caller token, saves the original sealed and stores the view-mode session', async () => {
    const api = await setup(
      { '/configuration/user/switch': () => json(200, { result: 'success', ...tokens('view') }) },
      signedInAsRoot,
    );
    await enterViewMode(api, { usrID: 20, userType: 'client', companyGroupId: 9 });
    expect(api.calls).toEqual([
      { path: '/configuration/user/switch', auth: 'Bearer root-access', body: { usrID: 20 } },
    ]);
    expect(api.store.getSnapshot()).toMatchObject({ accessToken: 'view-access', user: null });
    expect(api.storage.data.get(STORAGE_KEYS.companyGroup)).toBe('9');
    expect(api.queryClient.getQueryData(sessionKeys.user())).toBeUndefined();
    const sealed = api.storage.data.get(STORAGE_KEYS.originalUser) ?? '';
    expect(sealed).not.toContain('root-access');
    const original = await openOriginalSession(api.envelopeKey, sealed);
    expect(original).toMatchObject({
      tokens: { access_token: 'root-access', refresh_token: 'root-refresh' },
      companyGroup: '5',
    });
    expect(original?.user?.id).toBe(root.id);
  });

  it('clears the company group for a non-client, and keeps the session when the switch fails', async () => {
    const ok = await setup(
      { '/configuration/user/switch': () => json(200, { result: 'success', ...tokens('view') }) },
      signedInAsRoot,
    );
    await enterViewMode(ok, { usrID: 10, userType: 'userdownline' });
    expect(ok.storage.data.has(STORAGE_KEYS.companyGroup)).toBe(false);

    const refused = await setup(
      {
        '/configuration/user/switch': () => json(404, { error: { code: 'not_found', message: 'Not found' } }),
      },
      signedInAsRoot,
    );
    await expect(enterViewMode(refused, { usrID: 10 })).rejects.toMatchObject({ status: 404 });
    expect(refused.store.getSnapshot().accessToken).toBe('root-access');
    expect(refused.storage.data.has(STORAGE_KEYS.originalUser)).toBe(false);
  });
});

async function inViewMode(routes: Parameters<typeof setup>[0], originalUser = root) {
  const key = await importEnvelopeKey(KEY_B64);
  const sealed = await sealOriginalSession(key, {
    tokens: tokens('root'),
    user: originalUser,
    companyGroup: '5',
  });
  return setup(routes, {
    [STORAGE_KEYS.accessToken]: 'view-access',
    [STORAGE_KEYS.refreshToken]: 'view-refresh',
    [STORAGE_KEYS.expiresIn]: '900',
    [STORAGE_KEYS.user]: JSON.stringify(USERS.viewModeClient()),
    [STORAGE_KEYS.originalUser]: sealed,
    [STORAGE_KEYS.companyGroup]: '9',
  });
}

describe('leaveViewMode', () => {
  it('reverts with the view-mode token and prefers the fresh tokens of the answer', async () => {
    const api = await inViewMode({
      '/configuration/user/revert-view-mode': () => json(200, { result: 'success', ...tokens('fresh') }),
    });
    const result = await leaveViewMode(api);
    expect(result).toEqual({ restored: 'fresh', to: AFTER_REVERT_PATH });
    expect(api.calls).toEqual([
      { path: '/configuration/user/revert-view-mode', auth: 'Bearer view-access', body: undefined },
    ]);
    expect(api.store.getSnapshot()).toMatchObject({
      accessToken: 'fresh-access',
      refreshToken: 'fresh-refresh',
    });
    expect(api.store.getSnapshot().user?.id).toBe(root.id);
    expect(api.storage.data.has(STORAGE_KEYS.originalUser)).toBe(false);
    expect(api.storage.data.get(STORAGE_KEYS.companyGroup)).toBe('5');
  });

  it('falls back to the saved original tokens when the revert fails', async () => {
    const api = await inViewMode({
      '/configuration/user/revert-view-mode': () =>
        json(500, { error: { code: 'internal_error', message: 'x' } }),
    });
    const result = await leaveViewMode(api);
    expect(result.restored).toBe('saved');
    expect(api.store.getSnapshot()).toMatchObject({
      accessToken: 'root-access',
      refreshToken: 'root-refresh',
    });
    expect(api.storage.data.has(STORAGE_KEYS.originalUser)).toBe(false);
  });

  it('renews an expired view-mode token once, then reverts', async () => {
    let reverts = 0;
    const api = await inViewMode({
      '/configuration/user/revert-view-mode': (auth) => {
        reverts++;
        return auth === 'Bearer view2-access'
          ? json(200, { result: 'success', ...tokens('fresh') })
          : json(401, UNAUTHENTICATED);
      },
      '/auth/refresh-token': () => json(200, tokens('view2')),
    });
    expect((await leaveViewMode(api)).restored).toBe('fresh');
    expect(reverts).toBe(2);
    expect(api.calls.map((c) => c.path)).toEqual([
      '/configuration/user/revert-view-mode',
      '/auth/refresh-token',
      '/configuration/user/revert-view-mode',
    ]);
    expect(api.calls[1]?.body).toEqual({ refresh_token: 'view-refresh' });
  });

  it('sends an agency that viewed its client back to its client list', async () => {
    const api = await inViewMode(
      { '/configuration/user/revert-view-mode': () => json(200, { result: 'success', ...tokens('fresh') }) },
      makeUser(),
    );
    expect((await leaveViewMode(api)).to).toBe(AFTER_REVERT_PATH_AGENCY);
  });

  it('ends the session when there is nothing to restore', async () => {
    const api = await setup(
      { '/configuration/user/revert-view-mode': () => json(401, UNAUTHENTICATED) },
      { [STORAGE_KEYS.accessToken]: 'view-access' },
    );
    expect(await leaveViewMode(api)).toEqual({ restored: 'ended', to: '/login' });
    expect(api.store.getSnapshot().accessToken).toBeNull();
  });
});

describe('logout in view mode', () => {
  it('removes the saved original user data with the session', async () => {
    const api = await inViewMode({});
    api.store.clear();
    expect(api.storage.data.has(STORAGE_KEYS.originalUser)).toBe(false);
    expect(api.storage.data.has(STORAGE_KEYS.accessToken)).toBe(false);
  });
});
