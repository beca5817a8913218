import http from 'node:http';
import type { AddressInfo } from 'node:net';
import net from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fakeDns, SITE_TEST_TLS, startLocalServer } from '../../../test/local-web.js';
import { createGuardedHttp, type GuardedHttp, type GuardedHttpResult } from './guarded-http.js';
import type { AddressPermit } from './safe-resolve.js';

/*
 * Real servers on 127.0.0.1. The client reaches them only through the test permit below; the
 * production client (no permit) must refuse every one of them, and the SSRF list, before connecting.
 */

interface TestServer {
  port: number;
  /** TCP connections accepted. */
  connections: number;
  requests: { method: string; url: string; headers: http.IncomingHttpHeaders; body: string }[];
  close(): Promise<void>;
}

async function listen(handler: http.RequestListener): Promise<TestServer> {
  const server = http.createServer();
  const state: TestServer = {
    port: 0,
    connections: 0,
    requests: [],
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  server.on('connection', () => {
    state.connections++;
  });
  server.on('request', (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      state.requests.push({
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      handler(req, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  state.port = (server.address() as AddressInfo).port;
  return state;
}

/** Lets the tests' local servers through (127.0.0.1 only); production passes no permit. */
const localTestServer: AddressPermit = (address, kind) => kind === 'public' || address === '127.0.0.1';

const dns = fakeDns({
  'hooks.test': ['127.0.0.1'],
  'site.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  localhost: ['127.0.0.1', '::1'],
  'internal.test': ['127.0.0.1'],
  'private.test': ['10.1.2.3'],
  'metadata.test': ['169.254.169.254'],
  'v6-loopback.test': ['::1'],
  'mixed.test': ['93.184.216.34', '10.0.0.1'],
  'mixed-v6.test': ['2606:4700:4700::1111', 'fd00::1'],
});

let app: TestServer;
let sentinel: TestServer;
const clients: GuardedHttp[] = [];
const client = (options: Parameters<typeof createGuardedHttp>[0] = {}) => {
  const made = createGuardedHttp({ resolver: dns, permit: localTestServer, ...options });
  clients.push(made);
  return made;
};

beforeAll(async () => {
  app = await listen((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    switch (url.pathname) {
      case '/hook':
        res.writeHead(202, { 'content-type': 'application/json', 'x-seen': 'yes' }).end('{"ok":true}');
        return;
      case '/hang':
        return; // never answers
      case '/slow-body':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.write('start'); // …and never ends
        return;
      case '/huge':
        res.writeHead(200, { 'content-type': 'text/plain' });
        res.end('x'.repeat(5 * 1024 * 1024));
        return;
      case '/redirect':
        res.writeHead(302, { location: url.searchParams.get('to') ?? '/' }).end();
        return;
      case '/close':
        res.writeHead(200, { connection: 'close' }).end('bye');
        return;
      default:
        res.writeHead(404).end('no such page');
    }
  });
  sentinel = await listen((_req, res) => res.writeHead(200).end('reached'));
});

afterAll(async () => {
  await Promise.all(clients.map((c) => c.close()));
  await app?.close();
  await sentinel?.close();
});

const kindOf = (result: GuardedHttpResult) =>
  result.kind === 'response' ? `response:${result.status}` : `${result.kind}:${result.reason}`;

describe('guarded http: requests', () => {
  it('POSTs a JSON body with its method, headers and body intact, the Host being the URL name', async () => {
    const body = JSON.stringify({ type: 'lead.created', data: { email: 'ann@example.com', name: 'Ann Ö' } });
    const result = await client().request(`http://hooks.test:${app.port}/hook?x=1`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'webhook-id': 'msg_1', host: 'evil.internal' },
      body,
    });
    expect(result).toMatchObject({
      kind: 'response',
      status: 202,
      body: '{"ok":true}',
      truncated: false,
      address: '127.0.0.1',
    });
    expect(result.kind === 'response' && result.headers['x-seen']).toBe('yes');
    expect(result.latencyMs).toBeGreaterThanOrEqual(0);
    const seen = app.requests.at(-1);
    expect(seen).toMatchObject({ method: 'POST', url: '/hook?x=1', body });
    expect(seen?.headers).toMatchObject({
      host: `hooks.test:${app.port}`,
      'content-type': 'application/json',
      'webhook-id': 'msg_1',
      'content-length': String(Buffer.byteLength(body)),
    });
  });

  it('keeps the connection alive: two requests to one origin use one socket and one DNS lookup', async () => {
    let lookups = 0;
    const http1 = client({
      resolver: async (host) => {
        lookups++;
        return dns(host);
      },
    });
    const before = app.connections;
    for (const n of [1, 2]) {
      const result = await http1.request(`http://hooks.test:${app.port}/hook`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: `{"n":${n}}`,
      });
      expect(kindOf(result)).toBe('response:202');
    }
    expect(app.connections - before).toBe(1);
    expect(lookups).toBe(1);
  });

  it('checks the host again at every new connection: a name that re-binds to a private address is refused', async () => {
    const answers = [['127.0.0.1'], ['10.0.0.5']];
    const rebinding = client({
      resolver: async () => (answers.shift() ?? ['10.0.0.5']).map((address) => ({ address, family: 4 })),
    });
    const before = app.requests.length;
    // The server closes each connection, so the second request needs (and checks) a new one.
    expect(kindOf(await rebinding.request(`http://rebind.test:${app.port}/close`, { method: 'GET' }))).toBe(
      'response:200',
    );
    const second = await rebinding.request(`http://rebind.test:${app.port}/close`, { method: 'GET' });
    expect(second).toMatchObject({ kind: 'refused', reason: 'not_public' });
    expect(second.kind === 'refused' && second.message).toMatch(/resolves to 10\.0\.0\.5, a private network/);
    expect(app.requests.length - before).toBe(1);
  });

  it('answers a redirect as a response and does not follow it', async () => {
    const result = await client().request(
      `http://hooks.test:${app.port}/redirect?to=${encodeURIComponent('/hook')}`,
      { method: 'GET' },
    );
    expect(result).toMatchObject({ kind: 'response', status: 302 });
    expect(result.kind === 'response' && result.headers.location).toBe('/hook');
    expect(app.requests.at(-1)?.url).toMatch(/^\/redirect/);
  });

  it('verifies TLS against the URL name while connecting to the checked address', async () => {
    const tls = await startLocalServer((_req, res) => res.writeHead(200).end('secure'), { tls: true });
    try {
      const withCa = client({ ca: SITE_TEST_TLS.cert });
      expect(await withCa.request(`https://site.test:${tls.port}/`, { method: 'GET' })).toMatchObject({
        kind: 'response',
        status: 200,
        body: 'secure',
      });
      // The same server, but its certificate does not name other.test.
      expect(kindOf(await withCa.request(`https://other.test:${tls.port}/`, { method: 'GET' }))).toBe(
        'failed:tls',
      );
      // A certificate nobody vouches for.
      const untrusted = await client().request(`https://site.test:${tls.port}/`, { method: 'GET' });
      expect(kindOf(untrusted)).toBe('failed:tls');
      expect(untrusted.kind === 'failed' && untrusted.message).toMatch(
        /secure connection could not be verified/,
      );
    } finally {
      await tls.close();
    }
  });
});

describe('guarded http: limits and failures', () => {
  it('gives up on a server that never answers, within the deadline', async () => {
    const result = await client().request(`http://hooks.test:${app.port}/hang`, {
      method: 'POST',
      body: '{}',
      timeoutMs: 300,
    });
    expect(kindOf(result)).toBe('failed:timeout');
    expect(result.latencyMs).toBeGreaterThanOrEqual(250);
    expect(result.latencyMs).toBeLessThan(2_000);
    expect(result.kind === 'failed' && result.message).toBe(
      `The host hooks.test:${app.port} did not answer within 0.3 seconds.`,
    );
  });

  it('gives up on a DNS lookup that never answers, within the deadline', async () => {
    const stuck = createGuardedHttp({ resolver: () => new Promise(() => {}) });
    const result = await stuck.request('http://slow-dns.test/', { method: 'GET', timeoutMs: 300 });
    expect(kindOf(result)).toBe('failed:timeout');
    expect(result.latencyMs).toBeLessThan(2_000);
    // close() does not wait for the lookup: what is left after its grace period is dropped.
    const closing = performance.now();
    await stuck.close();
    expect(performance.now() - closing).toBeLessThan(3_000);
  });

  it('gives up on a body that never ends, within the deadline', async () => {
    const result = await client().request(`http://hooks.test:${app.port}/slow-body`, {
      method: 'GET',
      timeoutMs: 300,
    });
    expect(kindOf(result)).toBe('failed:timeout');
    expect(result.latencyMs).toBeLessThan(2_000);
  });

  it('cuts a huge answer at the cap (64 KiB by default), or fails it when asked', async () => {
    const cut = await client().request(`http://hooks.test:${app.port}/huge`, { method: 'GET' });
    expect(cut).toMatchObject({ kind: 'response', status: 200, truncated: true });
    expect(cut.kind === 'response' && cut.body.length).toBe(64 * 1024);
    const small = await client().request(`http://hooks.test:${app.port}/huge`, {
      method: 'GET',
      maxResponseBytes: 1000,
    });
    expect(small.kind === 'response' && small.body.length).toBe(1000);
    const failed = await client().request(`http://hooks.test:${app.port}/huge`, {
      method: 'GET',
      maxResponseBytes: 1000,
      oversize: 'fail',
    });
    expect(kindOf(failed)).toBe('failed:too_large');
  });

  it('answers a refused connection, a broken answer and a bad header as results, not exceptions', async () => {
    const closed = await listen(() => {});
    const closedPort = closed.port;
    await closed.close();
    expect(kindOf(await client().request(`http://hooks.test:${closedPort}/`, { method: 'GET' }))).toBe(
      'failed:connection',
    );

    const garbage = net.createServer((socket) => socket.end('this is not HTTP\r\n\r\n').destroySoon());
    await new Promise<void>((resolve) => garbage.listen(0, '127.0.0.1', resolve));
    try {
      const port = (garbage.address() as AddressInfo).port;
      expect(kindOf(await client().request(`http://hooks.test:${port}/`, { method: 'GET' }))).toBe(
        'failed:bad_response',
      );
    } finally {
      await new Promise<void>((resolve) => garbage.close(() => resolve()));
    }

    const before = app.requests.length;
    const badHeader = await client().request(`http://hooks.test:${app.port}/hook`, {
      method: 'POST',
      headers: { 'x-injected': 'a\r\nx-evil: 1' },
      body: '{}',
    });
    expect(kindOf(badHeader)).toBe('refused:bad_request');
    expect(app.requests.length).toBe(before);
    expect(kindOf(await client().request('http://nowhere.test/', { method: 'GET' }))).toBe(
      'refused:not_found',
    );
  });
});

describe('guarded http: SSRF targets are refused before connecting', () => {
  it.each([
    ['not a url', 'bad_url'],
    ['ftp://hooks.test/', 'bad_url'],
    ['file:///etc/passwd', 'bad_url'],
    ['http://user:secret@hooks.test/', 'bad_url'],
    ['http://hooks.test:0/', 'bad_url'],
    ['http://hooks.test:65536/', 'bad_url'],
  ])('refuses %s as %s', async (url, reason) => {
    expect(await createGuardedHttp({ resolver: dns }).request(url, { method: 'GET' })).toMatchObject({
      kind: 'refused',
      reason,
    });
  });

  it('refuses every private, loopback, link-local and reserved target, in every notation', async () => {
    const P = sentinel.port;
    const production = createGuardedHttp({ resolver: dns }); // no permit: public addresses only
    clients.push(production);
    const targets = [
      // Loopback in every notation the URL parser normalises (pointed at the sentinel's port).
      `http://127.0.0.1:${P}/`,
      `http://127.1:${P}/`,
      `http://2130706433:${P}/`,
      `http://0x7f000001:${P}/`,
      `http://0177.0.0.1:${P}/`,
      `http://0x7f.0.0.1:${P}/`,
      `http://127.255.255.254:${P}/`,
      `https://127.0.0.1:${P}/`,
      `http://[::1]:${P}/`,
      `http://[0:0:0:0:0:0:0:1]:${P}/`,
      `http://[::ffff:127.0.0.1]:${P}/`,
      `http://[::ffff:7f00:1]:${P}/`,
      `http://[0:0:0:0:0:ffff:7f00:1]:${P}/`,
      `http://[::127.0.0.1]:${P}/`, // deprecated IPv4-compatible
      `http://localhost:${P}/`, // through the resolver: 127.0.0.1 and ::1
      `http://internal.test:${P}/`, // a DNS name whose resolver answers 127.0.0.1
      `http://v6-loopback.test:${P}/`,
      // Unspecified.
      `http://0.0.0.0:${P}/`,
      `http://0:${P}/`,
      `http://[::]:${P}/`,
      // Private, carrier-grade NAT, link-local (cloud metadata), unique-local.
      'http://10.0.0.1/',
      'http://10.255.255.254:8080/admin',
      'http://172.16.0.1/',
      'http://172.31.255.254/',
      'http://192.168.0.1/',
      'http://192.168.1.254:8443/',
      'http://100.64.0.1/',
      'http://100.127.255.254/',
      'http://169.254.169.254/latest/meta-data/',
      'http://[fe80::1]/',
      'http://[fc00::1]/',
      'http://[fd00::1]/',
      'http://private.test/',
      'http://metadata.test/latest/meta-data/',
      // Multicast and broadcast.
      'http://224.0.0.1/',
      'http://239.255.255.250/',
      'http://[ff02::1]/',
      'http://255.255.255.255/',
      // IPv4 inside IPv6: mapped, NAT64, 6to4.
      'http://[::ffff:10.0.0.1]/',
      'http://[::ffff:192.168.0.1]/',
      'http://[::ffff:169.254.169.254]/',
      'http://[64:ff9b::a9fe:a9fe]/',
      `http://[64:ff9b::7f00:1]:${P}/`,
      'http://[2002:c0a8:101::1]/',
      `http://[2002:7f00:1::1]:${P}/`,
      // Documentation, benchmarking, reserved.
      'http://192.0.2.1/',
      'http://198.51.100.1/',
      'http://203.0.113.1/',
      'http://198.18.0.1/',
      'http://240.0.0.1/',
      'http://[2001:db8::1]/',
      // One private address among public ones is enough.
      'http://mixed.test/',
      'http://mixed-v6.test/',
    ];
    const refused: string[] = [];
    const passed: string[] = [];
    for (const url of targets) {
      const result = await production.request(url, { method: 'GET', timeoutMs: 2_000 });
      if (result.kind === 'refused' && result.reason === 'not_public') refused.push(url);
      else passed.push(`${url} → ${kindOf(result)}`);
    }
    // A permitted server answering 302 to the sentinel: the client never follows a redirect.
    const redirects = client().request(
      `http://hooks.test:${app.port}/redirect?to=${encodeURIComponent(`http://127.0.0.1:${P}/`)}`,
      { method: 'GET' },
    );
    const redirect = await redirects;
    if (redirect.kind === 'response' && redirect.status === 302) refused.push('redirect to loopback');
    else passed.push(`redirect to loopback → ${kindOf(redirect)}`);

    const total = targets.length + 1;
    console.log(`SSRF targets refused before connecting: ${refused.length}/${total}`);
    expect(passed).toEqual([]);
    expect(refused.length).toBe(total);
    expect(total).toBeGreaterThanOrEqual(40);
    expect(sentinel.connections).toBe(0);
    expect(sentinel.requests).toEqual([]);
  });

  it('refuses the local test server itself without the test permit', async () => {
    const production = createGuardedHttp({ resolver: dns, label: 'The webhook host' });
    clients.push(production);
    const before = app.connections;
    const result = await production.request(`http://hooks.test:${app.port}/hook`, {
      method: 'POST',
      body: '{}',
    });
    expect(result).toMatchObject({ kind: 'refused', reason: 'not_public' });
    expect(result.kind === 'refused' && result.message).toBe(
      'The webhook host hooks.test resolves to 127.0.0.1, a loopback address. Connections to private, loopback, link-local and other non-public addresses are not allowed.',
    );
    expect(app.connections).toBe(before);
  });
});
