import { type AppConfig, appConfigSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../plugins/access.js';

/** What the web app fetches at boot: where the API is and the deployment's dt envelope key. */
export const appConfigRoutes =
  (config: AppConfig): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/app-config',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['app'],
          summary: 'Boot configuration of the web app',
          response: { 200: appConfigSchema },
        },
      },
      async (_request, reply) => reply.header('cache-control', 'no-store').send(config),
    );
  };
