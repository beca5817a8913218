import { apiErrorSchema, PIXEL_BODY_LIMIT, pixelPageViewSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import { validatorWithPlainBody } from '../../plugins/input-checks.js';
import { USER_AGENT_MAX_LENGTH } from '../../providers/identities/index.js';
import type { IntakeWriter } from './intake-writer.js';
import { plainPageView } from './pixel-view-check.js';

export interface PixelRouteDeps {
  /**
   * The running local campaign with this public id, or null: the cached answer at once (no promise
   * on the hot path), else a promise of the lookup.
   */
  runningLocalCampaign(publicId: string): number | null | Promise<number | null>;
  allow(ip: string, publicId: string): boolean;
  writer: IntakeWriter;
}

/**
 * `POST /api/px/v`: a page view from the first-party pixel on a client's site (issue 11, decision
 * 0046). Public, open to every origin (the pixel runs on the client's pages), a body of at most
 * 4 KB sent as text/plain by `navigator.sendBeacon` or as JSON. The view is stored for the ingest
 * job and answered 204; what is wrong with it is answered 4xx and stores nothing.
 */
export const pixelRoutes =
  (deps: PixelRouteDeps): FastifyPluginAsyncZod =>
  async (app) => {
    // In this plugin only: both media types are read as text and parsed here, so a beacon's
    // text/plain body is JSON too and malformed JSON is a 400 like any other bad input.
    app.addContentTypeParser(
      ['application/json', 'text/plain'],
      { parseAs: 'string', bodyLimit: PIXEL_BODY_LIMIT },
      (_request, body, done) => {
        try {
          done(null, JSON.parse(body as string));
        } catch {
          done(badRequest('The page view is not JSON.'), undefined);
        }
      },
    );
    // Set when the request arrives, so every answer carries it (a 4xx too: Fastify's error path
    // keeps the headers set so far). A synchronous hook: no promise per request, as an async
    // `onSend` hook had.
    app.addHook('onRequest', function allowAnyOrigin(_request, reply, done) {
      reply.header('access-control-allow-origin', '*');
      done();
    });
    // Beacons from clients' pages get CORS and no page headers (decision 0120): nothing here is a page, and
    // the API's set would cost every page view a hook.
    app.options(
      '/px/v',
      { config: { access: PUBLIC, securityHeaders: false }, schema: { hide: true } },
      async (_request, reply) =>
        reply
          .header('access-control-allow-methods', 'POST')
          .header('access-control-allow-headers', 'content-type')
          .header('access-control-max-age', '86400')
          .status(204)
          .send(),
    );
    app.post(
      '/px/v',
      {
        config: { access: PUBLIC, envelope: false, securityHeaders: false },
        bodyLimit: PIXEL_BODY_LIMIT,
        // The page view's rules written out in front of Zod (pixel-view-check.ts, decision 0056).
        validatorCompiler: validatorWithPlainBody(plainPageView),
        schema: {
          tags: ['leads'],
          summary: 'A page view reported by the first-party pixel of a local campaign',
          body: pixelPageViewSchema,
          response: {
            204: z.undefined().describe('Stored for the lead engine (no body)'),
            400: apiErrorSchema,
            404: apiErrorSchema,
            413: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const view = request.body;
        const ip = request.ip;
        if (!deps.allow(ip, view.campaignId))
          throw new HttpError(
            429,
            'rate_limited',
            'Too many page views from this address. Please slow down.',
          );
        const found = deps.runningLocalCampaign(view.campaignId);
        const campaignId = found instanceof Promise ? await found : found;
        if (campaignId === null) throw notFound('No running local campaign has this id.');
        await deps.writer.add({
          campaignId,
          source: 'pixel',
          payload: {
            vid: view.visitorId,
            url: view.url,
            ...(view.referrer !== '' ? { ref: view.referrer } : {}),
            ip,
            // Cut to what the resolver takes: acknowledged, so it must be processable.
            ua: (request.headers['user-agent'] ?? '').slice(0, USER_AGENT_MAX_LENGTH),
          },
        });
        // No payload: nothing to serialise (a null body went through the serializer, then was dropped).
        return reply.status(204).send();
      },
    );
  };
