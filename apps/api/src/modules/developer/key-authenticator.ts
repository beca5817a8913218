import { DEVELOPER_TEXTS } from '@app/contracts';
import { API_SCOPES, type ApiScope } from '@app/policy';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HttpError } from '../../http-errors.js';
import type { RateLimiter, RateLimitRule, RateLimitState } from '../../lib/rate-limiter.js';
import type { CompanyReads, KeyPrincipal, Principal } from '../tenancy/index.js';
import type { DeveloperRepository } from './developer-repository.js';
import type { KeyTokens } from './key-credentials.js';

export const invalidToken = () => new HttpError(401, 'invalid_token', DEVELOPER_TEXTS.invalidToken);

/**
 * The `RateLimit-*` fields of the IETF draft (as `@fastify/rate-limit` writes them) on every answer,
 * and a 429 with `Retry-After` when the window is spent.
 */
export function applyRateLimit(reply: FastifyReply, state: RateLimitState): void {
  reply.header('ratelimit-limit', state.limit);
  reply.header('ratelimit-remaining', state.remaining);
  reply.header('ratelimit-reset', state.resetSeconds);
  if (!state.allowed) {
    reply.header('retry-after', state.resetSeconds);
    throw new HttpError(429, 'rate_limited', DEVELOPER_TEXTS.rateLimited);
  }
}

/**
 * Turns an Open API bearer token into the calling key (decision 0100): a token of ours, for a key
 * that is live, of a live company with developer mode on and its agreement accepted, made by a person
 * still there; then the call is counted against the key's rate limit (shared by every process).
 * Every call re-reads the key, so revoking one stops its tokens at once.
 */
export function createKeyAuthenticator(deps: {
  repo: DeveloperRepository;
  tokens: KeyTokens;
  companies: Pick<CompanyReads, 'company'>;
  personOf: (userId: number) => Promise<Principal | null>;
  developerAccepted: (companyId: number) => Promise<boolean>;
  limiter: Pick<RateLimiter, 'consume'>;
  rule: RateLimitRule;
}) {
  return async function authenticateKey(request: FastifyRequest, reply: FastifyReply): Promise<KeyPrincipal> {
    const match = request.headers.authorization?.match(/^Bearer ([A-Za-z0-9._~+/=-]+)$/);
    if (!match?.[1]) throw invalidToken();
    const claims = await deps.tokens.verify(match[1]);
    if (!claims) throw invalidToken();
    const key = await deps.repo.keyById(claims.keyId);
    if (!key || key.revokedAt) throw invalidToken();
    const company = await deps.companies.company(key.companyId);
    if (!company || company.deletedAt || !company.apiMode) throw invalidToken();
    const [maker, accepted] = await Promise.all([
      deps.personOf(key.createdByUserId),
      deps.developerAccepted(key.companyId),
    ]);
    // An agency's key works while its developer agreement stands (a root company accepts none).
    if (!maker || (company.kind === 'agency' && !accepted) || maker.companyId !== key.companyId)
      throw invalidToken();
    applyRateLimit(reply, await deps.limiter.consume(`open-api:key:${key.id}`, deps.rule));
    await deps.repo.touch(key.id);
    const scopes = claims.scopes.filter(
      (s): s is ApiScope => (API_SCOPES as readonly string[]).includes(s) && key.scopes.includes(s),
    );
    return {
      kind: 'key',
      keyId: key.id,
      clientId: key.clientId,
      systemId: company.systemId,
      companyId: company.id,
      companyKind: company.kind,
      companyParentId: company.parentId,
      rootCompanyId: company.rootId,
      scopes,
      actingAs: maker,
    };
  };
}
