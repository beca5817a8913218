import { apiErrorSchema } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import { createIntakeRepository } from './intake-repository.js';
import { vendorCallbackSchema } from './schemas.js';
import { VENDOR_SIGNATURE_HEADER, verifyVendorSignature } from './vendor-signature.js';

const unauthorized = (message: string) => new HttpError(401, 'unauthenticated', message);

/**
 * `POST /api/leads/vendor-callback`: identities a vendor pushes for one running campaign, signed
 * with the deployment's vendor secret over the exact body and a timestamp. Unsigned, tampered,
 * stale or replayed requests get 401 and store nothing; accepted identities go to the intake like
 * page views and through the same pipeline (decision 0046).
 */
export const vendorCallbackRoutes =
  (deps: {
    db: Database;
    secret: string;
    runningCampaign(publicId: string): Promise<number | null>;
    onStored(): void;
    now?: () => number;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) =>
      done(null, body),
    );
    app.post(
      '/leads/vendor-callback',
      {
        config: { access: PUBLIC, envelope: false },
        bodyLimit: 1024 * 1024,
        schema: {
          tags: ['leads'],
          summary: 'Identities pushed by a data vendor for a campaign (HMAC-signed)',
          response: {
            202: z.object({ accepted: z.number().int() }),
            400: apiErrorSchema,
            401: apiErrorSchema,
            404: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const rawBody = typeof request.body === 'string' ? request.body : '';
        const header = request.headers[VENDOR_SIGNATURE_HEADER];
        const check = verifyVendorSignature({
          secret: deps.secret,
          header: typeof header === 'string' ? header : undefined,
          rawBody,
          nowSeconds: Math.floor((deps.now?.() ?? Date.now()) / 1000),
        });
        if (!check.ok) throw unauthorized(check.why);
        let json: unknown;
        try {
          json = JSON.parse(rawBody);
        } catch {
          throw badRequest('The body is not JSON.');
        }
        const parsed = vendorCallbackSchema.safeParse(json);
        if (!parsed.success) {
          const issue = parsed.error.issues[0];
          throw badRequest(`${issue?.path.join('.') || 'body'}: ${issue?.message ?? 'is not valid'}`);
        }
        const campaignId = await deps.runningCampaign(parsed.data.campaignId);
        if (campaignId === null) throw notFound('No running campaign has this id.');
        // The receipt and the identities together: a replay stores nothing, and a failure leaves
        // the signature unused so the vendor's retry is taken.
        const taken = await deps.db.transaction(async (tx) => {
          const fresh = await queryRows(
            tx,
            sql`insert into vendor_callback_receipts (signature) values (${check.signature})
                on conflict do nothing returning 1 as fresh`,
          );
          if (fresh.length === 0) return false;
          await createIntakeRepository(tx).insert(
            parsed.data.identities.map((identity) => ({
              campaignId,
              source: 'vendor_callback' as const,
              payload: identity,
            })),
          );
          return true;
        });
        if (!taken) throw unauthorized('This signed request was already received.');
        deps.onStored();
        return reply.status(202).send({ accepted: parsed.data.identities.length });
      },
    );
  };
