import { apiErrorSchema, switchUserRequestSchema, viewModeResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-errors.js';
import { type AccessRule, principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import { actableTarget, type TreePosition } from './actable-target.js';
import type { IdentityRepository } from './identity-repository.js';
import type { TokenService } from './token-service.js';

export interface ViewModeDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  audit: AuditLog;
  /** A company's row, to know where the target person sits in the tree. */
  companyOf(companyId: number): Promise<TreePosition | undefined>;
}

const SWITCHERS: AccessRule = {
  kind: 'user',
  action: 'viewMode.start',
  scope: [{ in: 'body', field: 'usrID', resource: 'user' }],
};
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * View mode is a server-issued session carrying both identities: the target as the user, the
 * caller as the actor. The caller's own session stays; reverting ends the view-mode session and
 * answers fresh tokens of the caller's session. Whom a person may view is the policy's `mayActAs`
 * (only downwards); anybody else is 404, like an unknown user.
 */
export const viewModeRoutes =
  (deps: ViewModeDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/configuration/user/switch',
      {
        config: { access: SWITCHERS },
        schema: {
          tags: ['view mode'],
          body: switchUserRequestSchema,
          response: { 200: viewModeResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        if (p.actorUserId !== null)
          throw new HttpError(
            400,
            'already_in_view_mode',
            'Reset view mode before switching to another user.',
          );
        const target = await actableTarget(deps, p, request.body.usrID);
        const { tokens } = await deps.tokens.issue({
          userId: target.id,
          systemId: target.systemId,
          actorUserId: p.userId,
          parentFamilyId: p.familyId,
          ip: request.ip,
        });
        await deps.audit.record({
          systemId: p.systemId,
          companyId: target.companyId,
          userId: p.userId,
          targetUserId: target.id,
          action: 'view_mode_start',
          category: 'view_mode',
          description: `Started view mode as ${target.email}`,
          ip: request.ip,
        });
        return { result: 'success' as const, ...tokens };
      },
    );

    app.post(
      '/configuration/user/revert-view-mode',
      {
        config: { access: { kind: 'user', action: 'session.end' } },
        schema: { tags: ['view mode'], response: { 200: viewModeResponseSchema, ...errors } },
      },
      async (request) => {
        const p = principalOf(request);
        if (p.actorUserId === null)
          throw new HttpError(400, 'not_in_view_mode', 'This session is not in view mode.');
        const family = await deps.repo.getFamily(p.familyId);
        await deps.tokens.revokeFamily(p.familyId, 'view mode reverted');
        await deps.audit.record({
          systemId: p.systemId,
          companyId: p.companyId,
          userId: p.actorUserId,
          targetUserId: p.userId,
          action: 'view_mode_end',
          category: 'view_mode',
          description: 'Reset view mode',
          ip: request.ip,
        });
        const tokens = family?.parentFamilyId
          ? await deps.tokens.continueFamily(family.parentFamilyId)
          : null;
        // The original session ended meanwhile (logout elsewhere): sign in again.
        if (!tokens) throw new HttpError(401, 'unauthenticated', 'Unauthenticated.');
        return { result: 'success' as const, ...tokens };
      },
    );
  };
