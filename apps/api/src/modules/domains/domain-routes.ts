import { apiErrorSchema, type DomainInfo, domainInfoSchema, domainLookupParamsSchema } from '@app/contracts';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import { type DomainService, normaliseHost, type ResolvedDomain } from './domain-service.js';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The domain info was validated against domainInfoSchema, serialised and encoded once per cache
 * fill; Fastify sends bytes as they are, so the hot path does no per-request serialisation,
 * encoding or length scan.
 */
const send = (reply: FastifyReply, resolved: ResolvedDomain) =>
  reply.type(JSON_TYPE).send(resolved.body as unknown as DomainInfo);

const firstDot = (host: string) => {
  const dot = host.indexOf('.');
  return dot === -1 ? host.length : dot;
};

export const domainRoutes =
  (domains: DomainService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/domainsubdomain/:domainorsub/:hostID',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['domains'],
          summary: 'Domain info (branding, system, modules) for the host the browser is on',
          params: domainLookupParamsSchema,
          response: { 200: domainInfoSchema, 400: apiErrorSchema },
        },
      },
      (request, reply) => {
        const host = normaliseHost(request.params.domainorsub);
        if (request.params.hostID.toLowerCase() !== host.slice(0, firstDot(host))) {
          throw badRequest('hostID must be the first label of the host name.', {
            hostID: 'must be the first label of the host name',
          });
        }
        // A cached host is answered synchronously (no promise, no microtask hop); a miss loads it.
        const cached = domains.cached(host);
        if (cached) return void send(reply, cached);
        return domains.resolve(host).then((resolved) => void send(reply, resolved));
      },
    );
  };
