import { apiErrorSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import type { FileLinks } from './file-links.js';
import type { FileRepository } from './file-repository.js';

/** Branding images are shown before anybody signs in, so they are public; other files need a signed link. */
const PUBLIC_PURPOSES = new Set(['logo', 'favicon']);

export const fileRoutes =
  (repo: FileRepository, storage: FileStorage, links: FileLinks): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/files/:fileId',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['files'],
          summary: 'A branding image (public), or another file through a signed link',
          params: z.object({ fileId: z.uuid() }),
          querystring: z.object({
            expires: z.coerce.number().int().optional(),
            signature: z.string().max(100).optional(),
          }),
          response: { 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const { fileId } = request.params;
        const file = await repo.find(fileId);
        const allowed =
          file &&
          (PUBLIC_PURPOSES.has(file.purpose) ||
            links.isValid(fileId, request.query.expires, request.query.signature));
        // Streamed from the store as it reads, through this route: the access check, the type the row
        // holds and these headers stay the API's whatever the store (decision 0117).
        const stored = allowed ? await storage.open(file.storageKey) : null;
        if (!file || !stored) throw notFound();
        if (stored.size !== null) reply.header('content-length', stored.size);
        // Cross-origin: logos show on other hosts too (a web app on CORS_ORIGINS); the API's is same-origin.
        return reply
          .type(file.contentType)
          .header('cache-control', 'public, max-age=86400, immutable')
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'")
          .header('cross-origin-resource-policy', 'cross-origin')
          .send(stored.body as never); // binary body: the typed reply only knows the JSON error schema
      },
    );
  };
