import { EnvelopeError, ERROR_CODES, openEnvelope } from '@app/contracts';
import type { preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError } from '../http-errors.js';
import { BODY_METHODS, hookList, takesBody } from './route-hooks.js';

const invalid = (message: string) => new HttpError(400, ERROR_CODES.envelope, message);

/**
 * Opens the `dt` envelope of JSON bodies (spec 1 §7) before schema validation, so every route
 * validates the decrypted body. Multipart bodies and routes with `envelope: false` pass through.
 * Format and rationale: docs/dt-envelope.md, docs/decisions/0004-dt-envelope.md.
 */
export const envelopePlugin = fp<{ key: CryptoKey }>(async (app, { key }) => {
  // Only routes with a body method get the hook (GET and HEAD routes run none), and it is a callback
  // hook: a request without a body to open passes synchronously, with no promise or microtask hop;
  // only an envelope to decrypt takes the async path.
  // A route that takes no envelope (`envelope: false`: vendor callbacks, pixels) gets no hook either.
  app.addHook('onRoute', (route) => {
    if (takesBody(route) && route.config?.envelope !== false)
      route.preValidation = [openBody, ...hookList(route.preValidation)];
  });
  const openBody: preValidationHookHandler = (request, _reply, done) => {
    if (request.body === undefined || request.body === null) return done(); // the route's schema decides
    if (!BODY_METHODS.has(request.method) || request.is404) return done();
    if (request.headers['content-type']?.startsWith('multipart/form-data')) return done();
    const body = request.body as unknown;
    if (typeof body !== 'object' || Array.isArray(body))
      return done(invalid('Request body must be a dt envelope.'));
    const keys = Object.keys(body as object);
    const dt = (body as { dt?: unknown }).dt;
    if (keys.length !== 1 || typeof dt !== 'string') {
      return done(invalid('Request body must be a JSON object with a single "dt" field.'));
    }
    openEnvelope(key, dt).then(
      (opened) => {
        request.body = opened;
        done();
      },
      (err) => done(err instanceof EnvelopeError ? invalid(`Invalid dt envelope: ${err.message}.`) : err),
    );
  };
});
