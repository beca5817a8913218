import { apiErrorSchema } from '@app/contracts';
import { and, type Database, eq, files, inArray } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';

/** Branding images are shown before anybody signs in, so only they are public. */
const PUBLIC_PURPOSES = ['logo', 'favicon'] as const;

export const fileRoutes =
  (db: Database, storage: FileStorage): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/files/:fileId',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['files'],
          summary: 'A public branding image (logo or favicon)',
          params: z.object({ fileId: z.uuid() }),
          response: { 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const [file] = await db
          .select()
          .from(files)
          .where(and(eq(files.id, request.params.fileId), inArray(files.purpose, [...PUBLIC_PURPOSES])));
        const bytes = file ? await storage.get(file.storageKey) : null;
        if (!file || !bytes) throw notFound();
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .send(bytes as never); // binary body: the typed reply only knows the JSON error schema
      },
    );
  };
