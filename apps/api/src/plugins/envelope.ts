import { EnvelopeError, ERROR_CODES, openEnvelope } from '@app/contracts';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';

const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const invalid = (message: string) => new HttpError(400, ERROR_CODES.envelope, message);

/**
 * Opens the `dt` envelope of JSON bodies (spec 1 §7) before schema validation, so every route
 * validates the decrypted body. Multipart bodies and routes with `envelope: false` pass through.
 * Format and rationale: docs/dt-envelope.md, docs/decisions/0004-dt-envelope.md.
 */
export const envelopePlugin = fp<{ key: CryptoKey }>(async (app, { key }) => {
  app.addHook('preValidation', async (request) => {
    if (request.is404 || !BODY_METHODS.has(request.method)) return;
    if (request.routeOptions.config.envelope === false) return;
    if (request.headers['content-type']?.startsWith('multipart/form-data')) return;
    const body = request.body as unknown;
    if (body === undefined || body === null) return; // no body at all: the route's schema decides
    if (typeof body !== 'object' || Array.isArray(body)) throw invalid('Request body must be a dt envelope.');
    const keys = Object.keys(body);
    const dt = (body as { dt?: unknown }).dt;
    if (keys.length !== 1 || typeof dt !== 'string') {
      throw invalid('Request body must be a JSON object with a single "dt" field.');
    }
    try {
      request.body = await openEnvelope(key, dt);
    } catch (err) {
      if (err instanceof EnvelopeError) throw invalid(`Invalid dt envelope: ${err.message}.`);
      throw err;
    }
  });
});
