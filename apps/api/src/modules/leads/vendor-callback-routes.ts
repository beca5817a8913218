import { apiErrorSchema } from '@app/contracts';
import type { Database } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import {
  createVendorCallbackNonces,
  VENDOR_SIGNATURE_HEADER,
  VendorSignatureError,
  type VerifiedSignature,
  verifyVendorSignature,
} from '../../providers/identities/index.js';
import { createIntakeRepository } from './intake-repository.js';
import { vendorCallbackSchema } from './schemas.js';

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
        const now = new Date(deps.now?.() ?? Date.now());
        let verified: VerifiedSignature;
        try {
          verified = verifyVendorSignature(
            rawBody,
            typeof header === 'string' ? header : undefined,
            [deps.secret],
            now,
          );
        } catch (error) {
          if (error instanceof VendorSignatureError) throw unauthorized(error.message);
          throw error;
        }
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
        // The delivery's digest and the identities together (the one replay store of decision 0044):
        // a replay stores nothing, and a failure leaves the digest unused so the vendor's retry is taken.
        const taken = await deps.db.transaction(async (tx) => {
          const signedAt = new Date(verified.timestamp * 1000);
          if (!(await createVendorCallbackNonces(tx).claim(verified.digest, signedAt, now))) return false;
          await createIntakeRepository(tx).insert(
            parsed.data.identities.map((identity) => ({
              campaignId,
              source: 'vendor_callback' as const,
              payload: identity,
            })),
          );
          return true;
        });
        if (!taken) throw unauthorized(new VendorSignatureError('replayed').message);
        deps.onStored();
        return reply.status(202).send({ accepted: parsed.data.identities.length });
      },
    );
  };
