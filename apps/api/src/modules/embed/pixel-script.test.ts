import { webcrypto } from 'node:crypto';
import { createContext, runInContext } from 'node:vm';
import { gunzipSync, gzipSync } from 'node:zlib';
import { pixelPageViewSchema } from '@app/contracts';
import Fastify from 'fastify';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildPixelScript, PIXEL_GZIP_BUDGET, type PixelScript } from './pixel-script.js';
import { PIXEL_CACHE_CONTROL, pixelScriptRoute } from './pixel-script-route.js';

let script: PixelScript;
/** The bytes GET /px.js serves (plain). */
let served: string;

beforeAll(async () => {
  script = await buildPixelScript();
  const app = Fastify();
  await app.register(pixelScriptRoute(script));
  const plain = await app.inject({ method: 'GET', url: '/px.js' });
  served = plain.body;
  await app.close();
});

describe('GET /px.js', () => {
  it(`weighs at most ${PIXEL_GZIP_BUDGET} bytes gzip-compressed, as served`, async () => {
    const app = Fastify();
    await app.register(pixelScriptRoute(script));
    const response = await app.inject({
      method: 'GET',
      url: '/px.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    await app.close();
    expect(response.headers['content-encoding']).toBe('gzip');
    expect(response.rawPayload.length).toBeLessThanOrEqual(PIXEL_GZIP_BUDGET);
    expect(gunzipSync(response.rawPayload).toString()).toBe(served);
    // Whatever gzip a proxy might apply instead, at its default level.
    expect(gzipSync(Buffer.from(served)).length).toBeLessThanOrEqual(PIXEL_GZIP_BUDGET);
  });

  it('is JavaScript with a short max-age, an ETag, and 304 for a known ETag', async () => {
    const app = Fastify();
    await app.register(pixelScriptRoute(script));
    const first = await app.inject({ method: 'GET', url: '/px.js' });
    expect(first.statusCode).toBe(200);
    expect(first.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(first.headers['cache-control']).toBe(PIXEL_CACHE_CONTROL);
    expect(first.headers['cache-control']).toMatch(/max-age=\d{1,4}$/);
    expect(first.headers.etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['set-cookie']).toBeUndefined();
    const again = await app.inject({
      method: 'GET',
      url: '/px.js',
      headers: { 'if-none-match': `"other", W/${first.headers.etag}` },
    });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    const changed = await app.inject({
      method: 'GET',
      url: '/px.js',
      headers: { 'if-none-match': '"other"' },
    });
    expect(changed.statusCode).toBe(200);
    await app.close();
  });

  it('is minified from its readable source, the same bytes each build', async () => {
    expect(served).not.toContain('\n  ');
    expect(served).toContain('"/api/px/v"');
    expect(served).toContain('"data-campaign-id"');
    expect((await buildPixelScript()).etag).toBe(script.etag);
  });
});

interface Sent {
  via: 'beacon' | 'fetch';
  url: string;
  body: string;
  init?: RequestInit;
}

interface PageOptions {
  href?: string;
  referrer?: string;
  attributes?: Record<string, string>;
  src?: string;
  noScript?: boolean;
  storage?: Map<string, string> | 'blocked';
  beacon?: 'ok' | 'missing' | 'refuses' | 'throws';
  fetchThrows?: boolean;
}

/**
 * A page with the globals the script touches, as a vm context (its global object is `window`):
 * what it sends, what it writes to storage and cookies, and its history, are recorded.
 */
function fakePage(options: PageOptions = {}) {
  const sent: Sent[] = [];
  const cookieWrites: string[] = [];
  const listeners: Record<string, (() => void)[]> = {};
  const location = { href: options.href ?? 'https://shop.example/products?ref=ad' };
  const storage = options.storage ?? new Map<string, string>();
  const navigate = (url?: string | URL | null) => {
    if (url != null) location.href = new URL(String(url), location.href).href;
  };
  const currentScript = options.noScript
    ? null
    : {
        src: options.src ?? 'https://leads.agency.example/px.js',
        getAttribute: (name: string) =>
          (options.attributes ?? { 'data-campaign-id': '12345678' })[name] ?? null,
      };
  const page: Record<string, unknown> = {
    location,
    document: {
      currentScript,
      referrer: options.referrer ?? 'https://search.example/?q=shoes',
      get cookie() {
        return '';
      },
      set cookie(value: string) {
        cookieWrites.push(value);
      },
    },
    navigator: {
      sendBeacon:
        options.beacon === 'missing'
          ? undefined
          : (url: string, body: string) => {
              if (options.beacon === 'throws') throw new TypeError('Beacon blocked');
              if (options.beacon === 'refuses') return false;
              sent.push({ via: 'beacon', url, body });
              return true;
            },
    },
    fetch: (url: string, init: RequestInit) => {
      if (options.fetchThrows) throw new TypeError('Failed to fetch');
      sent.push({ via: 'fetch', url, body: String(init.body), init });
      return Promise.resolve({});
    },
    history: {
      pushState: (_state: unknown, _unused: string, url?: string | URL | null) => navigate(url),
      replaceState: (_state: unknown, _unused: string, url?: string | URL | null) => navigate(url),
    },
    localStorage:
      storage === 'blocked'
        ? new Proxy(
            {},
            {
              get() {
                throw new DOMException('The operation is insecure.', 'SecurityError');
              },
            },
          )
        : {
            getItem: (key: string) => storage.get(key) ?? null,
            setItem: (key: string, value: string) => storage.set(key, String(value)),
          },
    crypto: webcrypto,
    addEventListener: (type: string, listener: () => void) => {
      listeners[type] = [...(listeners[type] ?? []), listener];
    },
    URL,
  };
  page.window = page;
  const context = createContext(page);
  return {
    sent,
    cookieWrites,
    storage,
    /** Runs the served script as the browser would, for one more script tag. */
    load: (tag?: { currentScript: unknown }) => {
      if (tag) (page.document as { currentScript: unknown }).currentScript = tag.currentScript;
      runInContext(served, context);
    },
    history: page.history as History,
    go: (href: string, event: 'popstate' | 'hashchange') => {
      location.href = href;
      for (const listener of listeners[event] ?? []) listener();
    },
    views: () => sent.map((s) => pixelPageViewSchema.parse(JSON.parse(s.body))),
  };
}

describe('the pixel in a page', () => {
  it('reports one page view that the pixel endpoint’s contract accepts, by beacon, to its own origin', () => {
    const page = fakePage();
    page.load();
    expect(page.sent).toHaveLength(1);
    expect(page.sent[0]?.via).toBe('beacon');
    expect(page.sent[0]?.url).toBe('https://leads.agency.example/api/px/v');
    const [view] = page.views();
    expect(view).toEqual({
      campaignId: '12345678',
      url: 'https://shop.example/products?ref=ad',
      referrer: 'https://search.example/?q=shoes',
      visitorId: expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(page.cookieWrites).toEqual([]);
    expect([...(page.storage as Map<string, string>).values()]).toEqual([view?.visitorId]);
  });

  it('keeps the visitor id in the site’s storage across pages', () => {
    const storage = new Map<string, string>();
    const first = fakePage({ storage });
    first.load();
    const second = fakePage({ storage, href: 'https://shop.example/cart' });
    second.load();
    expect(second.views()[0]?.visitorId).toBe(first.views()[0]?.visitorId);
  });

  it('still reports, with a one-page visitor id, when storage is blocked', () => {
    const page = fakePage({ storage: 'blocked' });
    page.load();
    expect(page.views()).toHaveLength(1);
  });

  it('reports once when its tag is on the page twice, and once per campaign for two campaigns', () => {
    const page = fakePage();
    page.load();
    page.load();
    expect(page.sent).toHaveLength(1);
    page.load({
      currentScript: { src: 'https://leads.agency.example/px.js', getAttribute: () => '87654321' },
    });
    expect(page.views().map((v) => v.campaignId)).toEqual(['12345678', '87654321']);
  });

  it('reports single-page-app navigations with the previous page as referrer, not anchors or repeats', () => {
    const page = fakePage({ href: 'https://shop.example/' });
    page.load();
    page.history.pushState({}, '', '/checkout');
    page.history.replaceState({}, '', '/checkout'); // same URL
    page.history.pushState({}, '', '/checkout#payment'); // an anchor on the same page
    page.go('https://shop.example/', 'popstate');
    page.go('https://shop.example/#/account', 'hashchange'); // a hash route
    expect(page.views().map((v) => [v.url, v.referrer])).toEqual([
      ['https://shop.example/', 'https://search.example/?q=shoes'],
      ['https://shop.example/checkout', 'https://shop.example/'],
      // The referrer is the last page reported (an anchor jump is not a page).
      ['https://shop.example/', 'https://shop.example/checkout'],
      ['https://shop.example/#/account', 'https://shop.example/'],
    ]);
  });

  it('falls back to fetch with keepalive, without credentials, when there is no beacon or it refuses', () => {
    for (const beacon of ['missing', 'refuses', 'throws'] as const) {
      const page = fakePage({ beacon });
      page.load();
      expect(page.sent.map((s) => s.via)).toEqual(['fetch']);
      expect(page.sent[0]?.init).toMatchObject({ method: 'POST', keepalive: true, credentials: 'omit' });
      expect(page.views()).toHaveLength(1);
    }
  });

  it('cuts an over-long URL to the contract’s length and drops a referrer that is not a web address', () => {
    const long = `https://shop.example/search?q=${'a'.repeat(3000)}`;
    const page = fakePage({ href: long, referrer: 'android-app://com.example.app/' });
    page.load();
    const [view] = page.views();
    expect(view?.url).toBe(long.slice(0, 2048));
    expect(view?.referrer).toBe('');
  });

  it('never throws into the host page, and sends nothing, without a valid tag or when sending fails', () => {
    const invalid: PageOptions[] = [
      { noScript: true },
      { attributes: {} },
      { attributes: { 'data-campaign-id': '1234' } },
      { attributes: { 'data-campaign-id': '12345678x' } },
      { src: '' },
    ];
    for (const options of invalid) {
      const page = fakePage(options);
      expect(() => page.load()).not.toThrow();
      expect(page.sent).toEqual([]);
    }
    const failing = fakePage({ beacon: 'throws', fetchThrows: true });
    expect(() => failing.load()).not.toThrow();
    // The page's own navigation still works.
    expect(() => failing.history.pushState({}, '', '/next')).not.toThrow();
  });
});
