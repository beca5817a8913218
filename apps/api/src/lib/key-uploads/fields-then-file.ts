import type { Readable } from 'node:stream';
import { apiErrorSchema } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { badRequest, HttpError } from '../../http-errors.js';
import { multipartGuardPlugin } from '../../plugins/input-checks.js';

/*
 * Reads a key upload's multipart form (the exclusion lists' and the audiences'): its text fields
 * first, then the one file, handed to `take` as a stream while it arrives — so whose upload it is
 * is known (and authorized) before a byte is stored. A file before the fields, a second file, a
 * file under another name or none at all is refused; a file past the context's size limit is a 413.
 */

class FileTooLargeError extends Error {}

export async function readFieldsThenFile<T>(
  request: FastifyRequest,
  form: { fileField: string; tooLarge: string; chooseFile: string },
  take: (fields: Record<string, string>, file: { name: string; stream: Readable }) => Promise<T>,
): Promise<{ fields: Record<string, string>; taken: T }> {
  if (!request.isMultipart()) throw badRequest('Send the file as multipart form data.');
  const fields: Record<string, string> = {};
  let taken: { value: T } | null = null;
  for await (const part of request.parts()) {
    if (part.type !== 'file') {
      fields[part.fieldname] = String(part.value ?? '');
      continue;
    }
    if (part.fieldname !== form.fileField || taken) {
      part.file.resume();
      throw badRequest(`Unexpected file field ${part.fieldname}.`);
    }
    // The parser may have read past the limit before the part reached this loop (a small body
    // arrives in one chunk): then it is already truncated. Otherwise the reader is failed when the
    // limit is hit, so the caller's `take` throws and keeps nothing.
    if (part.file.truncated) {
      part.file.resume();
      throw new HttpError(413, 'file_too_large', form.tooLarge);
    }
    part.file.on('limit', () => part.file.destroy(new FileTooLargeError(form.tooLarge)));
    try {
      taken = { value: await take(fields, { name: part.filename ?? '', stream: part.file }) };
    } catch (err) {
      if (err instanceof FileTooLargeError) throw new HttpError(413, 'file_too_large', form.tooLarge);
      throw err;
    }
  }
  if (!taken) throw badRequest(form.chooseFile, { [form.fileField]: form.chooseFile });
  return { fields, taken: taken.value };
}

/** The answers a key upload's routes may give besides success (413: past the file size limit). */
export const KEY_UPLOAD_ERRORS = {
  400: apiErrorSchema,
  401: apiErrorSchema,
  403: apiErrorSchema,
  404: apiErrorSchema,
  409: apiErrorSchema,
  413: apiErrorSchema,
};

/**
 * Multipart forms for the routes of the registering context only, with one file of at most
 * `fileSize` bytes (see input-checks.ts for why not at the root), and the boundary guard.
 */
export async function keyUploadForms(app: FastifyInstance, fileSize: number): Promise<void> {
  await app.register(multipart, { limits: { fileSize, files: 1, fields: 10 } });
  await app.register(multipartGuardPlugin);
}
