import type { DatabaseHandle } from '@app/db';
import { sql } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { PUBLIC } from '../../plugins/access.js';

const statusSchema = z.object({
  status: z.enum(['ok', 'unavailable']),
  checks: z.record(z.string(), z.boolean()),
});

/** /healthz: the process answers. /readyz: it can also reach its database. */
export const healthRoutes =
  (database: DatabaseHandle): FastifyPluginAsyncZod =>
  async (app) => {
    const rule = { config: { access: PUBLIC } } as const;
    app.get(
      '/healthz',
      { ...rule, schema: { tags: ['health'], response: { 200: statusSchema } } },
      async () => ({
        status: 'ok' as const,
        checks: {},
      }),
    );
    app.get(
      '/readyz',
      { ...rule, schema: { tags: ['health'], response: { 200: statusSchema, 503: statusSchema } } },
      async (_request, reply) => {
        const database = await ping();
        return reply
          .status(database ? 200 : 503)
          .send({ status: database ? 'ok' : 'unavailable', checks: { database } });
      },
    );

    async function ping(): Promise<boolean> {
      try {
        await database.db.execute(sql`select 1`);
        return true;
      } catch {
        return false;
      }
    }
  };
