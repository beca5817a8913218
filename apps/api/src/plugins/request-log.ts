import type { RouteHandlerMethod, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { withWorkLog } from '../lib/process-log.js';

/**
 * Every route's handler runs with the request's logger as the process log's work in hand (decision
 * 0119): a line a module writes during the request (through its `log` dependency, knowing nothing of
 * the request) carries the request's `reqId`, like Fastify's own lines. The handler is wrapped rather
 * than a hook added (decision 0023: a hook is a stage every request of the route pays for); the
 * request's logger is the lazy one (plugins/request-logger.ts), made only if a line is written.
 */
export const requestLogPlugin = fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    const handler = route.handler;
    route.handler = function withRequestLog(request, reply) {
      return withWorkLog(request.log, () => handler.call(this, request, reply));
    } satisfies RouteHandlerMethod;
  });
});
