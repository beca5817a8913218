import { createHash, timingSafeEqual } from 'node:crypto';
import { ERROR_CODES } from '@app/contracts';
import type { FastifyPluginAsync } from 'fastify';
import { HttpError, notFound } from '../http-errors.js';
import { PUBLIC } from '../plugins/access.js';
import type { Metrics } from './metrics.js';

const digest = (text: string) => createHash('sha256').update(text).digest();

/**
 * `GET /metrics`, Prometheus's scrape (decision 0119). Public to the access plugin, like the
 * payment webhooks: the caller proves itself with its own credential, here the deployment's
 * METRICS_TOKEN as a bearer token (compared in constant time). Without a token configured the
 * route answers 404, as if it did not exist.
 */
export const metricsRoute =
  (deps: { token: string | null; metrics: Pick<Metrics, 'scrape'> }): FastifyPluginAsync =>
  async (app) => {
    const expected = deps.token === null ? null : digest(`Bearer ${deps.token}`);
    app.get(
      '/metrics',
      { config: { access: PUBLIC, envelope: false }, schema: { hide: true } },
      async (request, reply) => {
        if (!expected) throw notFound();
        const given = request.headers.authorization;
        if (!given || !timingSafeEqual(digest(given), expected))
          throw new HttpError(401, ERROR_CODES.unauthenticated, 'Unauthenticated.');
        const { contentType, body } = await deps.metrics.scrape();
        return reply.header('cache-control', 'no-store').type(contentType).send(body);
      },
    );
  };
