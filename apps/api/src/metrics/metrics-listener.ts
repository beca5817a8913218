import Fastify from 'fastify';
import { errorsPlugin } from '../plugins/errors.js';
import type { Metrics } from './metrics.js';
import { metricsRoute } from './metrics-route.js';

/**
 * A listener of its own for `/metrics` (METRICS_PORT on METRICS_HOST, decision 0119): the separate
 * worker has no HTTP server, and any process may be scraped on a private address apart from its
 * public port. Same route, same token as the API's.
 */
export async function startMetricsListener(options: {
  port: number;
  host: string;
  token: string | null;
  metrics: Pick<Metrics, 'scrape'>;
}) {
  const app = Fastify({ logger: false });
  await app.register(errorsPlugin);
  await app.register(metricsRoute({ token: options.token, metrics: options.metrics }));
  await app.listen({ port: options.port, host: options.host });
  return {
    port: (app.server.address() as { port: number }).port,
    close: () => app.close(),
  };
}
