import { apiErrorSchema, confirmEmailRequestSchema, messageResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { PUBLIC } from '../../plugins/access.js';
import type { EmailChangeService } from './email-change-service.js';

const errors = { 400: apiErrorSchema, 429: apiErrorSchema };

/**
 * `POST /confirm-email`: the page behind the link e-mailed to a new address (`/confirm-email/{token}`)
 * sends its token. Public: the link may be opened on any device, signed in or not; the token is the
 * proof (single use, 24 hours).
 */
export const emailChangeRoutes =
  (emailChanges: Pick<EmailChangeService, 'confirm'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/confirm-email',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: confirmEmailRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => emailChanges.confirm({ token: request.body.token, ip: request.ip }),
    );
  };
