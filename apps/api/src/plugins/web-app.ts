import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { notFound } from '../http-errors.js';
import { declareAllPublic } from './access.js';
import { overTls, securityHeaders, sendSecurityHeaders } from './security-headers.js';
import { webAppHeaders } from './web-app-policy.js';

/** Hashed file names (Vite writes `/js/`, `/css/` and `/assets/` with a content hash) never change. */
const HASHED = /[\\/](js|css|assets)[\\/][^\\/]+$/;
export const IMMUTABLE = 'public, max-age=31536000, immutable';

/** The id of the script tag that carries the boot data (the web app reads it in app/boot/inline-boot.ts). */
export const BOOT_DATA_ID = 'boot-data';

/**
 * The nonce Vite writes on index.html's scripts, style sheets and `csp-nonce` meta tag (`html.cspNonce`
 * of apps/web/vite.config.ts, which must match): replaced by a fresh nonce in every response.
 */
export const CSP_NONCE_PLACEHOLDER = '__CSP_NONCE__';
const ALL_PLACEHOLDERS = new RegExp(CSP_NONCE_PLACEHOLDER, 'g');

/**
 * JSON that is safe inside an HTML `<script type="application/json">`: no `<`, `>` or `&` (so neither
 * `</script>` nor `<!--` can appear, whatever a tenant puts in its branding) and no U+2028/U+2029.
 */
export function jsonForHtml(value: unknown): string {
  return JSON.stringify(value).replace(
    /[<>&\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** Whether the host's app config names a Stripe publishable key (its card form then loads Stripe.js). */
function hasStripeKey(appConfig: unknown): boolean {
  return typeof appConfig === 'object' && appConfig !== null && 'stripePublishableKey' in appConfig;
}

/** The host name as the browser's `location.hostname` sees it (lower case, no port). */
function hostnameOf(request: FastifyRequest): string {
  return request.hostname.toLowerCase();
}

/**
 * What the web app would fetch first (app config, then the host's domain info), answered in-process
 * through the same routes, so index.html carries it and the browser starts without a round trip.
 * Anything that does not answer 200 is left out and the app fetches it itself.
 */
async function bootDataFor(app: FastifyInstance, host: string): Promise<Record<string, unknown>> {
  const data: Record<string, unknown> = { host };
  const firstLabel = host.split('.')[0] || host;
  const validHost = /^[a-z0-9.-]{1,253}$/.test(host);
  const [config, domain] = await Promise.all([
    // The host's system decides the Stripe publishable key (decision 0039).
    app.inject({
      method: 'GET',
      url: validHost ? `/api/app-config?host=${encodeURIComponent(host)}` : '/api/app-config',
    }),
    validHost
      ? app.inject({
          method: 'GET',
          url: `/api/domainsubdomain/${encodeURIComponent(host)}/${encodeURIComponent(firstLabel)}`,
        })
      : null,
  ]);
  if (config.statusCode === 200) data.appConfig = config.json();
  if (domain?.statusCode === 200) data.domainInfo = domain.json();
  return data;
}

/**
 * Serves the built web app: hashed assets under /js/, /css/ and /assets/ with immutable caching and,
 * when the client accepts it, the brotli or gzip copy written at build time (apps/web/build/precompress.ts);
 * index.html (no-cache) for every other non-API path, with the boot data inlined (the SPA router shows
 * its own 404 page) and the web app's Content-Security-Policy with a nonce of its own (web-app-policy.ts).
 * Unknown /api paths answer the JSON 404 shape.
 */
export const webAppPlugin = fp<{ distDir: string }>(async (app, { distDir }) => {
  const indexPath = join(distDir, 'index.html');
  const hasWeb = existsSync(indexPath);
  if (hasWeb) {
    await app.register(async (web) => {
      declareAllPublic(web);
      await web.register(fastifyStatic, {
        root: distDir,
        wildcard: false,
        index: false,
        preCompressed: true,
        // Our own header below; send's default (`public, max-age=0`) would override it.
        cacheControl: false,
        setHeaders(res, path) {
          const hashed = HASHED.test(path);
          res.setHeader('cache-control', hashed ? IMMUTABLE : 'no-cache');
          // The same URL answers br, gzip or plain bytes: caches must key on what the client accepts.
          if (hashed) res.setHeader('vary', 'accept-encoding');
        },
      });
    });
  } else {
    app.log.warn(`web app not built (${indexPath} missing): only the API is served`);
  }

  const indexHtml = hasWeb ? await readFile(indexPath, 'utf8') : '';
  // A page built without nonces would have every script refused by its own policy.
  if (hasWeb && /<script\b/i.test(indexHtml) && !indexHtml.includes(CSP_NONCE_PLACEHOLDER))
    throw new Error(`${indexPath} has no CSP nonce placeholder: build the web app again (npm run build)`);
  const headEnd = indexHtml.indexOf('</head>');
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasWeb || path === '/api' || path.startsWith('/api/') || request.method !== 'GET') {
      // No route, so no route hook gave this answer the API's headers.
      sendSecurityHeaders(request, reply);
      throw notFound();
    }
    let html = indexHtml;
    const boot = headEnd >= 0 ? await bootDataFor(app, hostnameOf(request)) : null;
    if (boot) {
      const tag = `<script type="application/json" id="${BOOT_DATA_ID}">${jsonForHtml(boot)}</script>`;
      html = indexHtml.slice(0, headEnd) + tag + indexHtml.slice(headEnd);
    }
    // base64 of 16 random bytes: no character that needs escaping in an attribute or the header.
    const nonce = randomBytes(16).toString('base64');
    const policy = webAppHeaders({ nonce, stripe: hasStripeKey(boot?.appConfig), overTls: overTls(request) });
    sendSecurityHeaders(request, reply, securityHeaders(policy));
    return reply
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(html.replace(ALL_PLACEHOLDERS, nonce));
  });
});
