import { apiErrorSchema, PIXEL_BODY_LIMIT, pixelPageViewSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import type { IntakeWriter } from './intake-writer.js';

export interface PixelRouteDeps {
  /** The running local campaign with this public id (cached briefly), or null. */
  runningLocalCampaign(publicId: string): Promise<number | null>;
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
    app.addHook('onSend', async (_request, reply) => {
      reply.header('access-control-allow-origin', '*');
    });
    app.options('/px/v', { config: { access: PUBLIC }, schema: { hide: true } }, async (_request, reply) =>
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
        config: { access: PUBLIC, envelope: false },
        bodyLimit: PIXEL_BODY_LIMIT,
        schema: {
          tags: ['leads'],
          summary: 'A page view reported by the first-party pixel of a local campaign',
          body: pixelPageViewSchema,
          response: {
            204: z.null().describe('Stored for the lead engine'),
            400: apiErrorSchema,
            404: apiErrorSchema,
            413: apiErrorSchema,
            429: apiErrorSchema,
          },
        },
      },
      async (request, reply) => {
        const view = request.body;
        if (!deps.allow(request.ip, view.campaignId))
          throw new HttpError(
            429,
            'rate_limited',
            'Too many page views from this address. Please slow down.',
          );
        const campaignId = await deps.runningLocalCampaign(view.campaignId);
        if (campaignId === null) throw notFound('No running local campaign has this id.');
        await deps.writer.add({
          campaignId,
          source: 'pixel',
          payload: {
            vid: view.visitorId,
            url: view.url,
            ...(view.referrer !== '' ? { ref: view.referrer } : {}),
            ip: request.ip,
            ua: (request.headers['user-agent'] ?? '').slice(0, 1024),
          },
        });
        return reply.status(204).send(null);
      },
    );
  };
