import type { FastifyReply, FastifyRequest, HookHandlerDoneFunction, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';
import { hookList } from './route-hooks.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false for routes whose answers run on clients' sites (the pixel): they set their own headers. */
    securityHeaders?: boolean;
  }
}

/** A year; no includeSubDomains: an agency's custom domain has subdomains that are not ours. */
export const HSTS = 'max-age=31536000';

/**
 * Whether the request reached us over TLS: the connection's own, or `X-Forwarded-Proto: https` from a
 * proxy listed in TRUSTED_PROXIES (Fastify's `trustProxy` decides whom to believe).
 */
export const overTls = (request: FastifyRequest) => request.protocol === 'https';

/**
 * What every API answer carries (decision 0120): the policy of an answer (JSON, files, health) that is
 * never a page: nothing may load, nothing may frame it. No X-Frame-Options: `frame-ancestors` governs
 * framing in every browser the web app runs in, and the web app's page must allow GoHighLevel's frame,
 * which X-Frame-Options cannot name.
 */
export const API_HEADERS = {
  contentSecurityPolicy: {
    useDefaults: false,
    directives: {
      defaultSrc: ["'none'"],
      frameAncestors: ["'none'"],
      baseUri: ["'none'"],
      formAction: ["'none'"],
    },
  },
  xFrameOptions: false,
  // Sent by `sendSecurityHeaders`, over TLS only.
  strictTransportSecurity: false,
  referrerPolicy: { policy: 'no-referrer' },
  crossOriginOpenerPolicy: { policy: 'same-origin' },
  crossOriginResourcePolicy: { policy: 'same-origin' },
} as const satisfies HelmetOptions;

/**
 * The headers helmet writes for `options`, as one record: helmet knows the headers and their syntax,
 * and a record set with `reply.headers` costs a request no middleware run (the API's set is worked out
 * once, at start).
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader: (name: string, value: string) => {
      headers[name.toLowerCase()] = value;
    },
    removeHeader: () => {},
  };
  // biome-ignore lint/suspicious/noExplicitAny: helmet's middleware touches only the two methods above
  helmet(options)({} as any, recorder as any, () => {});
  return headers;
}

const API_HEADER_SET = securityHeaders(API_HEADERS);

/**
 * Puts `headers` on the answer, with HSTS when the request arrived over TLS: a browser ignores it over
 * plain HTTP, and a development host (northwind.localhost) must never learn it.
 */
export function sendSecurityHeaders(
  request: FastifyRequest,
  reply: FastifyReply,
  headers: Record<string, string> = API_HEADER_SET,
): void {
  reply.headers(headers);
  if (overTls(request)) reply.header('strict-transport-security', HSTS);
}

function apiSecurityHeaders(request: FastifyRequest, reply: FastifyReply, done: HookHandlerDoneFunction) {
  sendSecurityHeaders(request, reply);
  done();
}

/**
 * The API's headers on every route but those that say `securityHeaders: false` (decision 0023: a hook
 * rides on the routes that need it). Answers with no route (an unknown /api path, the web app's page)
 * get theirs from the not-found handler (plugins/web-app.ts); the docs page sets its own policy after
 * this one.
 */
export const securityHeadersPlugin = fp(async (app) => {
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.config?.securityHeaders === false) return;
    route.onRequest = [apiSecurityHeaders, ...hookList(route.onRequest)];
  });
});
