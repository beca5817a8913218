import { PIXEL_SCRIPT_PATH } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../plugins/access.js';
import type { PixelScript } from './pixel-script.js';

/**
 * How long browsers and caches keep /px.js before asking again (with the ETag, a 304 then): short,
 * so a fixed script reaches every client site within minutes, while a visitor browsing a site
 * loads it once.
 */
export const PIXEL_CACHE_CONTROL = 'public, max-age=300';

/**
 * GET /px.js: the pixel script, public, on every host the product answers (the embed code points at
 * the agency's own domain or subdomain). Served from memory, gzip when the browser accepts it.
 */
export const pixelScriptRoute =
  (script: PixelScript): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      PIXEL_SCRIPT_PATH,
      // A script for clients' pages, not a page: the API's headers (a CSP, same-origin resource policy)
      // mean nothing on it or would stop it loading there; it sets the two that matter below.
      { config: { access: PUBLIC, securityHeaders: false }, schema: { hide: true } },
      async (request, reply) => {
        reply
          .header('content-type', 'text/javascript; charset=utf-8')
          .header('cache-control', PIXEL_CACHE_CONTROL)
          .header('etag', script.etag)
          .header('vary', 'accept-encoding')
          // Client sites may isolate themselves (COEP); the script is meant to load on them.
          .header('cross-origin-resource-policy', 'cross-origin')
          .header('x-content-type-options', 'nosniff');
        const known = request.headers['if-none-match'];
        if (known?.split(',').some((tag) => tag.trim().replace(/^W\//, '') === script.etag))
          return reply.status(304).send();
        if (/\bgzip\b/i.test(request.headers['accept-encoding'] ?? ''))
          return reply.header('content-encoding', 'gzip').send(script.gzip);
        return reply.send(script.code);
      },
    );
  };
