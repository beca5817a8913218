import {
  apiErrorSchema,
  loginResponseSchema,
  referralCheckResponseSchema,
  referralCreateRequestSchema,
  referralCreateResponseSchema,
  registerConfirmRequestSchema,
  registerRequestSchema,
  registerResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import { PUBLIC, principalOf } from '../../plugins/access.js';
import type { RequireHuman } from '../bot-check/index.js';
import type { WebOrigins } from '../domains/index.js';
import { referralCodeFor } from './referral-codes.js';
import type { RegistrationService } from './registration-service.js';

export interface RegistrationRouteDependencies {
  registration: RegistrationService;
  referralKey: string;
  requireHuman: RequireHuman;
  /** Referral links point at the system's own host, never at the request's (decision 0019). */
  origins: Pick<WebOrigins, 'ofCompany'>;
}

const errors = { 400: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Sign-up (confirmed by an e-mailed link) and sales referral links (spec 1 §7.1, §7.4). */
export const registrationRoutes =
  (deps: RegistrationRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/register',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: registerRequestSchema,
          response: { 200: registerResponseSchema, ...errors },
        },
      },
      async (request) => {
        const b = request.body;
        await deps.requireHuman({ host: b.domainName, token: b.gtoken, ip: request.ip });
        const { message } = await deps.registration.register({
          host: b.domainName,
          userType: b.userType,
          companyName: b.companyname,
          name: b.name,
          email: b.email,
          phone: b.phonenum,
          phoneCountryCode: b.phoneCountryCode,
          password: b.password,
          refcode: b.refcode,
          ip: request.ip,
        });
        // The same answer whether or not the address has an account (decision 0019).
        return { result: 'confirm_email' as const, message };
      },
    );

    app.post(
      '/register/confirm',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: registerConfirmRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const tokens = await deps.registration.confirm({ token: request.body.token, ip: request.ip });
        return { result: 'success' as const, ...tokens };
      },
    );

    app.get(
      '/general/referralink/check/:refcode',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          params: z.object({ refcode: z.string().max(64) }),
          querystring: z.object({ host: z.string().max(253).optional() }),
          response: { 200: referralCheckResponseSchema },
        },
      },
      async (request) =>
        deps.registration.checkReferral(request.query.host ?? request.hostname, request.params.refcode),
    );

    app.post(
      '/general/referralink/create',
      {
        config: {
          access: {
            kind: 'user',
            action: 'referrals.create',
            scope: [{ in: 'body', field: 'userID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['auth'],
          body: referralCreateRequestSchema,
          response: { 200: referralCreateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        if (request.body.userID !== p.userId) throw notFound();
        const refcode = referralCodeFor(deps.referralKey, p.userId);
        const origin = await deps.origins.ofCompany(p.companyId);
        return { refcode, url: `${origin}/agency-register/${refcode}` };
      },
    );
  };
