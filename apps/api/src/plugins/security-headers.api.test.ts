import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DEMO } from '@app/db';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { PEOPLE, put, who } from '../../test/kits/users.js';
import { HSTS } from './security-headers.js';
import { CSP_NONCE_PLACEHOLDER } from './web-app.js';
import { GOHIGHLEVEL_FRAME_ANCESTORS } from './web-app-policy.js';

/** index.html as Vite builds it with `html.cspNonce` (apps/web/vite.config.ts). */
const html = `<!doctype html><html><head>
<meta property="csp-nonce" nonce="${CSP_NONCE_PLACEHOLDER}">
<script type="module" crossorigin src="/js/index-AbC123.js" nonce="${CSP_NONCE_PLACEHOLDER}"></script>
<link rel="stylesheet" crossorigin href="/css/index-AbC123.css" nonce="${CSP_NONCE_PLACEHOLDER}">
</head><body><div id="root"></div></body></html>`;

function webDist(): string {
  const dist = mkdtempSync(join(tmpdir(), 'web-dist-'));
  writeFileSync(join(dist, 'index.html'), html);
  return dist;
}

/** The policy as a map of directive → its sources. */
function directivesOf(header: unknown): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header).split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

const noncesIn = (body: string) => [...body.matchAll(/nonce="([^"]*)"/g)].map((m) => m[1]);

let rt: TestRuntime;
/** The product with a built web app, no trusted proxy. */
let app: FastifyInstance;
/** The same behind a trusted proxy on 127.0.0.1 (inject's address). */
let proxied: FastifyInstance;

beforeAll(async () => {
  rt = await startTestRuntime();
  const dist = webDist();
  // One after the other: a loaded machine starts two apps at once past the plugin start timeout.
  app = await rt.buildAppWith({ webDist: dist });
  await app.ready();
  proxied = await rt.buildAppWith({ webDist: dist, trustedProxies: ['127.0.0.1'] });
  await proxied.ready();
}, 300_000);
afterAll(async () => {
  await app?.close();
  await proxied?.close();
  await rt?.close();
});

describe("the web app's page", () => {
  const pages = ['/', '/login', '/dashboard', '/user/card-setting', '/user/profile-setup', '/no/such/page'];

  it.each(pages)('%s carries a nonce-based policy with no inline or eval script', async (url) => {
    const res = await app.inject({ url, headers: { host: 'localhost' } });
    expect(res.statusCode).toBe(200);
    const policy = directivesOf(res.headers['content-security-policy']);
    const nonces = noncesIn(res.body);
    // Every tag Vite marked carries this response's nonce, and the policy names exactly it.
    expect(nonces).toHaveLength(3);
    expect(new Set(nonces).size).toBe(1);
    expect(res.body).not.toContain(CSP_NONCE_PLACEHOLDER);
    expect(policy.get('script-src')).toEqual([`'nonce-${nonces[0]}'`]);
    expect(policy.get('style-src')).toEqual(["'self'", `'nonce-${nonces[0]}'`]);
    for (const [, sources] of policy) {
      expect(sources).not.toContain("'unsafe-inline'");
      expect(sources).not.toContain("'unsafe-eval'");
      expect(sources).not.toContain("'strict-dynamic'");
      expect(sources).not.toContain('*');
    }
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('script-src-attr')).toEqual(["'none'"]);
    expect(policy.get('object-src')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'none'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    expect(policy.get('connect-src')).toEqual(["'self'"]);
    expect(policy.get('frame-src')).toEqual(["'none'"]);
    expect(policy.get('worker-src')).toEqual(["'none'"]);
    // Framed by GoHighLevel's app only; no X-Frame-Options to say otherwise.
    expect(policy.get('frame-ancestors')).toEqual([...GOHIGHLEVEL_FRAME_ANCESTORS]);
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['referrer-policy']).toBe('no-referrer');
    expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
  });

  it('gets a fresh nonce in every response', async () => {
    const [a, b] = await Promise.all([app.inject({ url: '/dashboard' }), app.inject({ url: '/dashboard' })]);
    const [nonceA] = noncesIn(a.body);
    const [nonceB] = noncesIn(b.body);
    expect(nonceA).toMatch(/^[A-Za-z0-9+/]{22}==$/);
    expect(nonceA).not.toBe(nonceB);
    expect(a.headers['content-security-policy']).toContain(`'nonce-${nonceA}'`);
    expect(b.headers['content-security-policy']).toContain(`'nonce-${nonceB}'`);
  });

  it('sends HSTS and upgrades sub-resources only when the request arrived over TLS', async () => {
    const plain = await app.inject({ url: '/dashboard', headers: { 'x-forwarded-proto': 'https' } });
    // Not from a trusted proxy: the header is not believed.
    expect(plain.headers['strict-transport-security']).toBeUndefined();
    expect(plain.headers['content-security-policy']).not.toContain('upgrade-insecure-requests');
    const viaProxy = await proxied.inject({ url: '/dashboard', headers: { 'x-forwarded-proto': 'https' } });
    expect(viaProxy.headers['strict-transport-security']).toBe(HSTS);
    expect(viaProxy.headers['content-security-policy']).toContain('upgrade-insecure-requests');
    const proxiedPlain = await proxied.inject({
      url: '/dashboard',
      headers: { 'x-forwarded-proto': 'http' },
    });
    expect(proxiedPlain.headers['strict-transport-security']).toBeUndefined();
  });
});

describe('API answers', () => {
  it.each([
    ['a JSON answer', '/api/app-config', 200],
    ['an unknown API path', '/api/nothing-here', 404],
    ['a refusal', '/api/user', 401],
    ['the health check', '/healthz', 200],
  ])('%s may load nothing and be framed by nobody', async (_label, url, status) => {
    const res = await app.inject({ url });
    expect(res.statusCode).toBe(status);
    const policy = directivesOf(res.headers['content-security-policy']);
    expect(policy.get('default-src')).toEqual(["'none'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    expect(res.headers['x-frame-options']).toBeUndefined();
    expect(res.headers['strict-transport-security']).toBeUndefined();
  });

  it('sends HSTS on an API answer that came through a trusted TLS proxy', async () => {
    const res = await proxied.inject({ url: '/api/app-config', headers: { 'x-forwarded-proto': 'https' } });
    expect(res.headers['strict-transport-security']).toBe(HSTS);
  });

  it('serves the API docs page under a policy of its own that allows only its files and no frame', async () => {
    const page = await app.inject({ url: '/api/docs/' });
    expect(page.statusCode).toBe(200);
    const policy = directivesOf(page.headers['content-security-policy']);
    expect(policy.get('script-src')).toEqual(["'self'"]);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
  });
});

describe('the pixel, which runs on clients’ sites', () => {
  it('GET /px.js loads cross-origin and carries no page policy', async () => {
    const res = await app.inject({ url: '/px.js', headers: { host: 'leads.northwind.test' } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    expect(res.headers['content-security-policy']).toBeUndefined();
    expect(res.headers['cross-origin-opener-policy']).toBeUndefined();
  });

  it('POST /api/px/v answers any origin, its preflight too, with no page headers', async () => {
    const origin = 'https://shop.example';
    const view = await app.inject({
      method: 'POST',
      url: '/api/px/v',
      headers: { origin, 'content-type': 'text/plain' },
      payload: '{}',
    });
    expect(view.statusCode).toBe(400);
    expect(view.headers['access-control-allow-origin']).toBe('*');
    expect(view.headers['content-security-policy']).toBeUndefined();
    expect(view.headers['cross-origin-resource-policy']).toBeUndefined();
    const preflight = await app.inject({
      method: 'OPTIONS',
      url: '/api/px/v',
      headers: { origin, 'access-control-request-method': 'POST' },
    });
    expect(preflight.statusCode).toBe(204);
    expect(preflight.headers['access-control-allow-origin']).toBe('*');
    expect(preflight.headers['content-security-policy']).toBeUndefined();
  });
});

describe('a system that takes cards through Stripe', () => {
  it("lets Stripe.js, its frames and its API in, beside the page's nonce and nothing else", async () => {
    // The master system sets its own Stripe keys (decision 0039); BrightReach stays on the sandbox.
    const root = await who(rt, PEOPLE.root);
    const saved = await put(
      rt,
      '/configuration/payment-gateway',
      {
        publishable_key: 'pk_test_headers0000000000000001',
        secret_key: 'sk_test_headers0000000000000001',
        webhook_secret: 'whsec_headers00000000000000001',
      },
      root.token,
    );
    expect(saved.statusCode).toBe(200);
    const res = await app.inject({ url: '/user/card-setting', headers: { host: DEMO.master.domain } });
    const policy = directivesOf(res.headers['content-security-policy']);
    const [nonce] = noncesIn(res.body);
    expect(policy.get('script-src')).toEqual([
      `'nonce-${nonce}'`,
      'https://js.stripe.com',
      'https://*.js.stripe.com',
    ]);
    expect(policy.get('frame-src')).toEqual([
      'https://js.stripe.com',
      'https://*.js.stripe.com',
      'https://hooks.stripe.com',
    ]);
    expect(policy.get('connect-src')).toEqual(["'self'", 'https://api.stripe.com']);
    expect(policy.get('frame-ancestors')).toEqual([...GOHIGHLEVEL_FRAME_ANCESTORS]);
    const sandbox = await app.inject({
      url: '/user/card-setting',
      headers: { host: DEMO.brightreach.domain },
    });
    expect(sandbox.headers['content-security-policy']).not.toMatch(/stripe/);
  });
});
