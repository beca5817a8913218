import { Readable } from 'node:stream';
import {
  exclusionListKindSchema,
  exclusionListQuerySchema,
  exclusionListResponseSchema,
  exclusionProgressResponseSchema,
  exclusionPurgeParamsSchema,
  exclusionPurgeResponseSchema,
  exclusionSearchRequestSchema,
  exclusionSearchResponseSchema,
  exclusionSettingsRequestSchema,
  exclusionSettingsResponseSchema,
  exclusionUploadResponseSchema,
  idParamSchema,
  optOutPurgeParamsSchema,
} from '@app/contracts';
import { stringify } from 'csv-stringify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, notFound } from '../../http-errors.js';
import { attachment } from '../../lib/exports/index.js';
import { KEY_UPLOAD_ERRORS, keyUploadForms, readFieldsThenFile } from '../../lib/key-uploads/index.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { ExclusionService } from './exclusion-service.js';
import type { UploadReceiver } from './receive-upload.js';

const errors = KEY_UPLOAD_ERRORS;
const tags = ['exclusions'];

/**
 * The list's id is a company or a campaign depending on `campaignType`, so the service checks it
 * against the caller's scope (`ListTargets.resolve`, the same 404) rather than the access rule.
 */
const rule = (action: 'exclusions.read' | 'exclusions.update' | 'exclusions.delete'): AccessRule => ({
  kind: 'user',
  action,
});

/** The largest file an upload may send (a million SHA-256 rows with CRLF is about 66 MB). */
export const MAX_UPLOAD_BYTES = 256 * 1024 * 1024;
const FILE_TOO_LARGE = 'The file must not be larger than 256 MB.';

const uploadFieldsSchema = z.object({
  ClientCompanyID: idParamSchema,
  campaigntype: exclusionListKindSchema.default('client'),
});

/**
 * Spec 2 §7 "Exclusion lists" (decision 0092): the upload (`clientoptoutfile`, `ClientCompanyID`,
 * `campaigntype`; the two fields come before the file, so the list is known before a byte is
 * stored), the progress call, the two purges, and beyond the spec the list with its uploads, the
 * download of what is stored, the search and the system's row limit.
 */
export const exclusionRoutes =
  (deps: { service: ExclusionService; receive: UploadReceiver }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service, receive } = deps;
    // Multipart for this context only, with the upload's own size limit (see input-checks.ts).
    await keyUploadForms(app, MAX_UPLOAD_BYTES);

    app.post(
      '/tools/optout-client/upload',
      {
        config: { access: rule('exclusions.update') },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: exclusionUploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const received = await readUpload(request, async (fields, file) => {
          const form = parseFields(fields);
          return receive(p, { kind: form.campaigntype, id: form.ClientCompanyID }, file);
        });
        return {
          result: 'success' as const,
          data: await service.uploadOut(p, received.kind, received.listId, received.id),
        };
      },
    );

    app.get(
      '/leadspeek/suppressionlist/progress',
      {
        config: { access: rule('exclusions.read') },
        schema: {
          tags,
          querystring: exclusionListQuerySchema,
          response: { 200: exclusionProgressResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.progress(principalOf(request), request.query.campaignType, request.query.companyId),
    );

    app.get(
      '/leadspeek/suppressionlist/list',
      {
        config: { access: rule('exclusions.read') },
        schema: {
          tags,
          querystring: exclusionListQuerySchema,
          response: { 200: exclusionListResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.list(principalOf(request), request.query.campaignType, request.query.companyId),
    );

    app.get(
      '/leadspeek/suppressionlist/download',
      {
        config: { access: rule('exclusions.read') },
        schema: { tags, querystring: exclusionListQuerySchema, response: errors },
      },
      async (request, reply) => {
        const { fileName, rows } = await service.download(
          principalOf(request),
          request.query.campaignType,
          request.query.companyId,
        );
        const body = Readable.from(rows).pipe(stringify({ header: true, columns: ['hash', 'type'] }));
        return (reply as FastifyReply)
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', attachment(fileName))
          .header('cache-control', 'no-store')
          .header('x-content-type-options', 'nosniff')
          .send(body);
      },
    );

    app.post(
      '/leadspeek/suppressionlist/search',
      {
        config: { access: rule('exclusions.read') },
        schema: {
          tags,
          body: exclusionSearchRequestSchema,
          response: { 200: exclusionSearchResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.search(
          principalOf(request),
          request.body.campaignType,
          request.body.companyId,
          request.body.query,
        ),
    );

    app.delete(
      '/leadspeek/suppressionlist/purge/:paramID/:campaignType',
      {
        config: { access: rule('exclusions.delete') },
        schema: {
          tags,
          params: exclusionPurgeParamsSchema,
          response: { 200: exclusionPurgeResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.purge(principalOf(request), request.params.campaignType, request.params.paramID),
    );

    app.delete(
      '/tools/optout/purge/:companyRootId',
      {
        config: {
          access: {
            ...rule('exclusions.delete'),
            scope: [{ in: 'params', field: 'companyRootId', resource: 'company' }],
          },
        },
        schema: {
          tags,
          params: optOutPurgeParamsSchema,
          response: { 200: exclusionPurgeResponseSchema, ...errors },
        },
      },
      async (request) => service.purge(principalOf(request), 'optout', request.params.companyRootId),
    );

    app.put(
      '/leadspeek/suppressionlist/settings',
      {
        config: {
          access: {
            kind: 'user',
            action: 'exclusions.settings',
            scope: [{ in: 'body', field: 'companyRootId', resource: 'company' }],
          },
        },
        schema: {
          tags,
          body: exclusionSettingsRequestSchema,
          response: { 200: exclusionSettingsResponseSchema, ...errors },
        },
      },
      async (request) =>
        service.setUploadRowLimit(
          principalOf(request),
          request.body.companyRootId,
          request.body.uploadRowLimit,
        ),
    );
  };

function parseFields(fields: Record<string, string>) {
  // A malformed or unknown id is answered like a foreign one, as the access rule does for declared ids.
  if (!/^\d{1,10}$/.test(fields.ClientCompanyID ?? '')) throw notFound();
  const parsed = uploadFieldsSchema.safeParse(fields);
  if (!parsed.success) {
    if (parsed.error.issues.some((i) => i.path[0] === 'ClientCompanyID')) throw notFound();
    throw badRequest('campaigntype must be optout, agency, client or campaign.', {
      campaigntype: 'Unknown list type.',
    });
  }
  return parsed.data;
}

/** Reads the multipart form: the fields, then the one file `clientoptoutfile` handed to `take` as it arrives. */
async function readUpload<T extends { id: number }>(
  request: FastifyRequest,
  take: (fields: Record<string, string>, file: { name: string; stream: Readable }) => Promise<T>,
): Promise<T & { kind: z.infer<typeof exclusionListKindSchema>; listId: number }> {
  const { fields, taken } = await readFieldsThenFile(
    request,
    { fileField: 'clientoptoutfile', tooLarge: FILE_TOO_LARGE, chooseFile: 'Choose a CSV file to upload.' },
    take,
  );
  const form = parseFields(fields);
  return { ...taken, kind: form.campaigntype, listId: form.ClientCompanyID };
}
