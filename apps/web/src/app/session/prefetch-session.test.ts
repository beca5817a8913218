import { makeUser } from '@app/policy/testing';
import { QueryClient } from '@tanstack/react-query';
import { describe, expect, it } from 'vitest';
import type { HttpClient, HttpRequest } from '../../api/http';
import { sessionKeys } from '../../api/session';
import { prefetchSession } from './prefetch-session';

const SETUP = { setupcompleted: true };

/** Answers GET /user with `user` (or fails) and the setup check with SETUP; records the paths asked. */
function fakeHttp(user: unknown, fail = false) {
  const paths: string[] = [];
  const http = {
    request: async ({ path }: HttpRequest) => {
      paths.push(path);
      if (path === '/user') {
        if (fail) throw new Error('offline');
        return user;
      }
      return SETUP;
    },
  } as unknown as HttpClient;
  return { http, paths };
}

const settled = (client: QueryClient) => expect.poll(() => client.isFetching(), { interval: 5 }).toBe(0);

describe('prefetchSession', () => {
  it('asks for the user and, with a stored user, the setup check at once', async () => {
    const user = makeUser({ id: 7 });
    const { http, paths } = fakeHttp(user);
    const client = new QueryClient();
    prefetchSession(client, http, 7);
    expect(paths).toEqual(['/user/checksetupcomplete/7', '/user']);
    await settled(client);
    expect(client.getQueryData(sessionKeys.user())).toEqual(user);
    expect(client.getQueryData(sessionKeys.setup(7))).toEqual(SETUP);
    expect(paths).toHaveLength(2);
  });

  it('without a stored user, asks for the setup check of the user GET /user names', async () => {
    const { http, paths } = fakeHttp(makeUser({ id: 12 }));
    const client = new QueryClient();
    prefetchSession(client, http, null);
    await settled(client);
    expect(paths).toEqual(['/user', '/user/checksetupcomplete/12']);
    expect(client.getQueryData(sessionKeys.setup(12))).toEqual(SETUP);
  });

  it('leaves a failed GET /user in the cache for the route guard, and asks nothing more', async () => {
    const { http, paths } = fakeHttp(null, true);
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchSession(client, http, null);
    await settled(client);
    expect(client.getQueryState(sessionKeys.user())?.status).toBe('error');
    expect(paths).toEqual(['/user']);
  });
});
