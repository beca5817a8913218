import { TIMEZONE_HEADER } from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** Spec 1 §9: the default system time zone. */
export const DEFAULT_TIMEZONE = 'America/Chicago';

declare module 'fastify' {
  interface FastifyRequest {
    /** IANA time zone the caller works in (header of spec 1 §7), validated; default America/Chicago. */
    timeZone: string;
  }
}

const known = new Set(Intl.supportedValuesOf('timeZone'));
known.add('UTC');

export function parseTimeZone(header: string | string[] | undefined): string {
  const value = Array.isArray(header) ? header[0] : header;
  return value && value.length <= 64 && known.has(value) ? value : DEFAULT_TIMEZONE;
}

/**
 * The caller's IP is `request.ip`: Fastify derives it from the connection, and reads
 * X-Forwarded-For only when the connecting peer is in TRUSTED_PROXIES (app.ts sets trustProxy).
 * A header the browser sets (x-client-ip) is never used for anything that matters.
 */
export const requestContextPlugin = fp(async (app) => {
  // Read when asked, not on every request: a getter costs nothing per request (no hook), and a
  // route that never asks for the zone (the domain lookup, a tracking pixel) never parses it.
  app.decorateRequest('timeZone', {
    getter(this: FastifyRequest) {
      return parseTimeZone(this.headers[TIMEZONE_HEADER]);
    },
  });
});
