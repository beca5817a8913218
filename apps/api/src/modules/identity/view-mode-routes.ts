import { apiErrorSchema, switchUserRequestSchema, viewModeResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http-errors.js';
import type { AccessRule } from '../../plugins/access.js';
import type { AuditLog } from '../audit/audit-log.js';
import { hasSystemScope, type Principal } from '../tenancy/principal.js';
import type { IdentityRepository, UserRow } from './identity-repository.js';
import { principalOf } from './identity-routes.js';
import type { TokenService } from './token-service.js';

export interface ViewModeDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  audit: AuditLog;
  /** The company of a user, to check an agency switches only into its own clients. */
  companyParentOf(companyId: number): Promise<number | null>;
}

const AGENCY_STAFF = ['userdownline', 'user', 'administrator', 'admin'] as const;
const SWITCHERS: AccessRule = {
  kind: 'user',
  userTypes: ['root', ...AGENCY_STAFF],
  scope: [{ in: 'body', field: 'usrID', resource: 'user' }],
};
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

/**
 * View mode is a server-issued session carrying both identities: the target as the user, the
 * caller as the actor. The caller's own session stays; reverting ends the view-mode session and
 * answers fresh tokens of the caller's session. A system user may view anybody in its system; an
 * agency only its own clients. Anything else is 404, like an unknown user.
 */
export const viewModeRoutes =
  (deps: ViewModeDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    async function mayView(p: Principal, target: UserRow): Promise<boolean> {
      if (target.id === p.userId || target.systemId !== p.systemId || target.status === 'disabled')
        return false;
      if (hasSystemScope(p)) return true;
      return (await deps.companyParentOf(target.companyId)) === p.companyId && target.userType === 'client';
    }

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
        const target = await deps.repo.findUser(request.body.usrID);
        if (!target || !(await mayView(p, target))) throw notFound();
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
        config: { access: { kind: 'user', userTypes: 'any' } },
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
