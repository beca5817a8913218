import {
  AD_MEDIA_MAX_IMAGE_BYTES,
  AD_MEDIA_MAX_ZIP_BYTES,
  AD_MEDIA_TEXTS,
  apiErrorSchema,
  downloadTokenResponseSchema,
  ID_NOT_FOUND,
  mediaCampaignParamsSchema,
  mediaDownloadParamsSchema,
  mediaIdParamsSchema,
  mediaIdsParamsSchema,
  mediaListResponseSchema,
  mediaResponseSchema,
  mediaUploadFieldsSchema,
  mediaUserParamsSchema,
  refuseControlCharacters,
  updateMediaRequestSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { attachment } from '../../lib/exports/index.js';
import { PUBLIC, principalOf } from '../../plugins/access.js';
import { multipartGuardPlugin } from '../../plugins/input-checks.js';
import type { DownloadLinks } from './download-links.js';
import type { MediaReads } from './read-media.js';
import type { MediaUpdate } from './update-media.js';
import type { MediaUpload } from './upload-media.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['ad media'];

/** The form as sent: text fields, and the one file under `file` (at most the larger limit, 1 MB). */
async function readUploadForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart form data.');
  const fields: Record<string, string> = {};
  let file: { bytes: Buffer; fileName: string } | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}.`);
      const bytes = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      // Over the archive limit: too large for either kind, whichever it claims to be.
      if (!bytes || part.file.truncated) {
        const message = fields.kind === 'image' ? AD_MEDIA_TEXTS.imageTooLarge : AD_MEDIA_TEXTS.zipTooLarge;
        throw new HttpError(413, 'file_too_large', message, { file: message });
      }
      file = { bytes, fileName: part.filename ?? '' };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  const parsed = refuseControlCharacters(mediaUploadFieldsSchema).safeParse(fields);
  // A malformed company or campaign id is answered like a foreign one, as the access rule does.
  if (parsed.error?.issues.some((issue) => issue.message === ID_NOT_FOUND)) throw notFound();
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const message = issue?.message ?? 'The form is not valid.';
    throw badRequest(message, { [String(issue?.path[0] ?? 'form')]: message });
  }
  return { form: parsed.data, file };
}

/**
 * Ad media (spec 2 §7 "Media", decision 0113): the upload (`POST /media/upload`, multipart: `file`,
 * `kind` image | html5, optional `name`, `company_id`, `campaign_id`, `click_url`), the two lists,
 * the update, and the single-use download links with the download itself.
 */
export const mediaRoutes =
  (deps: {
    upload: MediaUpload;
    reads: MediaReads;
    update: MediaUpdate;
    links: DownloadLinks;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    // Multipart for this context only: one file of at most an HTML5 ad's limit (images are
    // checked against their own, smaller one).
    await app.register(multipart, {
      limits: { fileSize: Math.max(AD_MEDIA_MAX_ZIP_BYTES, AD_MEDIA_MAX_IMAGE_BYTES), files: 1, fields: 10 },
    });
    await app.register(multipartGuardPlugin);

    app.post(
      '/media/upload',
      {
        // The company and campaign ids sit inside the form: the service checks them against the scope.
        config: { access: { kind: 'user', action: 'media.upload' } },
        schema: {
          tags,
          summary: 'Upload an image or HTML5 ad (checked by content)',
          consumes: ['multipart/form-data'],
          response: { 200: mediaResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { form, file } = await readUploadForm(request);
        return {
          result: 'success' as const,
          message: AD_MEDIA_TEXTS.uploaded,
          data: await deps.upload(p, form, file),
        };
      },
    );

    app.get(
      '/media/user/:user_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'media.read',
            scope: [{ in: 'params', field: 'user_id', resource: 'user' }],
          },
        },
        schema: {
          tags,
          params: mediaUserParamsSchema,
          response: { 200: mediaListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await deps.reads.ofUser(principalOf(request), request.params.user_id),
      }),
    );

    app.get(
      '/media/campaign/:campaign_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'media.read',
            scope: [{ in: 'params', field: 'campaign_id', resource: 'campaign' }],
          },
        },
        schema: {
          tags,
          params: mediaCampaignParamsSchema,
          response: { 200: mediaListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await deps.reads.ofCampaign(principalOf(request), request.params.campaign_id),
      }),
    );

    app.put(
      '/media/:media_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'media.update',
            scope: [{ in: 'params', field: 'media_id', resource: 'adMedia' }],
          },
        },
        schema: {
          tags,
          params: mediaIdParamsSchema,
          body: updateMediaRequestSchema,
          response: { 200: mediaResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        message: AD_MEDIA_TEXTS.updated,
        data: await deps.update(principalOf(request), request.params.media_id, request.body),
      }),
    );

    app.get(
      '/generate-download-token/:media_ids',
      {
        // A list of ids: each is checked against the caller's scope by the service.
        config: { access: { kind: 'user', action: 'media.read' } },
        schema: {
          tags,
          summary: 'A single-use link downloading these media (one file, or a ZIP of several)',
          params: mediaIdsParamsSchema,
          response: { 200: downloadTokenResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await deps.links.issue(principalOf(request), request.params.media_ids),
      }),
    );

    app.get(
      '/media/download/:token',
      {
        // The link is the credential: single use, five minutes, made for a signed-in person's scope.
        config: { access: PUBLIC },
        schema: {
          tags,
          summary: 'The files of a download link, once, as an attachment',
          params: mediaDownloadParamsSchema,
          response: { 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const file = await deps.links.spend(request.params.token);
        // Never shown by the browser as a page of our origin: an attachment, its type as found by
        // content (never text/html), no sniffing, and a sandbox should anything still render it.
        return reply
          .type(file.contentType)
          .header('content-disposition', attachment(file.fileName))
          .header('x-content-type-options', 'nosniff')
          .header('content-security-policy', "default-src 'none'; sandbox")
          .header('cache-control', 'no-store')
          .send(file.bytes as never); // binary body: the typed reply only knows the JSON error schema
      },
    );
  };
