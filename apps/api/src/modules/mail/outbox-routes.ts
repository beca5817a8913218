import { apiErrorSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { principalOf } from '../../plugins/access.js';
import type { MailRepository } from './mail-repository.js';

const messageSchema = z.object({
  id: z.number().int(),
  to: z.string(),
  from: z.string(),
  subject: z.string(),
  text: z.string(),
  status: z.string(),
  transport: z.string(),
  created_at: z.string(),
  /** The files sent with it (an invoice's PDF): name, type and size in bytes. */
  attachments: z.array(z.object({ file_name: z.string(), content_type: z.string(), size: z.number().int() })),
});

/**
 * The outbox for operators (product guide §5: mail without an SMTP server is kept in the database
 * and viewable in the app). A system user reads its own system's messages, newest first.
 */
export const outboxRoutes =
  (repo: Pick<MailRepository, 'outbox' | 'attachmentNames'>): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/outbox',
      {
        config: { access: { kind: 'user', action: 'outbox.read' } },
        schema: {
          tags: ['mail'],
          querystring: z.object({
            to: z.string().max(70).optional(),
            limit: z.coerce.number().int().min(1).max(200).default(50),
          }),
          response: { 200: z.object({ data: z.array(messageSchema) }), 404: apiErrorSchema },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const rows = await repo.outbox(p.systemId, request.query);
        const files = await repo.attachmentNames(rows.map((m) => m.id));
        return {
          data: rows.map((m) => ({
            id: m.id,
            to: m.toAddress,
            from: m.fromAddress,
            subject: m.subject,
            text: m.textBody,
            status: m.status,
            transport: m.transport,
            created_at: m.createdAt.toISOString(),
            attachments: (files.get(m.id) ?? []).map((f) => ({
              file_name: f.fileName,
              content_type: f.contentType,
              size: f.size,
            })),
          })),
        };
      },
    );
  };
