import { importEnvelopeKey, PUBLIC_DOCUMENTS, sealEnvelope } from '@app/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { PUBLIC } from './access.js';

let rt: TestRuntime;
/** An app on the runtime's services with a test route (the runtime's own has loaded its plugins). */
let app: Awaited<ReturnType<TestRuntime['buildAppWith']>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  app = await rt.buildAppWith({});
  // A route with a body schema, as every write route of the product has one.
  app.post(
    '/api/test/echo',
    {
      config: { access: PUBLIC },
      schema: {
        body: z.strictObject({ name: z.string().max(5, 'Name is too long.'), count: z.number().int() }),
      },
    },
    async (request) => ({ received: request.body }),
  );
});
afterAll(async () => {
  await app?.close();
  await rt?.close();
});

const post = (payload: unknown, contentType = 'application/json') =>
  app.inject({
    method: 'POST',
    url: '/api/test/echo',
    headers: { 'content-type': contentType },
    payload: typeof payload === 'string' ? payload : JSON.stringify(payload),
  });

describe('dt envelope', () => {
  it('opens a valid envelope and validates the decrypted body with the route schema', async () => {
    const res = await post({ dt: await rt.seal({ name: 'Ada', count: 2 }) });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ received: { name: 'Ada', count: 2 } });
  });

  it('answers the schema error, with its text, for a valid envelope holding a bad body', async () => {
    const res = await post({ dt: await rt.seal({ name: 'Too long', count: 2 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ code: 'validation_failed', message: 'Name is too long.' });
    const extra = await post({ dt: await rt.seal({ name: 'Ada', count: 2, isAdmin: true }) });
    expect(extra.statusCode).toBe(400);
  });

  it.each([
    ['a plain JSON body', async () => ({ name: 'Ada', count: 2 })],
    ['dt beside other fields', async () => ({ dt: await rt.seal({ name: 'Ada', count: 2 }), name: 'x' })],
    ['a dt that is not a string', async () => ({ dt: 42 })],
    ['an unknown format', async () => ({ dt: 'hello' })],
    ['an unknown version', async () => ({ dt: (await rt.seal({ a: 1 })).replace(/^v1\./, 'v9.') })],
    ['broken base64url', async () => ({ dt: 'v1.***' })],
    ['a too short envelope', async () => ({ dt: 'v1.AAAA' })],
    ['an array body', async () => [1, 2]],
  ])('rejects %s with 400 invalid_envelope', async (_label, build) => {
    const res = await post(await build());
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_envelope');
  });

  it('rejects a tampered envelope (one flipped byte)', async () => {
    const dt = await rt.seal({ name: 'Ada', count: 2 });
    const bytes = Buffer.from(dt.slice(3), 'base64url');
    bytes[bytes.length - 20] = (bytes[bytes.length - 20] ?? 0) ^ 0x01;
    const res = await post({ dt: `v1.${bytes.toString('base64url')}` });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toEqual({
      code: 'invalid_envelope',
      message: 'Invalid dt envelope: dt envelope could not be decrypted.',
    });
  });

  it('rejects an envelope sealed with another deployment key', async () => {
    const otherKey = await importEnvelopeKey(Buffer.alloc(32, 7).toString('base64'));
    const res = await post({ dt: await sealEnvelope(otherKey, { name: 'Ada', count: 2 }) });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe('invalid_envelope');
  });

  it('rejects invalid JSON with the one error shape and no stack trace', async () => {
    const res = await post('{"dt": ', 'application/json');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json())).toEqual(['error']);
    expect(res.body).not.toMatch(/at .*\.js:\d+/);
  });

  it('leaves GET requests alone', async () => {
    const res = await rt.app.inject({ url: `/api/document/agreement?name=${PUBLIC_DOCUMENTS[0]}` });
    expect(res.statusCode).toBe(200);
  });
});
