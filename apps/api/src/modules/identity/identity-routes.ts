import {
  apiErrorSchema,
  changePasswordRequestSchema,
  forgotPasswordRequestSchema,
  loginRequestSchema,
  loginResponseSchema,
  messageResponseSchema,
  PASSWORD_RESET_DONE,
  PASSWORD_SET_DONE,
  PASSWORD_UPDATED,
  refreshRequestSchema,
  resendCodeRequestSchema,
  resetPasswordRequestSchema,
  sessionUserSchema,
  setupCheckSchema,
  tokenResponseSchema,
  verifyLoginRequestSchema,
  verifyResetTokenRequestSchema,
  verifyResetTokenResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { notFound } from '../../http-errors.js';
import { type AccessRule, PUBLIC, principalOf } from '../../plugins/access.js';
import type { RequireHuman } from '../bot-check/index.js';
import type { DomainService } from '../domains/index.js';
import type { IdentityRepository } from './identity-repository.js';
import type { LoginService } from './login-service.js';
import type { PasswordService } from './password-service.js';
import type { ReadSessionUser } from './session-user.js';
import type { createSetupCheckReader } from './setup-check.js';
import type { TokenService } from './token-service.js';

export interface IdentityRouteDependencies {
  domains: DomainService;
  login: LoginService;
  passwords: PasswordService;
  tokens: TokenService;
  repo: IdentityRepository;
  readSessionUser: ReadSessionUser;
  readSetupCheck: ReturnType<typeof createSetupCheckReader>;
  /** Resolves the host's system and checks the form's bot-check answer. */
  requireHuman: RequireHuman;
}

const OWN_SESSION: AccessRule = { kind: 'user', action: 'session.read' };
const userIdParam = (field: string): AccessRule => ({
  kind: 'user',
  action: 'session.read',
  scope: [{ in: 'params', field, resource: 'user' }],
});
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema, 429: apiErrorSchema };

/** Sign-in, sessions, passwords and the session user (spec 1 §7.1). Handlers stay thin. */
export const identityRoutes =
  (deps: IdentityRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/login',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: loginRequestSchema,
          response: { 200: loginResponseSchema, ...errors },
        },
      },
      async (request) => {
        const systemId = await deps.requireHuman({
          host: request.body.domainName,
          token: request.body.gtoken,
          ip: request.ip,
        });
        return deps.login.login({
          systemId,
          email: request.body.username,
          password: request.body.password,
          ip: request.ip,
        });
      },
    );

    app.post(
      '/verifylogin',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: verifyLoginRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      async (request) =>
        deps.login.verifyCode({
          email: request.body.email,
          code: request.body.code,
          otpToken: request.body.otp_token,
          ip: request.ip,
        }),
    );

    app.post(
      '/resendcode',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: resendCodeRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        await deps.login.resendCode({
          email: request.body.email,
          otpToken: request.body.otp_token,
          ip: request.ip,
        });
        return { message: 'A new code has been sent to your e-mail.' };
      },
    );

    app.post(
      '/auth/refresh-token',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: refreshRequestSchema,
          response: { 200: tokenResponseSchema, ...errors },
        },
      },
      async (request) => deps.tokens.rotate(request.body.refresh_token),
    );

    app.post(
      '/logout',
      {
        config: { access: { kind: 'user', action: 'session.end' } },
        schema: { tags: ['auth'], response: { 200: messageResponseSchema, ...errors } },
      },
      async (request) => {
        // From either side of view mode: both sessions end.
        await deps.tokens.endSession(principalOf(request).familyId, 'logout');
        return { message: 'Signed out.' };
      },
    );

    app.post(
      '/forgetpass',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: forgotPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const systemId = await deps.requireHuman({
          host: request.body.domainName,
          token: request.body.gtoken,
          ip: request.ip,
        });
        // The link is built from the account's own hosts, whatever host was named (decision 0019).
        await deps.passwords.forgot({
          systemId,
          email: request.body.username,
          ip: request.ip,
          host: request.body.domainName,
        });
        return { message: 'If an account exists for this e-mail, a password reset link is on its way.' };
      },
    );

    app.post(
      '/verify-reset-token',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: verifyResetTokenRequestSchema,
          response: { 200: verifyResetTokenResponseSchema, ...errors },
        },
      },
      async (request) => deps.passwords.verifyResetToken({ ...request.body, ip: request.ip }),
    );

    app.post(
      '/reset-password',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['auth'],
          body: resetPasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const purpose = await deps.passwords.reset({
          token: request.body.token,
          email: request.body.email,
          password: request.body.password,
          ip: request.ip,
        });
        return { message: purpose === 'invitation' ? PASSWORD_SET_DONE : PASSWORD_RESET_DONE };
      },
    );

    app.get(
      '/user',
      {
        config: { access: OWN_SESSION },
        schema: { tags: ['users'], response: { 200: sessionUserSchema, ...errors } },
      },
      async (request) => {
        const p = principalOf(request);
        return (await deps.readSessionUser(p.userId, p.actorUserId)) ?? Promise.reject(notFound());
      },
    );

    app.get(
      '/user/:usrID',
      {
        config: { access: userIdParam('usrID') },
        schema: {
          tags: ['users'],
          params: z.object({ usrID: z.coerce.number().int() }),
          response: { 200: sessionUserSchema, ...errors },
        },
      },
      async (request) => (await deps.readSessionUser(request.params.usrID)) ?? Promise.reject(notFound()),
    );

    app.get(
      '/user/checksetupcomplete/:usrID',
      {
        config: { access: userIdParam('usrID') },
        schema: {
          tags: ['users'],
          params: z.object({ usrID: z.coerce.number().int() }),
          response: { 200: setupCheckSchema, ...errors },
        },
      },
      async (request) => (await deps.readSetupCheck(request.params.usrID)) ?? Promise.reject(notFound()),
    );

    app.post(
      '/user/resetpassword',
      {
        config: {
          access: {
            kind: 'user',
            action: 'account.password',
            scope: [{ in: 'body', field: 'usrID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['users'],
          body: changePasswordRequestSchema,
          response: { 200: messageResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        // Only one's own password: the current-password check would be meaningless for anyone else.
        if (request.body.usrID !== p.userId) throw notFound();
        const user = await deps.repo.findUser(p.userId);
        if (!user) throw notFound();
        await deps.passwords.change({
          user,
          current: request.body.currpassword,
          next: request.body.newpassword,
          ip: request.ip,
          familyId: p.familyId,
        });
        return { message: PASSWORD_UPDATED };
      },
    );
  };
