import { apiErrorSchema, botChallengeSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/access.js';
import type { BotCheck } from '../../providers/bot-check/bot-check.js';

export const botCheckQuerySchema = z.object({
  /** The host the browser is on (`location.host`); defaults to the request's Host header. */
  host: z
    .string()
    .trim()
    .max(253)
    .regex(/^[a-zA-Z0-9.-]+(:\d{1,5})?$/, 'Host must contain only letters, digits, dots and hyphens')
    .optional(),
});

export const botCheckRoutes =
  (botCheck: BotCheck, resolveSystemId: (host: string) => Promise<number>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/altcha/challenge',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          summary: "A bot-check challenge for the sign-in forms of the host's system",
          querystring: botCheckQuerySchema,
          response: { 200: botChallengeSchema, 400: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const systemId = await resolveSystemId(request.query.host ?? request.hostname);
        const challenge = await botCheck.challenge({ systemId });
        // Each challenge is single use; a cached one would be a replay waiting to happen.
        reply.header('cache-control', 'no-store');
        return challenge;
      },
    );
  };
