import {
  apiErrorSchema,
  ID_NOT_FOUND,
  messageResponseSchema,
  onboardingStatusSchema,
  profileStep1Schema,
  profileStep2Schema,
  profileUpdateResponseSchema,
  setupCompleteRequestSchema,
} from '@app/contracts';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest, HttpError, notFound } from '../../http-errors.js';
import { MAX_IMAGE_BYTES } from '../../lib/image-type.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import { multipartFormsPlugin } from '../../plugins/input-checks.js';
import type { ProfileService, UploadedImage } from './profile-service.js';

const OWN_ACCOUNT: AccessRule = { kind: 'user', action: 'account.update' };
const errors = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  413: apiErrorSchema,
  429: apiErrorSchema,
};

/** Reads a multipart form: text fields, and the one file field `pict` (at most 2 MiB). */
async function readForm(request: FastifyRequest) {
  if (!request.isMultipart()) throw badRequest('Send the profile as multipart form data.');
  const fields: Record<string, string> = {};
  let image: UploadedImage | null = null;
  for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: 1, fields: 40 } })) {
    if (part.type === 'file') {
      if (part.fieldname !== 'pict') throw badRequest(`Unexpected file field ${part.fieldname}.`);
      const bytes = await part.toBuffer();
      if (part.file.truncated)
        throw new HttpError(413, 'file_too_large', 'The picture must not be larger than 2 MB.');
      if (bytes.length > 0) image = { bytes };
    } else {
      fields[part.fieldname] = String(part.value ?? '');
    }
  }
  return { fields, image };
}

function validate<S extends z.ZodType>(schema: S, fields: Record<string, string>): z.infer<S> {
  const parsed = schema.safeParse(fields);
  if (parsed.success) return parsed.data;
  // An id beyond any row's (contracts/ids.ts) is answered like an unknown one.
  if (parsed.error.issues.some((issue) => issue.message === ID_NOT_FOUND)) throw notFound();
  const byField: Record<string, string> = {};
  for (const issue of parsed.error.issues) byField[issue.path.join('.') || 'form'] ??= issue.message;
  throw new HttpError(
    400,
    'validation_failed',
    Object.values(byField)[0] ?? 'The form is not valid.',
    byField,
  );
}

/** Profile and profile setup (spec 1 §7.2). A user edits only their own profile and company. */
export const profileRoutes =
  (profiles: ProfileService): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(multipartFormsPlugin);
    app.get(
      '/user/onboarding-status/:user_id',
      {
        config: {
          access: {
            kind: 'user',
            action: 'session.read',
            scope: [{ in: 'params', field: 'user_id', resource: 'user' }],
          },
        },
        schema: {
          tags: ['profile'],
          params: z.object({ user_id: z.coerce.number().int() }),
          response: { 200: onboardingStatusSchema, ...errors },
        },
      },
      async (request) => profiles.onboardingStatus(request.params.user_id),
    );

    app.post(
      '/user/update',
      {
        config: { access: OWN_ACCOUNT },
        schema: {
          tags: ['profile'],
          consumes: ['multipart/form-data'],
          response: { 200: profileUpdateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const { fields, image } = await readForm(request);
        if (fields.profilestep === '2') {
          return profiles.updateCompany(p, validate(profileStep2Schema, fields), image, request.ip);
        }
        return profiles.updatePerson(
          p,
          validate(profileStep1Schema, fields),
          image,
          request.ip,
          request.hostname,
        );
      },
    );

    app.put(
      '/leadspeek/user/setupcomplete',
      {
        config: { access: { ...OWN_ACCOUNT, scope: [{ in: 'body', field: 'usrID', resource: 'user' }] } },
        schema: {
          tags: ['profile'],
          body: setupCompleteRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await profiles.completeSetup(principalOf(request), request.body, request.ip);
        return { message: 'Setup is complete.' };
      },
    );
  };
