import { apiErrorSchema, messageResponseSchema, userLogRequestSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { notFound } from '../../http-errors.js';
import { principalOf } from '../../plugins/access.js';
import type { AuditLog } from './audit-log.js';

/**
 * The web app's own log entries (spec 1 §7.4). The server records who really acted and the IP it
 * saw; the browser's `userIP` is ignored and `userID` must be the caller.
 */
export const auditRoutes =
  (audit: AuditLog): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/general/user-log-saved',
      {
        config: {
          access: {
            kind: 'user',
            action: 'logs.write',
            scope: [
              { in: 'body', field: 'userID', resource: 'user' },
              { in: 'body', field: 'target_userID', resource: 'user' },
            ],
          },
        },
        schema: {
          tags: ['audit'],
          body: userLogRequestSchema,
          response: { 200: messageResponseSchema, 404: apiErrorSchema },
        },
      },
      async (request) => {
        const p = principalOf(request);
        if (request.body.userID !== p.userId) throw notFound();
        await audit.recordFromWebApp({
          systemId: p.systemId,
          companyId: p.companyId,
          userId: p.userId,
          actorUserId: p.actorUserId,
          targetUserId: request.body.target_userID ?? null,
          action: request.body.action,
          category: 'user',
          description: request.body.desc,
          ip: request.ip,
        });
        return { message: 'Saved.' };
      },
    );
  };
