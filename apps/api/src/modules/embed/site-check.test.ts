import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  fakeDns,
  type LocalServer,
  publicOrLocalTestServer,
  startLocalServer,
} from '../../../test/local-web.js';
import { createGuardedFetcher, type GuardedFetchResult } from '../../providers/outbound/guarded-fetch.js';
import { renderEmbedSnippet } from './embed-snippet.js';
import { BLOCKED_MESSAGE, createSiteChecker, normaliseSiteUrl, SITE_CHECK_MESSAGES } from './site-check.js';

const ID = '24681357';
const SNIPPET = renderEmbedSnippet({ scriptOrigin: 'https://northwind.example', campaignId: ID });
const GTM = `<script>(function(w,d,s,l,i){j.src='https://www.googletagmanager.com/gtm.js?id='+i;})(window,document,'script','dataLayer','GTM-NW1234');</script>`;

const page = (inside: string, truncated = false): GuardedFetchResult => ({
  kind: 'ok',
  status: 200,
  finalUrl: 'https://shop.example/',
  contentType: 'text/html',
  body: `<html><head>${inside}</head><body>Shop</body></html>`,
  truncated,
  redirects: 0,
});
const failed = (reason: Extract<GuardedFetchResult, { kind: 'failed' }>['reason'], status?: number) =>
  ({
    kind: 'failed',
    reason,
    message: `The website failed (${reason}).`,
    url: 'https://shop.example/',
    status,
  }) as const;
const refused = (reason: Extract<GuardedFetchResult, { kind: 'refused' }>['reason']) =>
  ({ kind: 'refused', reason, message: `Refused (${reason}).`, url: 'https://shop.example/' }) as const;

describe('site check: what each answer of the fetch means', () => {
  it.each([
    ['the snippet is on the page', page(SNIPPET), false, 'exist', 'found', SITE_CHECK_MESSAGES.found],
    ['the page has no snippet', page(''), false, 'not exist', 'not_found', SITE_CHECK_MESSAGES.notFound],
    [
      'another campaign’s snippet only',
      page(renderEmbedSnippet({ scriptOrigin: 'https://northwind.example', campaignId: '11111111' })),
      false,
      'not exist',
      'not_found',
      SITE_CHECK_MESSAGES.notFound,
    ],
    [
      'no snippet in a page cut off at the size limit',
      page('', true),
      false,
      'not exist',
      'not_found',
      SITE_CHECK_MESSAGES.notFoundTruncated,
    ],
    [
      'installed through GTM and the page loads a container',
      page(GTM),
      true,
      'exist',
      'found_via_gtm',
      SITE_CHECK_MESSAGES.foundViaGtm(['GTM-NW1234']),
    ],
    [
      'installed through GTM, the snippet itself on the page',
      page(SNIPPET),
      true,
      'exist',
      'found',
      SITE_CHECK_MESSAGES.found,
    ],
    [
      'installed through GTM but no container',
      page(''),
      true,
      'not exist',
      'gtm_not_found',
      SITE_CHECK_MESSAGES.gtmNotFound,
    ],
    [
      'a GTM container on a campaign not installed through it',
      page(GTM),
      false,
      'not exist',
      'not_found',
      SITE_CHECK_MESSAGES.notFound,
    ],
    ['the site does not answer in time', failed('timeout'), false, 'not exist', 'blocked', BLOCKED_MESSAGE],
    ['403 from bot protection', failed('http_status', 403), false, 'not exist', 'blocked', BLOCKED_MESSAGE],
    ['429 rate limited', failed('http_status', 429), false, 'not exist', 'blocked', BLOCKED_MESSAGE],
    ['503 challenge page', failed('http_status', 503), false, 'not exist', 'blocked', BLOCKED_MESSAGE],
    ['504 gateway timeout', failed('http_status', 504), false, 'not exist', 'blocked', BLOCKED_MESSAGE],
    [
      '404',
      failed('http_status', 404),
      false,
      'not exist',
      'unreachable',
      SITE_CHECK_MESSAGES.unreachable('The website failed (http_status).'),
    ],
    [
      'TLS',
      failed('tls'),
      false,
      'not exist',
      'unreachable',
      SITE_CHECK_MESSAGES.unreachable('The website failed (tls).'),
    ],
    [
      'too many redirects',
      failed('too_many_redirects'),
      false,
      'not exist',
      'unreachable',
      SITE_CHECK_MESSAGES.unreachable('The website failed (too_many_redirects).'),
    ],
    [
      'a private address',
      refused('not_public'),
      false,
      'not exist',
      'not_allowed',
      SITE_CHECK_MESSAGES.notAllowed,
    ],
    [
      'no such host',
      refused('not_found'),
      false,
      'not exist',
      'unreachable',
      SITE_CHECK_MESSAGES.unreachable('Refused (not_found).'),
    ],
    [
      'a redirect to a non-web scheme',
      refused('bad_url'),
      false,
      'not exist',
      'invalid_url',
      SITE_CHECK_MESSAGES.invalidUrl,
    ],
  ] as const)('%s', async (_label, fetched, gtmInstalled, status, outcome, message) => {
    const asked: string[] = [];
    const check = createSiteChecker({
      fetch: async (url) => {
        asked.push(url);
        return fetched;
      },
    });
    const result = await check({ url: 'shop.example', campaignId: ID, gtmInstalled });
    expect(result).toMatchObject({ status, outcome, message, url: 'https://shop.example/' });
    expect(asked).toEqual(['https://shop.example/']);
  });

  it('uses the spec text for a blocked site exactly', () => {
    expect(BLOCKED_MESSAGE).toBe('Blocked from crawling (Needs manual review at your url)');
  });

  it('answers an address that is no web address without fetching anything', async () => {
    const check = createSiteChecker({
      fetch: async () => {
        throw new Error('must not fetch');
      },
    });
    for (const url of [
      '',
      '   ',
      'ftp://shop.example/',
      'javascript:alert(1)',
      'http://',
      `https://a.example/${'x'.repeat(2048)}`,
    ])
      expect(await check({ url, campaignId: ID })).toMatchObject({
        status: 'not exist',
        outcome: 'invalid_url',
        message: SITE_CHECK_MESSAGES.invalidUrl,
      });
    await expect(check({ url: 'https://shop.example', campaignId: '123' })).rejects.toThrow(/8 digits/);
  });

  it.each([
    ['shop.example', 'https://shop.example/'],
    ['  shop.example/landing?x=1  ', 'https://shop.example/landing?x=1'],
    ['shop.example:8080/page', 'https://shop.example:8080/page'],
    ['//shop.example', 'https://shop.example/'],
    ['http://shop.example', 'http://shop.example/'],
    ['HTTPS://Shop.Example/A', 'https://shop.example/A'],
  ])('normalises %s to %s', (text, url) => {
    expect(normaliseSiteUrl(text)).toBe(url);
  });
});

describe('site check: against local pages through the guarded fetcher', () => {
  let web: LocalServer;
  beforeAll(async () => {
    web = await startLocalServer((req, res) => {
      const path = req.url ?? '/';
      if (path === '/with')
        res.writeHead(200, { 'content-type': 'text/html' }).end(`<html><body>${SNIPPET}</body></html>`);
      else if (path === '/without')
        res.writeHead(200, { 'content-type': 'text/html' }).end('<html><body>Shop</body></html>');
      else if (path === '/moved') res.writeHead(301, { location: '/with' }).end();
      else if (path === '/to-metadata')
        res.writeHead(302, { location: 'http://169.254.169.254/latest/meta-data/' }).end();
      else if (path === '/cloudflare')
        res.writeHead(403, { 'content-type': 'text/html' }).end('Just a moment...');
      else res.writeHead(404).end();
    });
  });
  afterAll(() => web?.close());

  const check = () =>
    createSiteChecker({
      fetch: createGuardedFetcher({
        resolver: fakeDns({ 'shop.test': ['127.0.0.1'], 'intranet.test': ['192.168.1.20'] }),
        permit: publicOrLocalTestServer,
      }),
    });
  const at = (path: string) => `http://shop.test:${web.port}${path}`;

  it('finds the snippet on a page that has it, also after a redirect', async () => {
    expect(await check()({ url: at('/with'), campaignId: ID })).toMatchObject({
      status: 'exist',
      outcome: 'found',
    });
    expect(await check()({ url: at('/moved'), campaignId: ID })).toMatchObject({
      status: 'exist',
      finalUrl: at('/with'),
    });
  });

  it('says not found on a page without it, and blocked when the site turns the check away', async () => {
    expect(await check()({ url: at('/without'), campaignId: ID })).toMatchObject({ outcome: 'not_found' });
    expect(await check()({ url: at('/cloudflare'), campaignId: ID })).toMatchObject({
      status: 'not exist',
      message: BLOCKED_MESSAGE,
    });
  });

  // (127.0.0.1 itself is where the test page lives, let through by the test permit only.)
  it.each([
    'http://127.0.0.2:8080/',
    'http://10.0.0.8/',
    'http://169.254.169.254/latest/meta-data/',
    'http://[::1]/',
    'http://intranet.test/',
  ])('refuses %s as not allowed, reaching nothing', async (url) => {
    const before = web.requests.length;
    expect(await check()({ url, campaignId: ID })).toMatchObject({
      status: 'not exist',
      outcome: 'not_allowed',
    });
    expect(web.requests.length).toBe(before);
  });

  it('refuses a redirect to the metadata address', async () => {
    expect(await check()({ url: at('/to-metadata'), campaignId: ID })).toMatchObject({
      status: 'not exist',
      outcome: 'not_allowed',
    });
  });
});
