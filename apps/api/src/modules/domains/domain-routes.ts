import { apiErrorSchema, type DomainInfo, domainInfoSchema, domainLookupParamsSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import { type DomainService, normaliseHost } from './domain-service.js';

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
      async (request, reply) => {
        const host = normaliseHost(request.params.domainorsub);
        if (request.params.hostID.toLowerCase() !== host.split('.')[0]) {
          throw badRequest('hostID must be the first label of the host name.', {
            hostID: 'must be the first label of the host name',
          });
        }
        const resolved = await domains.resolve(host);
        // Validated against domainInfoSchema and serialised once per cache fill; Fastify sends a
        // JSON string as it is, so the hot path does no per-request serialisation.
        return reply.type('application/json; charset=utf-8').send(resolved.json as unknown as DomainInfo);
      },
    );
  };
