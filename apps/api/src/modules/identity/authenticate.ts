import type { FastifyRequest } from 'fastify';
import { HttpError } from '../../http-errors.js';
import type { Principal } from '../tenancy/index.js';
import type { IdentityRepository } from './identity-repository.js';
import { audienceOf, type TokenService } from './token-service.js';

const unauthenticated = () => new HttpError(401, 'unauthenticated', 'Unauthenticated.');

/**
 * Turns the bearer token into the caller: a valid JWT (HS256 only, our issuer, not expired) whose
 * session is not revoked, whose user is active in a live company, and whose audience is that user's
 * system. (Scope checks rely on this: the caller's own company needs no query.) A person holding a
 * role carries its switches, so the policy decides without asking the database again.
 */
export function createAuthenticator(tokens: TokenService, repo: IdentityRepository) {
  return async function authenticate(request: FastifyRequest): Promise<Principal> {
    const header = request.headers.authorization;
    const match = header?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match?.[1]) throw unauthenticated();
    const claims = await tokens.verifyAccess(match[1]);
    const state = await repo.sessionState(claims.familyId);
    // A view-mode session ends with the session it was started from (`parentRevoked`).
    if (!state || state.family.revokedAt || state.parentRevoked || state.family.userId !== claims.userId)
      throw unauthenticated();
    const { user } = state;
    if (
      user.deletedAt ||
      state.companyDeletedAt ||
      user.status === 'disabled' ||
      audienceOf(user.systemId) !== audienceOf(claims.systemId)
    ) {
      throw unauthenticated();
    }
    const permissions =
      user.roleId === null
        ? null
        : Object.fromEntries(
            (await repo.rolePermissions(user.roleId)).map(({ module, ...switches }) => [module, switches]),
          );
    return {
      userId: user.id,
      systemId: user.systemId,
      companyId: user.companyId,
      companyKind: state.companyKind,
      companyParentId: state.companyParentId,
      rootCompanyId: state.rootCompanyId,
      userType: user.userType,
      isSystemUser: user.isSystemUser,
      isAccExecutive: user.isAccExecutive,
      familyId: state.family.id,
      actorUserId: state.family.actorUserId,
      permissions,
      timeZone: user.timeZone,
    };
  };
}

export type Authenticate = ReturnType<typeof createAuthenticator>;

/**
 * A person as a principal outside any session (the Developer API records a key's work under the
 * person who made the key, decision 0100): null when they are gone, disabled or their company is.
 */
export function createPersonReader(repo: IdentityRepository) {
  return async function personOf(userId: number): Promise<Principal | null> {
    const state = await repo.personState(userId);
    if (!state) return null;
    const { user } = state;
    if (user.deletedAt || state.companyDeletedAt || user.status === 'disabled') return null;
    const permissions =
      user.roleId === null
        ? null
        : Object.fromEntries(
            (await repo.rolePermissions(user.roleId)).map(({ module, ...switches }) => [module, switches]),
          );
    return {
      userId: user.id,
      systemId: user.systemId,
      companyId: user.companyId,
      companyKind: state.companyKind,
      companyParentId: state.companyParentId,
      rootCompanyId: state.rootCompanyId,
      userType: user.userType,
      isSystemUser: user.isSystemUser,
      isAccExecutive: user.isAccExecutive,
      familyId: 'open-api',
      actorUserId: null,
      permissions,
      timeZone: user.timeZone,
    };
  };
}
