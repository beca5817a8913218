import {
  apiErrorSchema,
  ssoCreateRequestSchema,
  ssoCreateResponseSchema,
  ssoValidationRequestSchema,
  ssoValidationResponseSchema,
} from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, notFound } from '../../http-errors.js';
import { PUBLIC } from '../../plugins/access.js';
import type { AuditLog } from '../audit/audit-log.js';
import type { DomainService } from '../domains/domain-service.js';
import { normaliseHost } from '../domains/domain-service.js';
import type { IdentityRepository } from './identity-repository.js';
import { type IdentityRouteDependencies, principalOf } from './identity-routes.js';
import { newOpaqueToken, sha256 } from './secure-tokens.js';
import type { TokenService } from './token-service.js';

const SSO_TTL_MS = 5 * 60_000;
const errors = { 400: apiErrorSchema, 401: apiErrorSchema, 404: apiErrorSchema };

export interface SsoDependencies {
  repo: IdentityRepository;
  tokens: TokenService;
  domains: DomainService;
  audit: AuditLog;
  webOrigin: IdentityRouteDependencies['webOrigin'];
}

/**
 * Single sign-on: a single-use token, valid five minutes, only on the host (and so the system) it
 * was issued for. Redeeming it for another user than the one signed in answers `replace_user`;
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
            userTypes: ['root', 'userdownline', 'user', 'admin', 'administrator'],
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
        const host = normaliseHost(request.body.host);
        // The host must belong to the caller's own system.
        if ((await deps.domains.systemOf(host)) !== p.systemId) throw notFound();
        const token = newOpaqueToken();
        await deps.repo.createOneTimeToken({
          purpose: 'sso',
          userId: request.body.userID,
          tokenHash: sha256(token),
          host,
          expiresAt: new Date(Date.now() + SSO_TTL_MS),
        });
        return {
          token,
          url: `${deps.webOrigin(request, host)}/sso?token=${token}`,
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
        if (!user || user.status === 'disabled') throw invalid();
        if (!(await deps.repo.useOneTimeToken(row.id))) throw invalid();
        const { tokens } = await deps.tokens.issue({
          userId: user.id,
          systemId: user.systemId,
          ip: request.ip,
        });
        await deps.audit.record({
          systemId: user.systemId,
          companyId: user.companyId,
          userId: user.id,
          action: 'login_sso',
          category: 'auth',
          description: `Signed in by single sign-on on ${row.host}`,
          ip: request.ip,
        });
        const current = request.body.currentUserID == null ? null : Number(request.body.currentUserID);
        const action =
          current !== null && current !== user.id ? ('replace_user' as const) : ('login' as const);
        return { ...tokens, action };
      },
    );
  };
