import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeDns,
  type LocalServer,
  publicOrLocalTestServer,
  SITE_TEST_TLS,
  startLocalServer,
} from '../../../test/local-web.js';
import { BROWSER_USER_AGENT, createGuardedFetcher, type GuardedFetchResult } from './guarded-fetch.js';

const PAGE = '<!doctype html><title>Shop</title><p>Hello</p>';

let web: LocalServer;
let tls: LocalServer;
let closedPort: number;
/** 20 MB of zeros in about 20 KB: the cap applies to what the page inflates to. */
const bomb = gzipSync(Buffer.alloc(20 * 1024 * 1024));

beforeAll(async () => {
  web = await startLocalServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x');
    const to = url.searchParams.get('to');
    switch (url.pathname) {
      case '/':
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(PAGE);
        return;
      case '/redirect':
        res.writeHead(Number(url.searchParams.get('status') ?? 302), to ? { location: to } : {}).end();
        return;
      case '/loop':
        res.writeHead(302, { location: '/loop' }).end();
        return;
      case '/gone':
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      case '/big':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<html>${'x'.repeat(300_000)}</html>`);
        return;
      case '/gzip':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(gzipSync(PAGE));
        return;
      case '/bomb':
        res.writeHead(200, { 'content-type': 'text/html', 'content-encoding': 'gzip' }).end(bomb);
        return;
      case '/bad-gzip':
        res.writeHead(200, { 'content-encoding': 'gzip' }).end('this is not gzip');
        return;
      case '/hang':
        res.writeHead(200, { 'content-type': 'text/html' });
        res.write('<html>'); // …and never ends
        return;
      default:
        res.writeHead(500).end();
    }
  });
  tls = await startLocalServer((_req, res) => res.writeHead(200).end(PAGE), { tls: true });
  const closed = await startLocalServer(() => {});
  closedPort = closed.port;
  await closed.close();
});
afterAll(async () => {
  await web?.close();
  await tls?.close();
});

const dns = () =>
  fakeDns({
    'site.test': ['127.0.0.1'],
    'other.test': ['127.0.0.1'],
    'internal.test': ['10.1.2.3'],
    'mixed.test': ['93.184.216.34', '192.168.0.10'],
    'metadata.test': ['169.254.169.254'],
    'v6-loopback.test': ['::1'],
  });

/** A fetcher that may reach the local test servers (and nothing else that is not public). */
const open = (options: Parameters<typeof createGuardedFetcher>[0] = {}) =>
  createGuardedFetcher({ resolver: dns(), permit: publicOrLocalTestServer, ...options });
const site = (path = '/') => `http://site.test:${web.port}${path}`;

const kindOf = (result: GuardedFetchResult) =>
  result.kind === 'ok' ? 'ok' : `${result.kind}:${result.reason}`;

describe('guarded fetch: what it reads', () => {
  it('reads a page, sending the name as Host and a browser-like User-Agent', async () => {
    const result = await open()(site());
    expect(result).toMatchObject({ kind: 'ok', status: 200, body: PAGE, truncated: false, redirects: 0 });
    expect(result.kind === 'ok' && result.finalUrl).toBe(site());
    expect(result.kind === 'ok' && result.contentType).toBe('text/html; charset=utf-8');
    const seen = web.requests.at(-1);
    expect(seen?.host).toBe(`site.test:${web.port}`);
    expect(seen?.userAgent).toBe(BROWSER_USER_AGENT);
  });

  it('inflates a gzip body', async () => {
    expect(await open()(site('/gzip'))).toMatchObject({ kind: 'ok', body: PAGE });
  });

  it('follows a relative redirect and re-checks it', async () => {
    const result = await open()(site(`/redirect?status=301&to=${encodeURIComponent('/')}`));
    expect(result).toMatchObject({ kind: 'ok', body: PAGE, redirects: 1, finalUrl: site() });
  });

  it('verifies TLS against the URL name while connecting to the checked address', async () => {
    const withCa = open({ ca: SITE_TEST_TLS.cert });
    expect(await withCa(`https://site.test:${tls.port}/`)).toMatchObject({ kind: 'ok', body: PAGE });
    // The same server, but the certificate does not name other.test.
    const mismatch = await withCa(`https://other.test:${tls.port}/`);
    expect(kindOf(mismatch)).toBe('failed:tls');
    // A certificate nobody vouches for.
    const untrusted = await open()(`https://site.test:${tls.port}/`);
    expect(kindOf(untrusted)).toBe('failed:tls');
    expect(untrusted.kind !== 'ok' && untrusted.message).toMatch(/secure connection could not be verified/);
  });
});

describe('guarded fetch: limits', () => {
  it('fails a body over the limit, or keeps its start when asked to cut it off', async () => {
    expect(kindOf(await open({ maxBytes: 100_000 })(site('/big')))).toBe('failed:too_large');
    const cut = await open({ maxBytes: 100_000, oversize: 'truncate' })(site('/big'));
    expect(cut).toMatchObject({ kind: 'ok', truncated: true });
    expect(cut.kind === 'ok' && cut.body.length).toBe(100_000);
  });

  it('caps what a compressed body inflates to', async () => {
    expect(kindOf(await open({ maxBytes: 1_000_000 })(site('/bomb')))).toBe('failed:too_large');
    const cut = await open({ maxBytes: 1_000_000, oversize: 'truncate' })(site('/bomb'));
    expect(cut).toMatchObject({ kind: 'ok', truncated: true });
    expect(cut.kind === 'ok' && cut.body.length).toBe(1_000_000);
  });

  it('gives up when the whole fetch takes longer than its time limit', async () => {
    const result = await open({ timeoutMs: 300 })(site('/hang'));
    expect(kindOf(result)).toBe('failed:timeout');
  });

  it('stops after the most redirects it follows', async () => {
    const result = await open({ maxRedirects: 3 })(site('/loop'));
    expect(kindOf(result)).toBe('failed:too_many_redirects');
  });

  it('answers an HTTP error status, a broken body and a refused connection as failures', async () => {
    expect(await open()(site('/gone'))).toMatchObject({ kind: 'failed', reason: 'http_status', status: 404 });
    expect(kindOf(await open()(site('/bad-gzip')))).toBe('failed:bad_response');
    expect(kindOf(await open()(`http://site.test:${closedPort}/`))).toBe('failed:connection');
    expect(kindOf(await open()(site('/redirect?status=302')))).toBe('failed:bad_response');
  });
});

describe('guarded fetch: the outbound guard', () => {
  const strict = () => createGuardedFetcher({ resolver: dns() });

  it.each([
    ['http://127.0.0.1/', 'not_public'],
    ['http://127.0.0.1:8080/admin', 'not_public'],
    ['http://10.0.0.1/', 'not_public'],
    ['http://169.254.169.254/latest/meta-data/', 'not_public'],
    ['http://[::1]/', 'not_public'],
    ['http://[::ffff:127.0.0.1]/', 'not_public'],
    ['http://0.0.0.0/', 'not_public'],
    ['http://2130706433/', 'not_public'], // 127.0.0.1 as an integer: the URL parser makes it a dotted quad
    ['http://internal.test/', 'not_public'],
    ['http://metadata.test/', 'not_public'],
    ['http://v6-loopback.test/', 'not_public'],
    ['http://mixed.test/', 'not_public'], // one private address among public ones is enough
    ['http://nowhere.test/', 'not_found'],
    ['ftp://site.test/', 'bad_url'],
    ['file:///etc/passwd', 'bad_url'],
    ['http://user:secret@site.test/', 'bad_url'],
    ['not a url', 'bad_url'],
    ['http://site.test:0/', 'bad_url'],
  ])('refuses %s (%s) before connecting', async (url, reason) => {
    const before = web.requests.length;
    const result = await strict()(url);
    expect(result).toMatchObject({ kind: 'refused', reason });
    expect(web.requests.length).toBe(before);
  });

  it('refuses the local test server itself without the test permit', async () => {
    const result = await strict()(site());
    expect(result).toMatchObject({ kind: 'refused', reason: 'not_public' });
    expect(result.kind === 'refused' && result.message).toMatch(
      /resolves to 127\.0\.0\.1, a loopback address/,
    );
  });

  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://10.0.0.1/',
    'http://internal.test/',
    'http://[::1]/',
    'gopher://site.test/',
  ])('refuses a redirect to %s', async (to) => {
    // The first server is reached only through the test permit; the redirect's target must pass
    // the guard by itself.
    const result = await open()(site(`/redirect?to=${encodeURIComponent(to)}`));
    expect(result.kind).toBe('refused');
    // The answer names the address that was refused: the redirect's target.
    expect(result.kind !== 'ok' && result.url).toBe(new URL(to).href);
  });

  it('refuses a redirect to loopback when only the first host is allowed', async () => {
    const onlySiteTest = createGuardedFetcher({
      resolver: fakeDns({ 'site.test': ['127.0.0.1'], 'loop.test': ['127.0.0.2'] }),
      permit: (address, kind) => kind === 'public' || address === '127.0.0.1',
    });
    const result = await onlySiteTest(site(`/redirect?to=${encodeURIComponent('http://loop.test/')}`));
    expect(result).toMatchObject({ kind: 'refused', reason: 'not_public', url: 'http://loop.test/' });
  });
});
