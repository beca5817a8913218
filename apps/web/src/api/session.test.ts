import { makeUser } from '@app/policy/testing';
import { describe, expect, it } from 'vitest';
import type { HttpClient } from './http';
import { fetchSessionUser, INVALID_USER_CODE } from './session';

const httpAnswering = (answer: unknown) =>
  ({
    request: async () => answer,
  }) as unknown as HttpClient;

describe('fetchSessionUser', () => {
  it('returns the parsed user', async () => {
    const user = makeUser();
    await expect(fetchSessionUser(httpAnswering(user))).resolves.toEqual(user);
  });

  it('refuses data failing the stored-user rule before anything is stored (spec 1 §4)', async () => {
    const { systemuser: _s, rootcomp: _r, ...withoutFlags } = makeUser();
    await expect(fetchSessionUser(httpAnswering(withoutFlags))).rejects.toMatchObject({
      code: INVALID_USER_CODE,
    });
    await expect(fetchSessionUser(httpAnswering('failed'))).rejects.toMatchObject({
      code: INVALID_USER_CODE,
    });
  });

  it('refuses data the contracts schema does not accept', async () => {
    await expect(fetchSessionUser(httpAnswering({ ...makeUser(), id: 'x' }))).rejects.toMatchObject({
      code: 'invalid_response',
    });
  });
});
