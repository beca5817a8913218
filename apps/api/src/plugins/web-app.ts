import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import fp from 'fastify-plugin';
import { notFound } from '../http-errors.js';
import { declareAllPublic } from './access.js';

/**
 * Serves the built web app: hashed assets under /js/ and /css/ with long caching, and index.html
 * for every other non-API path (the SPA router shows its own 404 page). Unknown /api paths answer
 * the JSON 404 shape.
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
        setHeaders(res, path) {
          const hashed = /[\\/](js|css)[\\/]/.test(path);
          res.setHeader('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'no-cache');
        },
      });
    });
  } else {
    app.log.warn(`web app not built (${indexPath} missing): only the API is served`);
  }

  const indexHtml = hasWeb ? await readFile(indexPath, 'utf8') : '';
  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '';
    if (!hasWeb || path === '/api' || path.startsWith('/api/') || request.method !== 'GET') throw notFound();
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(indexHtml);
  });
});
