import {
  apiErrorSchema,
  ssoCreateRequestSchema,
  ssoCreateResponseSchema,
  ssoValidationRequestSchema,
  ssoValidationResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../http-errors.js';
import { PUBLIC, principalOf } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import { normaliseHost, type WebOrigins } from '../domains/index.js';
import { actableTarget, type TreePosition } from './actable-target.js';
import type { IdentityRepository } from './identity-repository.js';
import { newOpaqueToken, sha256 } from './secure-tokens.js';
import type { TokenService } from './token-service.js';

const SSO_TTL_MS = 5 * 60_000;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export interface SsoDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  /** The hosts the target's people sign in on: the link goes to one of them. */
  origins: Pick<WebOrigins, 'ofCompany'>;
  audit: AuditLog;
  /** A company's place in the tree, to know whom the caller may sign in as. */
  companyOf(companyId: number): Promise<TreePosition | undefined>;
}

/**
 * Single sign-on: a single-use token, valid five minutes, only on the host it was issued for (one
 * the server knows for the target: their agency's domain or subdomain, or the system's domain), for
 * someone the issuer may act as. The session it starts names the issuer as the
 * actor, like view mode, so what is done in it is theirs; creating and redeeming are both logged
 * with both names. Redeeming it for another user than the one signed in answers `replace_user`;
 * nobody else's sessions are touched.
 */
export const ssoRoutes =
  (deps: SsoDependencies): FastifyPluginAsyncZod =>
  async (app) => {
    const invalid = () => new HttpError(401, 'sso_invalid', 'This sign-on link is not valid.');

    app.post(
      '/v1/developer/sso/create',
      {
        config: {
          access: {
            kind: 'user',
            action: 'sso.create',
            scope: [{ in: 'body', field: 'userID', resource: 'user' }],
          },
        },
        schema: {
          tags: ['sso'],
          body: ssoCreateRequestSchema,
          response: { 200: ssoCreateResponseSchema, ...errors },
        },
      },
      async (request) => {
        const p = principalOf(request);
        // Only whom view mode allows: never the caller's owner, peers or anybody above them.
        const target = await actableTarget(deps, p, request.body.userID);
        // The link goes to a host the server knows for the target (the one asked for when it is one).
        const origin = await deps.origins.ofCompany(target.companyId, request.body.host);
        const host = new URL(origin).hostname;
        const token = newOpaqueToken();
        await deps.repo.createOneTimeToken({
          purpose: 'sso',
          userId: target.id,
          issuedByUserId: p.actorUserId ?? p.userId,
          tokenHash: sha256(token),
          host,
          expiresAt: new Date(Date.now() + SSO_TTL_MS),
        });
        await deps.audit.record({
          systemId: p.systemId,
          companyId: target.companyId,
          userId: p.userId,
          targetUserId: target.id,
          action: 'sso_created',
          category: 'auth',
          description: `Issued a single sign-on link for ${target.name} (${target.email}) on ${host}`,
          ip: request.ip,
        });
        return {
          token,
          url: `${origin}/sso?token=${token}`,
          expires_in: SSO_TTL_MS / 1000,
        };
      },
    );

    app.post(
      '/v1/developer/sso/validation',
      {
        config: { access: PUBLIC },
        schema: {
          tags: ['sso'],
          body: ssoValidationRequestSchema,
          response: { 200: ssoValidationResponseSchema, ...errors },
        },
      },
      async (request) => {
        const row = await deps.repo.findOneTimeToken('sso', sha256(request.body.token));
        if (!row || row.host !== normaliseHost(request.body.subdomain)) throw invalid();
        const user = await deps.repo.findUser(row.userId);
        const issuer = row.issuedByUserId === null ? undefined : await deps.repo.findUser(row.issuedByUserId);
        // The issuer must still be a live person: the session acts in their name.
        if (!user || user.status === 'disabled' || !issuer || issuer.status === 'disabled') throw invalid();
        if (!(await deps.repo.useOneTimeToken(row.id))) throw invalid();
        const { tokens } = await deps.tokens.issue({
          userId: user.id,
          systemId: user.systemId,
          actorUserId: issuer.id,
          ip: request.ip,
        });
        await deps.audit.record({
          systemId: user.systemId,
          companyId: user.companyId,
          userId: user.id,
          actorUserId: issuer.id,
          targetUserId: user.id,
          action: 'login_sso',
          category: 'auth',
          description: `Signed in as ${user.name} (${user.email}) by single sign-on on ${row.host}, issued by ${issuer.name} (${issuer.email})`,
          ip: request.ip,
        });
        const current = request.body.currentUserID == null ? null : Number(request.body.currentUserID);
        const action =
          current !== null && current !== user.id ? ('replace_user' as const) : ('login' as const);
        return { ...tokens, action };
      },
    );
  };
