import { connect } from 'node:net';
import { apiErrorSchema, ERROR_CODES, SMTP_NOT_CONFIGURED } from '@app/contracts';
import { companies, DEMO, eq, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { bearer, gtoken, send, signIn } from '../../test/sign-in.js';

/**
 * Issue 8, finding 7: bad input is a client error in our one error shape, never a 500 — ids beyond
 * int32, control characters in text, and requests Fastify's parsers refuse.
 */
let rt: TestRuntime;
let root: string;
let owner: string;
let ownerId: number;
let northwind: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  root = (await signIn(rt, DEMO.master.rootUser.email, { ip: '192.0.2.71' })).access_token;
  owner = (await signIn(rt, DEMO.northwind.owner.email, { ip: '192.0.2.72' })).access_token;
  const db = rt.database.db;
  ownerId = (await db.select().from(users).where(eq(users.email, DEMO.northwind.owner.email)))[0]!.id;
  northwind = (await db.select().from(companies).where(eq(companies.name, DEMO.northwind.name)))[0]!.id;
});
afterAll(() => rt?.close());

type Answer = { statusCode: number; body: string; json: () => unknown };

/** The answer is `status` in our shape ({ error: { code, message, fields? } }) with `code`. */
function expectError(res: Answer, status: number, code: string) {
  expect(res.statusCode, res.body).toBe(status);
  const body = res.json() as { error?: Record<string, unknown> };
  expect(Object.keys(body)).toEqual(['error']);
  expect(body.error).toMatchObject({ code, message: expect.any(String) });
  expect(Object.keys(body.error!).every((key) => ['code', 'message', 'fields'].includes(key))).toBe(true);
  return body.error as { code: string; message: string; fields?: Record<string, string> };
}

/** A 400 validation answer naming `field`. */
function expectRefusedField(res: Answer, field: string) {
  const error = expectError(res, 400, ERROR_CODES.validation);
  expect(error.fields, res.body).toHaveProperty(field);
}

/** A multipart body as a browser's FormData sends it. */
function multipart(fields: Record<string, string | number>, boundary = 'bad-input-boundary-3f9c') {
  const parts = Object.entries(fields).map(
    ([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  return {
    payload: `${parts.join('')}--${boundary}--\r\n`,
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

const postRaw = (url: string, contentType: string, payload: string, token?: string) =>
  rt.app.inject({
    method: 'POST',
    url,
    headers: { 'content-type': contentType, ...(token ? bearer(token) : {}) },
    payload,
  });

describe('ids beyond int32 answer 404, like an unknown id', () => {
  it('in a path id the access rule checks (GET /user/{id})', async () => {
    for (const id of [2 ** 31, 2 ** 32, 2 ** 53 - 1, 2 ** 31 - 1]) {
      const res = await rt.app.inject({ url: `/api/user/${id}`, headers: bearer(root) });
      expectError(res, 404, ERROR_CODES.notFound);
    }
  });

  it('in a body id the access rule checks (usrID of the view-mode switch)', async () => {
    const res = await send(rt, '/api/configuration/user/switch', { usrID: 2 ** 31 }, { token: root });
    expectError(res, 404, ERROR_CODES.notFound);
  });

  it('in a body id only the schema reads (the group renamed)', async () => {
    const res = await send(
      rt,
      '/api/company/group',
      { companyGroupID: 2 ** 31, companyGroupName: 'Big id', companyID: northwind },
      { token: owner },
    );
    expectError(res, 404, ERROR_CODES.notFound);
  });

  it('in a path id only the schema reads (the role removed)', async () => {
    const res = await rt.app.inject({
      method: 'DELETE',
      url: `/api/configuration/role-module/remove/${northwind}/${2 ** 31}`,
      headers: bearer(owner),
    });
    expectError(res, 404, ERROR_CODES.notFound);
  });
  it('in the ids of the multipart forms (profile, branding image)', async () => {
    const profile = multipart({ profilestep: '2', id: 2 ** 31, company: 'Northwind Digital' });
    expectError(
      await postRaw('/api/user/update', profile.contentType, profile.payload, owner),
      404,
      ERROR_CODES.notFound,
    );
    const image = multipart({ companyID: 2 ** 31, kind: 'logo' });
    expectError(
      await postRaw('/api/configuration/setting/branding-image', image.contentType, image.payload, owner),
      404,
      ERROR_CODES.notFound,
    );
  });
});

describe('control characters are refused by validation (400)', () => {
  it('NUL in the host of forgot-password and sign-in', async () => {
    const forgot = await send(rt, '/api/forgetpass', {
      username: DEMO.northwind.owner.email,
      gtoken: await gtoken(rt),
      domainName: 'local\u0000host',
    });
    expectRefusedField(forgot, 'domainName');
    const login = await send(rt, '/api/login', {
      username: DEMO.northwind.owner.email,
      password: 'whatever-it-is',
      gtoken: await gtoken(rt),
      domainName: 'localhost\u0000',
    });
    expectRefusedField(login, 'domainName');
  });

  it('NUL in a path segment and in a query host', async () => {
    expectRefusedField(await rt.app.inject({ url: '/api/general/referralink/check/%00' }), 'refcode');
    expectRefusedField(
      await rt.app.inject({ url: '/api/document/agreement?name=privacy-policy&host=%00' }),
      'host',
    );
  });

  it('NUL, DEL, TAB or a line break in a group name', async () => {
    for (const name of ['Gr\u0000oup', 'Gr\u007foup', 'Gr\toup', 'Gr\noup']) {
      const res = await send(
        rt,
        '/api/company/group',
        { companyGroupName: name, companyID: northwind },
        { token: owner },
      );
      expectRefusedField(res, 'companyGroupName');
    }
  });

  it('NUL in the host of an SSO link', async () => {
    const res = await send(
      rt,
      '/api/v1/developer/sso/create',
      { userID: ownerId, host: 'northwind.local\u0000host' },
      { token: owner },
    );
    expectRefusedField(res, 'host');
  });

  it('NUL in a field of the multipart profile form', async () => {
    const form = multipart({
      profilestep: '1',
      id: ownerId,
      name: 'Nora\u0000Owens',
      email: DEMO.northwind.owner.email,
      phone: '3125550111',
      phoneCountryCode: 'US',
      phoneCountryDialCode: '+1',
    });
    const res = await postRaw('/api/user/update', form.contentType, form.payload, owner);
    expectRefusedField(res, 'name');
  });

  it('keeps tabs and line breaks in a multi-line text (the test e-mail body), but not NUL', async () => {
    const mail = (content: string) => ({
      fromAddress: 'hello@northwind.test',
      fromName: 'Northwind',
      subject: 'Checking',
      content,
      testEmailAddress: 'person@example.test',
      companyID: northwind,
    });
    // Northwind has no SMTP server saved: a body that passes validation gets that answer.
    const lines = await send(rt, '/api/configuration/setting/test-email', mail('Hello,\r\n\tsecond line\n'), {
      token: owner,
    });
    expect(lines.statusCode, lines.body).toBe(400);
    expect((lines.json() as { error: { message: string } }).error.message).toBe(SMTP_NOT_CONFIGURED);
    const nul = await send(rt, '/api/configuration/setting/test-email', mail('Hello\u0000'), {
      token: owner,
    });
    expectRefusedField(nul, 'content');
    const subject = await send(
      rt,
      '/api/configuration/setting/test-email',
      { ...mail('Hello'), subject: 'Two\nlines' },
      { token: owner },
    );
    expectRefusedField(subject, 'subject');
  });
});

describe('requests the parsers refuse answer 400 (413 when too large) in our error shape', () => {
  it('a multipart form without a boundary', async () => {
    for (const url of ['/api/user/update', '/api/configuration/setting/branding-image']) {
      expectError(await postRaw(url, 'multipart/form-data', 'x', owner), 400, ERROR_CODES.badRequest);
      expectError(
        await postRaw(url, 'multipart/form-data; boundary=', 'x', owner),
        400,
        ERROR_CODES.badRequest,
      );
    }
  });

  it('a multipart form cut short in the middle of its file', async () => {
    const cut = (field: string) =>
      `--cut\r\nContent-Disposition: form-data; name="${field}"; filename="a.png"\r\nContent-Type: image/png\r\n\r\nabc`;
    const urls = { pict: '/api/user/update', file: '/api/configuration/setting/branding-image' };
    for (const [field, url] of Object.entries(urls)) {
      const res = await postRaw(url, 'multipart/form-data; boundary=cut', cut(field), owner);
      expectError(res, 400, ERROR_CODES.badRequest);
    }
  });

  it('a URL that is not valid percent-encoding, on the API and off it', async () => {
    for (const url of [
      '/api/user/%E0%A4%A',
      '/api/general/referralink/check/%E0%A4%A',
      '/some/page/%E0%A4%A',
    ]) {
      expectError(await rt.app.inject({ url, headers: bearer(owner) }), 400, ERROR_CODES.badRequest);
    }
  });

  it('a path segment longer than any host name answers 414; a 253-character host is looked up', async () => {
    for (const url of [
      `/api/domainsubdomain/${'a'.repeat(301)}/a`,
      `/api/general/referralink/check/${'a'.repeat(301)}`,
      `/api/user/${'9'.repeat(301)}`,
    ]) {
      expectError(await rt.app.inject({ url, headers: bearer(owner) }), 414, ERROR_CODES.badRequest);
    }
    const longHost = `${'a'.repeat(61)}.${'b'.repeat(61)}.${'c'.repeat(61)}.${'d'.repeat(57)}.test`;
    const res = await rt.app.inject({ url: `/api/domainsubdomain/${longHost}/${'a'.repeat(61)}` });
    expect(res.statusCode, res.body).toBe(200);
  });

  it('a body that is not JSON, or not of a media type we read', async () => {
    expectError(await postRaw('/api/forgetpass', 'application/json', '{"dt":'), 400, ERROR_CODES.badRequest);
    expectError(await postRaw('/api/forgetpass', 'application/xml', '<dt/>'), 400, ERROR_CODES.badRequest);
  });

  it('a body over the limit', async () => {
    const res = await postRaw(
      '/api/forgetpass',
      'application/json',
      JSON.stringify({ dt: 'x'.repeat(1_100_000) }),
    );
    expectError(res, 413, ERROR_CODES.badRequest);
  });
});

describe('requests the HTTP parser refuses answer in our shape and say the connection closes', () => {
  /** Sends raw bytes and reads until the server closes the connection. */
  function exchange(port: number, request: string): Promise<string> {
    return new Promise((resolve, reject) => {
      const socket = connect(port, '127.0.0.1');
      const chunks: Buffer[] = [];
      socket.setTimeout(10_000, () => reject(new Error('the server kept the connection open')));
      socket.on('data', (chunk) => chunks.push(chunk));
      socket.on('error', reject);
      socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
      socket.write(request);
    });
  }

  it.each([
    [
      'headers beyond the limit',
      `GET /api/app-config HTTP/1.1\r\nHost: localhost\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`,
      431,
      'The request headers are too large.',
    ],
    [
      'a URL beyond the limit',
      `GET /api/${'a'.repeat(20_000)} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      414,
      'The URL is too long.',
    ],
    ['bytes that are not HTTP', 'HELLO THERE\r\n\r\n', 400, 'The request is not valid HTTP.'],
  ])('%s', async (_name, request, status, message) => {
    const app = await rt.buildAppWith({});
    try {
      await app.listen({ port: 0, host: '127.0.0.1' });
      const { port } = app.server.address() as { port: number };
      const answer = await exchange(port, request);
      const [head = '', body = ''] = answer.split('\r\n\r\n');
      const [statusLine, ...headers] = head.split('\r\n');
      expect(statusLine).toMatch(new RegExp(`^HTTP/1.1 ${status} `));
      const header = (name: string) =>
        headers
          .find((h) => h.toLowerCase().startsWith(`${name}:`))
          ?.slice(name.length + 1)
          .trim();
      expect(header('connection')).toBe('close');
      expect(header('content-type')).toBe('application/json; charset=utf-8');
      expect(Number(header('content-length'))).toBe(Buffer.byteLength(body));
      expect(apiErrorSchema.strict().parse(JSON.parse(body))).toEqual({
        error: { code: ERROR_CODES.badRequest, message },
      });
    } finally {
      await app.close();
    }
  });
});
