import { ERROR_CODES } from '@app/contracts';

/** An error a route may throw on purpose; the error handler turns it into the one error shape. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    readonly code: string,
    message: string,
    readonly fields?: Record<string, string>,
  ) {
    super(message);
  }
}

export const notFound = (message = 'Not found') => new HttpError(404, ERROR_CODES.notFound, message);
export const forbidden = (message: string) => new HttpError(403, ERROR_CODES.forbidden, message);
export const badRequest = (message: string, fields?: Record<string, string>) =>
  new HttpError(400, ERROR_CODES.badRequest, message, fields);
