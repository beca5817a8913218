import {
  AUDIENCE_TEXTS,
  audienceDeleteResponseSchema,
  audienceIdParamsSchema,
  audienceListParamsSchema,
  audienceListResponseSchema,
  audienceUploadFieldsSchema,
  audienceUploadResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { badRequest, notFound } from '../../http-errors.js';
import { KEY_UPLOAD_ERRORS, keyUploadForms, readFieldsThenFile } from '../../lib/key-uploads/index.js';
import { principalOf } from '../../plugins/access.js';
import type { AudienceService } from './audience-service.js';
import type { AudienceForm } from './receive-audience.js';

const errors = KEY_UPLOAD_ERRORS;
const tags = ['simplifi'];

/**
 * The upload's fields, before the file. A malformed or unknown company id is answered like a foreign
 * one (404), as the access rule answers declared ids; the others are told what is wrong (400).
 */
function parseFields(fields: Record<string, string>): AudienceForm {
  if (!/^\d{1,10}$/.test(fields.companyID ?? '')) throw notFound();
  const parsed = audienceUploadFieldsSchema.safeParse(fields);
  if (parsed.success)
    return { companyId: parsed.data.companyID, name: parsed.data.name, kind: parsed.data.kind };
  const issues = parsed.error.issues;
  if (issues.some((i) => i.path[0] === 'companyID')) throw notFound();
  const named = issues.find((i) => i.path[0] === 'name');
  if (named) throw badRequest(named.message, { name: named.message });
  throw badRequest(AUDIENCE_TEXTS.kindInvalid, { kind: AUDIENCE_TEXTS.kindInvalid });
}

/**
 * Spec 2 §7 "Simplifi" audiences (decision 0114): the upload (multipart `companyID`, `name`, `kind`,
 * then the file `audiencefile`), the list of a user's company's audiences and the removal of one.
 * Every id is checked against the caller's scope; the Simplifi module's gate is the service's.
 */
export const audienceRoutes =
  (deps: { service: AudienceService; maxFileBytes: number }): FastifyPluginAsyncZod =>
  async (app) => {
    const { service } = deps;
    // Multipart for this context only, with the audience file's own size limit (see input-checks.ts).
    await keyUploadForms(app, deps.maxFileBytes);

    app.post(
      '/leadspeek/simplifi/audience/upload',
      {
        config: { access: { kind: 'user', action: 'audiences.create' } },
        schema: {
          tags,
          consumes: ['multipart/form-data'],
          response: { 200: audienceUploadResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { taken } = await readFieldsThenFile(
          request,
          {
            fileField: 'audiencefile',
            tooLarge: AUDIENCE_TEXTS.fileTooLarge,
            chooseFile: AUDIENCE_TEXTS.chooseFile,
          },
          (fields, file) => service.receive(p, parseFields(fields), file),
        );
        return { result: 'success' as const, data: await service.one(taken) };
      },
    );

    app.get(
      '/leadspeek/simplifi/audience/:user_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'audiences.read',
            scope: [{ in: 'params', field: 'user_id', resource: 'user' }],
          },
        },
        schema: {
          tags,
          params: audienceListParamsSchema,
          response: { 200: audienceListResponseSchema, ...errors },
        },
      },
      async (request) => ({
        result: 'success' as const,
        data: { audiences: await service.list(principalOf(request), request.params.user_id) },
      }),
    );

    app.delete(
      '/leadspeek/simplifi/audience/:id',
      {
        config: { access: { kind: 'user', action: 'audiences.delete' } },
        schema: {
          tags,
          params: audienceIdParamsSchema,
          response: { 200: audienceDeleteResponseSchema, ...errors },
        },
      },
      async (request) => {
        await service.remove(principalOf(request), request.params.id);
        return { result: 'success' as const, message: AUDIENCE_TEXTS.deleted };
      },
    );
  };
