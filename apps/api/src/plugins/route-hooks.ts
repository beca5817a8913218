import type { RouteOptions } from 'fastify';

/**
 * Hooks attached to the routes that need them (from an `onRoute` hook) instead of to every request:
 * a hook added with `app.addHook` runs on every route, so a GET that has nothing for it to do (the
 * domain lookup, a tracking pixel) would still pay for the call, and Fastify runs no hook chain at
 * all for a stage with no hooks.
 */

// biome-ignore lint/suspicious/noExplicitAny: hooks of any route, as Fastify types them
export const hookList = (hooks: any): any[] =>
  hooks === undefined ? [] : Array.isArray(hooks) ? hooks : [hooks];

/** Methods whose requests carry a body the product reads. */
export const BODY_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** True when one of the route's methods can carry a request body the product reads. */
export const takesBody = (route: RouteOptions): boolean =>
  [route.method].flat().some((method) => BODY_METHODS.has(method.toUpperCase()));
