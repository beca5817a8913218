import type { onResponseHookHandler, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import { hookList } from '../plugins/route-hooks.js';
import type { RequestLatency } from './metrics.js';

const STATUS_CLASSES = ['1xx', '2xx', '3xx', '4xx', '5xx'] as const;

/**
 * Observes every route's latency under its pattern (`/api/leadspeek/getcampaign/:id`, never the
 * raw URL), its method and its status class, so the label set is bounded by the routes the code
 * registers. Each route gets its own observer with its labels bound once; a request only picks
 * its status class. Unmatched paths have no route and are not observed: the product's catch-all
 * routes (the JSON 404 under /api, the web app) answer them under their own patterns.
 */
export const requestLatencyPlugin = fp<{ latency: RequestLatency }>(async (app, { latency }) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    route.onResponse = [...hookList(route.onResponse), observer(route.url)];
  });

  function observer(pattern: string): onResponseHookHandler {
    // Per method, then per status class: the children prom-client observes into, made on first use.
    const bound = new Map<string, ((seconds: number) => void)[]>();
    return function observeLatency(request, reply, done) {
      let byClass = bound.get(request.method);
      if (!byClass) {
        byClass = [];
        bound.set(request.method, byClass);
      }
      const index = Math.min(Math.max(Math.floor(reply.statusCode / 100), 1), 5) - 1;
      let observe = byClass[index];
      if (!observe) {
        const child = latency.labels({
          route: pattern,
          method: request.method,
          status_class: STATUS_CLASSES[index] as string,
        });
        observe = (seconds) => child.observe(seconds);
        byClass[index] = observe;
      }
      observe(reply.elapsedTime / 1000);
      done();
    };
  }
});
