import { type ApiError, ERROR_CODES } from '@app/contracts';
import type { FastifyError, FastifyReply } from 'fastify';
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
    const status = err.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      // Fastify's own client errors (bad JSON, unsupported media type, body too large).
      return send(reply, status, { code: clientErrorCode(status), message: err.message });
    }
    request.log.error({ err }, 'request failed');
    return send(reply, 500, {
      code: ERROR_CODES.internal,
      message: 'Something went wrong. Please try again later.',
    });
  });
});

function clientErrorCode(status: number): string {
  if (status === 404) return ERROR_CODES.notFound;
  if (status === 401) return ERROR_CODES.unauthenticated;
  if (status === 403) return ERROR_CODES.forbidden;
  if (status === 429) return ERROR_CODES.rateLimited;
  return ERROR_CODES.badRequest;
}
