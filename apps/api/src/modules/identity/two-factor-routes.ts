import {
  apiErrorSchema,
  googleTfaResponseSchema,
  messageResponseSchema,
  twoFactorSettingsSchema,
  updateTwoFactorRequestSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import QRCode from 'qrcode';
import { z } from 'zod';
import { HttpError, notFound } from '../../http-errors.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import type { IdentityRepository } from './identity-repository.js';
import type { PasswordService } from './password-service.js';
import { matchTotpStep, newTotpSecret, totpFor } from './totp.js';

export interface TwoFactorRouteDependencies {
  repo: IdentityRepository;
  audit: AuditLog;
  sealSecret(plain: string): Promise<string>;
  /** The issuer shown in authenticator apps: the system's name. */
  issuerFor(systemId: number): Promise<string>;
  /** Not in view mode, and the current password: every change of the setting needs both. */
  reauthenticate: PasswordService['reauthenticate'];
}

const SELF: AccessRule = {
  kind: 'user',
  action: 'account.twoFactor',
  scope: [{ in: 'params', field: 'userId', resource: 'user' }],
};
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };
const userIdParams = z.object({ userId: z.coerce.number().int() });

/** Two-factor settings of spec 1 §4 "Two-factor selection" and §7.3; a user manages only their own. */
export const twoFactorRoutes =
  (deps: TwoFactorRouteDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const ownUser = async (requestedId: number, principalUserId: number) => {
      if (requestedId !== principalUserId) throw notFound();
      const user = await deps.repo.findUser(principalUserId);
      if (!user) throw notFound();
      return user;
    };

    app.get(
      '/setting/twofactorauth/:userId',
      {
        config: { access: { ...SELF, action: 'account.twoFactor.change' } },
        schema: {
          tags: ['security'],
          params: userIdParams,
          response: { 200: twoFactorSettingsSchema, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request.params.userId, principalOf(request).userId);
        return {
          two_factor_auth: user.twoFactorEnabled,
          two_factor_auth_type: user.twoFactorEnabled ? user.twoFactorType : null,
        };
      },
    );

    app.get(
      '/setting/get-google-tfa/:userId/:companyId',
      {
        // The company must be the user's own (checked below); sales staff's root company is not in
        // their scope, yet they set up their own authenticator too.
        config: { access: SELF },
        schema: {
          tags: ['security'],
          params: userIdParams.extend({ companyId: z.coerce.number().int() }),
          response: { 200: googleTfaResponseSchema, ...errors },
        },
      },
      async (request) => {
        const user = await ownUser(request.params.userId, principalOf(request).userId);
        if (request.params.companyId !== user.companyId) throw notFound();
        // Nothing is stored yet: the secret counts only once a code from it is confirmed.
        const secretKey = newTotpSecret();
        const uri = totpFor(secretKey, user.email, await deps.issuerFor(user.systemId)).toString();
        return { qrCodeUrl: await QRCode.toString(uri, { type: 'svg', margin: 1 }), secretKey };
      },
    );

    app.put(
      '/setting/twofactorauth/:userId',
      {
        config: { access: { ...SELF, action: 'account.twoFactor.change' } },
        schema: {
          tags: ['security'],
          params: userIdParams,
          body: updateTwoFactorRequestSchema,
          response: { 200: messageResponseSchema, 403: apiErrorSchema, 429: apiErrorSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        const user = await ownUser(request.params.userId, p.userId);
        if (request.body.userId !== user.id) throw notFound();
        const { two_factor_auth: on, two_factor_auth_type: type, secretKey, code } = request.body;
        // Turning it off or switching the method with a stolen token alone must not work.
        await deps.reauthenticate({
          principal: p,
          user,
          password: request.body.currpassword,
          ip: request.ip,
        });
        if (!on) {
          await deps.repo.setTwoFactor(user.id, {
            twoFactorEnabled: false,
            twoFactorType: null,
            totpSecretEncrypted: null,
            totpLastStep: null,
          });
        } else if (type === 'google') {
          const step = secretKey && code ? matchTotpStep(secretKey, code) : null;
          if (step === null)
            throw new HttpError(400, 'invalid_code', 'The code from your authenticator app is not valid.');
          await deps.repo.setTwoFactor(user.id, {
            twoFactorEnabled: true,
            twoFactorType: 'google',
            totpSecretEncrypted: await deps.sealSecret(secretKey ?? ''),
            // The confirming code is spent: it cannot also sign somebody in.
            totpLastStep: step,
          });
        } else {
          await deps.repo.setTwoFactor(user.id, {
            twoFactorEnabled: true,
            twoFactorType: 'email',
            totpSecretEncrypted: null,
            totpLastStep: null,
          });
        }
        await deps.audit.record({
          systemId: user.systemId,
          companyId: user.companyId,
          userId: user.id,
          actorUserId: p.actorUserId,
          action: 'two_factor_changed',
          category: 'settings',
          description: on ? `Two-factor authentication on (${type})` : 'Two-factor authentication off',
          ip: request.ip,
        });
        return { message: on ? 'Two-factor authentication is on.' : 'Two-factor authentication is off.' };
      },
    );
  };
