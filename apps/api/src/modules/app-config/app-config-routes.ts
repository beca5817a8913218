import { type AppConfig, appConfigSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/access.js';

/**
 * What the web app fetches at boot: where the API is, the deployment's dt envelope key, and the Stripe
 * publishable key of the host's system when that system uses Stripe (decision 0039), so each system's
 * card form loads Stripe Elements with its own account's key. The host is the request's, or `host`
 * when the server asks for index.html's boot data in-process.
 */
export const appConfigRoutes =
  (config: AppConfig, publishableKeyFor: (host: string) => Promise<string | null>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/app-config',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['app'],
          summary: 'Boot configuration of the web app',
          querystring: z.object({
            host: z
              .string()
              .regex(/^[a-z0-9.-]{1,253}$/)
              .optional(),
          }),
          response: { 200: appConfigSchema },
        },
      },
      async (request, reply) => {
        const key = await publishableKeyFor(request.query.host ?? request.hostname.toLowerCase());
        return reply
          .header('cache-control', 'no-store')
          .send(key ? { ...config, stripePublishableKey: key } : config);
      },
    );
  };
