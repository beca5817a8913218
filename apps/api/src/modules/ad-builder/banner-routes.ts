import {
  apiErrorSchema,
  attachBannerRequestSchema,
  attachBannerResponseSchema,
  BANNER_IMAGE_MAX_BYTES,
  BANNER_TEXTS,
  bannerExportParamsSchema,
  bannerIdParamsSchema,
  bannerListResponseSchema,
  bannerResponseSchema,
  deleteBannerResponseSchema,
  saveBannerRequestSchema,
  showBannersRequestSchema,
} from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { attachment } from '../../lib/exports/index.js';
import { type AccessRule, principalOf, type ScopedId } from '../../plugins/access.js';
import { multipartGuardPlugin } from '../../plugins/input-checks.js';
import type { BannerAttach } from './attach-banner.js';
import type { BannerPictureService } from './banner-picture.js';
import type { BannerDelete } from './delete-banner.js';
import type { BannerDuplicate } from './duplicate-banner.js';
import type { BannerExport } from './export-banner.js';
import type { BannerSave } from './save-banner.js';
import type { BannerShow } from './show-banners.js';

const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};
const tags = ['banner builder'];
const bannerInPath: ScopedId = { in: 'params', field: 'banner_id', resource: 'banner' };
const rule = (
  action: 'banners.read' | 'banners.create' | 'banners.update' | 'banners.delete',
): AccessRule => ({
  kind: 'user',
  action,
  scope: [bannerInPath],
});

/** Bytes the browser must never take for a page of our origin: their type, no sniffing, a sandbox. */
function sendFile(reply: FastifyReply, file: { contentType: string; bytes: Buffer }, download?: string) {
  reply
    .type(file.contentType)
    .header('x-content-type-options', 'nosniff')
    .header('content-security-policy', "default-src 'none'; sandbox")
    .header('cache-control', 'private, no-store');
  if (download) reply.header('content-disposition', attachment(download));
  return reply.send(file.bytes as never); // binary body: the typed reply only knows the JSON error schema
}

/** The picture form: `bannerID` and one image under `file` (at most 2 MB). */
async function readPictureForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the picture as multipart form data.');
  const fields: Record<string, string> = {};
  let bytes: Buffer | null = null;
  for await (const part of request.parts()) {
    if (part.type === 'file') {
      if (part.fieldname !== 'file') throw badRequest(`Unexpected file field ${part.fieldname}.`);
      bytes = await part.toBuffer().catch((err: unknown) => {
        if ((err as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE') return null;
        throw err;
      });
      if (!bytes || part.file.truncated)
        throw new HttpError(413, 'file_too_large', BANNER_TEXTS.imageTooLarge, {
          file: BANNER_TEXTS.imageTooLarge,
        });
    } else fields[part.fieldname] = String(part.value ?? '');
  }
  // A malformed id is answered like a foreign one, as the access rule does for declared ids.
  if (!/^\d{1,10}$/.test(fields.bannerID ?? '')) throw notFound();
  return { bannerId: Number(fields.bannerID), bytes: bytes ?? Buffer.alloc(0) };
}

/**
 * The banner builder (spec 2 §7 `POST /banner/show`, `POST /banner/startbannercreate`; decision
 * 0113) and what the spec leaves to us: duplicate, delete, the picture, the PNG export of one size,
 * and attaching the rendered sizes to a Simplifi campaign as media.
 */
export const bannerRoutes =
  (deps: {
    show: BannerShow;
    save: BannerSave;
    duplicate: BannerDuplicate;
    remove: BannerDelete;
    picture: BannerPictureService;
    exportPng: BannerExport;
    attach: BannerAttach;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipart, { limits: { fileSize: BANNER_IMAGE_MAX_BYTES, files: 1, fields: 5 } });
    await app.register(multipartGuardPlugin);

    app.post(
      '/banner/show',
      {
        config: {
          access: {
            kind: 'user',
            action: 'banners.read',
            scope: [
              { in: 'body', field: 'companyID', resource: 'company' },
              { in: 'body', field: 'bannerID', resource: 'banner' },
            ],
          },
        },
        schema: {
          tags,
          body: showBannersRequestSchema,
          response: { 200: bannerListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: await deps.show(principalOf(request), request.body),
      }),
    );

    app.post(
      '/banner/startbannercreate',
      {
        config: {
          access: {
            kind: 'user',
            action: {
              oneOf: ['banners.create', 'banners.update'],
              choose: (body: { bannerID?: number }) =>
                body.bannerID === undefined ? 'banners.create' : 'banners.update',
            },
            scope: [
              { in: 'body', field: 'companyID', resource: 'company' },
              { in: 'body', field: 'bannerID', resource: 'banner' },
            ],
          },
        },
        schema: { tags, body: saveBannerRequestSchema, response: { 200: bannerResponseSchema, ...errors } },
      },
      async (request) => ({
        result: 'success' as const,
        ...(await deps.save(principalOf(request), request.body)),
      }),
    );

    app.post(
      '/banner/duplicate/:banner_id',
      {
        config: { access: rule('banners.create') },
        schema: { tags, params: bannerIdParamsSchema, response: { 200: bannerResponseSchema, ...errors } },
      },
      async (request) => ({
        result: 'success' as const,
        message: BANNER_TEXTS.duplicated,
        data: await deps.duplicate(principalOf(request), request.params.banner_id),
      }),
    );

    app.delete(
      '/banner/:banner_id',
      {
        config: { access: rule('banners.delete') },
        schema: {
          tags,
          params: bannerIdParamsSchema,
          response: { 200: deleteBannerResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.remove(request.params.banner_id);
        return { result: 'success' as const, message: BANNER_TEXTS.deleted };
      },
    );

    app.post(
      '/banner/image',
      {
        // The banner id sits inside the multipart form: the service checks it against the scope.
        config: { access: { kind: 'user', action: 'banners.update' } },
        schema: {
          tags,
          summary: "Upload a banner's picture (PNG or JPEG, checked by content)",
          consumes: ['multipart/form-data'],
          response: { 200: bannerResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const form = await readPictureForm(request);
        return {
          result: 'success' as const,
          message: BANNER_TEXTS.imageSaved,
          data: await deps.picture.upload(p, form.bannerId, form.bytes),
        };
      },
    );

    app.delete(
      '/banner/image/:banner_id',
      {
        config: { access: rule('banners.update') },
        schema: { tags, params: bannerIdParamsSchema, response: { 200: bannerResponseSchema, ...errors } },
      },
      async (request) => ({
        result: 'success' as const,
        message: BANNER_TEXTS.saved,
        data: await deps.picture.remove(request.params.banner_id),
      }),
    );

    app.get(
      '/banner/image/:banner_id',
      {
        config: { access: rule('banners.read') },
        schema: { tags, params: bannerIdParamsSchema, response: { 404: apiErrorSchema } },
      },
      async (request, reply) => sendFile(reply, await deps.picture.read(request.params.banner_id)),
    );

    app.get(
      '/banner/export/:banner_id/:size',
      {
        config: { access: rule('banners.read') },
        schema: {
          tags,
          summary: 'The banner in one IAB size as a PNG download',
          params: bannerExportParamsSchema,
          response: { 404: apiErrorSchema },
        },
      },
      async (request, reply) => {
        const png = await deps.exportPng(request.params.banner_id, request.params.size);
        return sendFile(reply, { contentType: 'image/png', bytes: png.bytes }, png.fileName);
      },
    );

    app.post(
      '/banner/attach',
      {
        config: {
          access: {
            kind: 'user',
            action: 'banners.attach',
            scope: [
              { in: 'body', field: 'bannerID', resource: 'banner' },
              { in: 'body', field: 'campaignID', resource: 'campaign' },
            ],
          },
        },
        schema: {
          tags,
          body: attachBannerRequestSchema,
          response: { 200: attachBannerResponseSchema, ...errors },
        },
      },
      async (request) => {
        const added = await deps.attach(principalOf(request), request.body);
        return { result: 'success' as const, message: BANNER_TEXTS.attached(added.length), data: added };
      },
    );
  };
