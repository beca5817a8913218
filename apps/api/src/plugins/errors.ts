import { type ApiError, ERROR_CODES, ID_NOT_FOUND } from '@app/contracts';
import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../http-errors.js';

const send = (reply: FastifyReply, status: number, error: ApiError['error']) =>
  reply.status(status).send({ error } satisfies ApiError);

/**
 * One error shape for every failure, and no stack traces or internals leave the server:
 * unexpected errors are logged with the request id and answered with a generic message.
 */
export const errorsPlugin = fp(async (app) => {
  app.setErrorHandler((err: FastifyError, request, reply) => {
    if (err instanceof HttpError) {
      return send(reply, err.statusCode, {
        code: err.code,
        message: err.message,
        ...(err.fields ? { fields: err.fields } : {}),
      });
    }
    if (hasZodFastifySchemaValidationErrors(err)) {
      // An id beyond any row's (contracts/ids.ts) is answered like an unknown one.
      if (err.validation.some((issue) => issue.message === ID_NOT_FOUND))
        return send(reply, 404, { code: ERROR_CODES.notFound, message: 'Not found' });
      const fields: Record<string, string> = {};
      for (const issue of err.validation) {
        const path =
          issue.instancePath.replace(/^\//, '').replace(/\//g, '.') || (err.validationContext ?? 'body');
        fields[path] ??= issue.message ?? 'is not valid';
      }
      const first = Object.entries(fields)[0];
      // The first field's own text, so the spec's validation texts reach the user verbatim.
      const message = first ? first[1] : 'The request is not valid.';
      return send(reply, 400, { code: ERROR_CODES.validation, message, fields });
    }
    if (request.isMultipart?.() && err.statusCode === undefined && isMultipartParseError(err)) {
      // The form parser's own errors (no boundary, a body cut short): the request is at fault.
      return send(reply, 400, { code: ERROR_CODES.badRequest, message: 'The multipart form is not valid.' });
    }
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large); a body
      // of the wrong media type (415, or 406 from the multipart parser) is a bad request too.
      const answered = status === 415 || status === 406 ? 400 : status;
      return send(reply, answered, { code: clientErrorCode(answered), message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return send(reply, 500, {
      code: ERROR_CODES.internal,
      message: 'Something went wrong. Please try again later.',
    });
  });
});

/**
 * Errors of reading a malformed multipart form: busboy's own (they carry no status code), and a
 * file stream ended early because the body did.
 */
const isMultipartParseError = (err: FastifyError) =>
  err.code === 'ERR_STREAM_PREMATURE_CLOSE' ||
  /^Multipart: Boundary not found$|unexpected end of multipart data$|^The needle cannot/i.test(err.message);

/**
 * Errors Fastify raises before any hook runs, in our error shape: a URL that is not valid
 * percent-encoding is a bad request (400); anything else (a failing route constraint) is ours.
 * Set as the server's `frameworkErrors` option (app.ts).
 */
export function answerFrameworkError(error: FastifyError, request: FastifyRequest, reply: FastifyReply) {
  if (error.code === 'FST_ERR_BAD_URL')
    return send(reply, 400, { code: ERROR_CODES.badRequest, message: 'The URL is not valid.' });
  // A path segment longer than any host name (253) or id the product knows: nothing to look up.
  if (error.code === 'FST_ERR_MAX_PARAM_LENGTH')
    return send(reply, 414, { code: ERROR_CODES.badRequest, message: 'The URL is too long.' });
  request.log.error({ err: error }, 'request failed');
  return send(reply, 500, {
    code: ERROR_CODES.internal,
    message: 'Something went wrong. Please try again later.',
  });
}

function clientErrorCode(status: number): string {
  if (status === 404) return ERROR_CODES.notFound;
  if (status === 401) return ERROR_CODES.unauthenticated;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 429) return ERROR_CODES.rateLimited;
  return ERROR_CODES.badRequest;
}
