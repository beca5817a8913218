import { CLIENT_IP_HEADER, TIMEZONE_HEADER } from '@app/contracts';
import fp from 'fastify-plugin';
import { PUBLIC } from './access.js';

const ALLOWED_HEADERS = ['authorization', 'content-type', TIMEZONE_HEADER, CLIENT_IP_HEADER].join(', ');
const ALLOWED_METHODS = 'GET, POST, PUT, PATCH, DELETE';

/**
 * Cross-origin access for a web app served from another host (CORS_ORIGINS). Off by default: the
 * product serves its web app on the API's origin. Only listed origins get CORS headers; credentials
 * are not used (the web app sends a bearer token).
 */
export const corsPlugin = fp<{ origins: readonly string[] }>(async (app, { origins }) => {
  if (origins.length === 0) return;
  const allowed = new Set(origins);
  app.addHook('onRequest', (request, reply, done) => {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin))
      reply.header('access-control-allow-origin', origin).header('vary', 'Origin');
    done();
  });
  app.options('/api/*', { config: { access: PUBLIC }, schema: { hide: true } }, async (request, reply) => {
    const origin = request.headers.origin;
    if (origin && allowed.has(origin)) {
      reply
        .header('access-control-allow-methods', ALLOWED_METHODS)
        .header('access-control-allow-headers', ALLOWED_HEADERS)
        .header('access-control-max-age', '600');
    }
    return reply.status(204).send();
  });
});
