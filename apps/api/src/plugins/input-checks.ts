import { refuseControlCharacters } from '@app/contracts';
import multipart from '@fastify/multipart';
import type { FastifySchemaCompiler, preValidationHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import { validatorCompiler as zodValidatorCompiler } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { badRequest } from '../http-errors.js';
import { plainStringsCheck } from './plain-strings.js';
import { hookList, takesBody } from './route-hooks.js';

/**
 * The route schemas' validator, plus one rule for every string a request carries: no control
 * characters (contracts/text.ts), checked on the parsed value of each part the route validates
 * (body, query, params, headers), so a field added later is covered too. The issues travel as
 * schema issues, so the error handler answers them like any other validation failure (400).
 * A part whose schema is an object of plain strings (path parameters, mostly) is first given to
 * its plain check (plain-strings.ts): what it accepts skips Zod's parse, the rest goes to Zod.
 */
export const validatorCompiler: FastifySchemaCompiler<z.core.$ZodType> = (route) => {
  const validate = zodValidatorCompiler({
    ...route,
    schema: refuseControlCharacters(route.schema as z.ZodType),
  });
  const accept = plainStringsCheck(route.schema);
  if (!accept) return validate;
  return (data) => {
    const value = accept(data);
    return value ? { value } : validate(data);
  };
};

/**
 * The route validator with a route's own plain check of its body in front (decision 0056): for a
 * body schema plain-strings.ts cannot read (a strict object, a refinement, a union), the route
 * writes the same rules out. What `accept` returns is the value, exactly as Zod would return it;
 * what it declines (undefined) goes to the validator above, so every refusal and its text are
 * Zod's. Other parts of the request are validated as usual.
 */
export const validatorWithPlainBody =
  // Typed for any route's schema, as Fastify types a route's own compiler; called per part with
  // that part's Zod schema, like the app's.
    <S>(accept: (data: unknown) => unknown): FastifySchemaCompiler<S> =>
    (route) => {
      const validate = validatorCompiler(route as unknown as Parameters<typeof validatorCompiler>[0]);
      if (route.httpPart !== 'body') return validate;
      return (data) => {
        const value = accept(data);
        return value !== undefined ? { value } : validate(data);
      };
    };

/** RFC 2046: a multipart boundary has 1 to 70 characters (quoted or not). */
const BOUNDARY = /;\s*boundary=(?:"([^"]{1,70})"|([^\s;"]{1,70}))\s*(?:;|$)/i;

/**
 * Multipart forms are read by the routes themselves (`request.parts()`); one without a usable
 * boundary cannot be read at all, so it is refused here with a 400 before any route tries.
 */
export const multipartGuardPlugin = fp(async (app) => {
  // Only on routes with a body method (route-hooks.ts); synchronous, so a callback hook: requests
  // that are not multipart pass without a promise.
  const guard: preValidationHookHandler = (request, _reply, done) => {
    if (request.is404 || !request.isMultipart()) return done();
    if (!BOUNDARY.test(request.headers['content-type'] ?? ''))
      return done(badRequest('The multipart form has no valid boundary.'));
    done();
  };
  app.addHook('onRoute', (route) => {
    if (takesBody(route)) route.preValidation = [...hookList(route.preValidation), guard];
  });
});

/**
 * Multipart forms for the routes of the context that registers this (the profile and the settings
 * routes): the parser (one file of at most 2 MiB) and the boundary guard. Registered there rather
 * than at the root because `@fastify/multipart` adds an async `onResponse` hook (its disk mode's
 * temp-file cleanup, unused here) to every route of the context it is registered in; at the root
 * every request, the public GETs included, paid for it. Elsewhere a multipart body is refused by
 * Fastify as an unsupported media type (400 in our shape).
 */
export const multipartFormsPlugin = fp(async (app) => {
  await app.register(multipart, { limits: { fileSize: 2 * 1024 * 1024, files: 1 } });
  await app.register(multipartGuardPlugin);
});
