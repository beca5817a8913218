import { apiErrorSchema, documentQuerySchema, documentSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../plugins/access.js';
import type { DocumentService } from './document-service.js';

export const documentRoutes =
  (documents: DocumentService): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/document/agreement',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['documents'],
          summary: 'A legal document or agreement by name, as the system of the given host publishes it',
          querystring: documentQuerySchema,
          response: { 200: documentSchema, 404: apiErrorSchema },
        },
      },
      async (request) => documents.get(request.query.name, request.query.host ?? request.hostname),
    );
  };
