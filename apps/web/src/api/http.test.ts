import { CLIENT_IP_HEADER, importEnvelopeKey, openEnvelope, TIMEZONE_HEADER } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  ApiRequestError,
  buildUrl,
  createHttpClient,
  failureMessage,
  GENERIC_FAILURE_MESSAGE,
  type HttpClientOptions,
  TOO_MANY_ATTEMPTS_MESSAGE,
} from './http';

const KEY_B64 = Buffer.alloc(32, 7).toString('base64');

interface Recorded {
  url: string;
  init: RequestInit;
}

function fakeFetch(responses: Response[]) {
  const calls: Recorded[] = [];
  const impl = async (input: RequestInfo | URL, init?: RequestInit) => {
    calls.push({ url: String(input), init: init ?? {} });
    const next = responses.shift();
    if (!next) throw new TypeError('network down');
    return next;
  };
  return { calls, impl: impl as typeof fetch };
}

const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });

async function client(responses: Response[], extra: Partial<HttpClientOptions> = {}) {
  const key = await importEnvelopeKey(KEY_B64);
  const fake = fakeFetch(responses);
  const http = createHttpClient({
    apiBase: '/api/',
    envelopeKey: key,
    getAccessToken: () => null,
    fetch: fake.impl,
    timeZone: () => 'America/Chicago',
    ...extra,
  });
  return { http, calls: fake.calls, key };
}

const header = (call: Recorded | undefined, name: string) => new Headers(call?.init.headers).get(name);

describe('buildUrl', () => {
  it('joins base and path and drops empty query values', () => {
    expect(
      buildUrl('/api/', '/document/agreement', { name: 'term-of-use', host: 'a.test', x: undefined }),
    ).toBe('/api/document/agreement?name=term-of-use&host=a.test');
    expect(buildUrl('http://localhost:3000/api', 'login')).toBe('http://localhost:3000/api/login');
  });
});

describe('createHttpClient', () => {
  it('sends the time zone and no Authorization without a token', async () => {
    const { http, calls } = await client([json(200, { ok: true })]);
    await expect(http.get('/app-thing')).resolves.toEqual({ ok: true });
    expect(calls[0]?.url).toBe('/api/app-thing');
    expect(header(calls[0], TIMEZONE_HEADER)).toBe('America/Chicago');
    expect(header(calls[0], 'Authorization')).toBeNull();
    expect(calls[0]?.init.body).toBeUndefined();
  });

  it('adds the bearer token and client IP when present', async () => {
    const { http, calls } = await client([json(200, {})], {
      getAccessToken: () => 'tok-1',
      getClientIp: () => '203.0.113.9',
    });
    await http.get('/user');
    expect(header(calls[0], 'Authorization')).toBe('Bearer tok-1');
    expect(header(calls[0], CLIENT_IP_HEADER)).toBe('203.0.113.9');
  });

  it('seals JSON bodies into a single dt field the server can open', async () => {
    const { http, calls, key } = await client([json(200, { access_token: 'a' })]);
    const body = { username: 'ann@example.com', password: 'secret', gtoken: '' };
    await http.post('/login', body);
    expect(calls[0]?.init.method).toBe('POST');
    expect(header(calls[0], 'Content-Type')).toBe('application/json');
    const sent = JSON.parse(String(calls[0]?.init.body));
    expect(Object.keys(sent)).toEqual(['dt']);
    expect(sent.dt).toMatch(/^v1\./);
    expect(String(calls[0]?.init.body)).not.toContain('secret');
    await expect(openEnvelope(key, sent.dt)).resolves.toEqual(body);
  });

  it('sends FormData as is', async () => {
    const { http, calls } = await client([json(200, {})]);
    const form = new FormData();
    form.set('name', 'Ann');
    await http.request({ method: 'POST', path: '/user/update', body: form });
    expect(calls[0]?.init.body).toBe(form);
    expect(header(calls[0], 'Content-Type')).toBeNull();
  });

  it('parses the ApiError shape of a failure', async () => {
    const { http } = await client([
      json(422, {
        error: { code: 'validation_failed', message: 'Invalid login', fields: { username: 'Required' } },
      }),
    ]);
    const error = await http.post('/login', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiRequestError);
    expect(error).toMatchObject({ status: 422, code: 'validation_failed', message: 'Invalid login' });
    expect((error as ApiRequestError).fields).toEqual({ username: 'Required' });
  });

  it('turns unexpected failures into the generic message', async () => {
    const { http } = await client([new Response('<html>bad gateway</html>', { status: 502 })]);
    await expect(http.get('/x')).rejects.toMatchObject({ status: 502, message: GENERIC_FAILURE_MESSAGE });
    const offline = await client([]);
    await expect(offline.http.get('/x')).rejects.toMatchObject({ status: 0, code: 'network_error' });
  });

  it('rejects answers that do not match the schema', async () => {
    const { http } = await client([json(200, { nope: 1 })]);
    const schema = {
      safeParse: (v: unknown) =>
        typeof v === 'object' && v !== null && 'id' in v
          ? { success: true as const, data: v as { id: number } }
          : { success: false as const, error: 'bad' },
    };
    await expect(http.get('/thing', schema)).rejects.toMatchObject({ code: 'invalid_response' });
  });

  it('hands unauthenticated failures to the handler, which can retry with a new token', async () => {
    let token = 'old';
    const seen: boolean[] = [];
    const { http, calls } = await client(
      [json(401, { error: { code: 'unauthenticated', message: 'Unauthenticated.' } }), json(200, { id: 1 })],
      {
        getAccessToken: () => token,
        onUnauthenticated: async ({ retry, retried }) => {
          seen.push(retried);
          token = 'new';
          return retry();
        },
      },
    );
    await expect(http.get('/user')).resolves.toEqual({ id: 1 });
    expect(seen).toEqual([false]);
    expect(header(calls[1], 'Authorization')).toBe('Bearer new');
  });

  it('tells the handler which token the failed attempt carried', async () => {
    const sent: (string | null)[] = [];
    const { http } = await client([json(401, {})], {
      getAccessToken: () => 'tok-9',
      onUnauthenticated: async ({ error, sentToken }) => {
        sent.push(sentToken);
        throw error;
      },
    });
    await expect(http.get('/user')).rejects.toMatchObject({ status: 401 });
    expect(sent).toEqual(['tok-9']);
  });

  it('keeps sign-in calls away from the handler: their 401 means wrong credentials', async () => {
    let handled = 0;
    const { http } = await client(
      [json(401, { error: { code: 'invalid_credentials', message: 'Wrong e-mail or password.' } })],
      {
        onUnauthenticated: async () => {
          handled++;
        },
      },
    );
    await expect(
      http.request({ method: 'POST', path: '/login', body: {}, skipRefresh: true }),
    ).rejects.toMatchObject({ message: 'Wrong e-mail or password.' });
    expect(handled).toBe(0);
  });

  it('sends PUT bodies sealed too', async () => {
    const { http, calls, key } = await client([json(200, { message: 'ok' })]);
    await http.put('/setting/twofactorauth/5', { userId: 5 });
    expect(calls[0]?.init.method).toBe('PUT');
    const sent = JSON.parse(String(calls[0]?.init.body));
    await expect(openEnvelope(key, sent.dt)).resolves.toEqual({ userId: 5 });
  });
});

describe('failureMessage', () => {
  it("shows the server's message, the generic one otherwise, and names a bare 429", () => {
    expect(failureMessage(new ApiRequestError(422, 'x', 'E-mail not found.'))).toBe('E-mail not found.');
    expect(failureMessage(new Error('boom'))).toBe(GENERIC_FAILURE_MESSAGE);
    expect(failureMessage(new ApiRequestError(429, 'http_429', GENERIC_FAILURE_MESSAGE))).toBe(
      TOO_MANY_ATTEMPTS_MESSAGE,
    );
    expect(failureMessage(new ApiRequestError(429, 'rate_limited', 'Slow down.'))).toBe('Slow down.');
  });
});
