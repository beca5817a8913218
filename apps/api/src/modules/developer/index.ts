import { centsToDollars } from '@app/contracts';
import type { Database } from '@app/db';
import type { FastifyRequest } from 'fastify';
import { type HoldOptions, sweepDoneKeys } from '../../lib/idempotency.js';
import type { RateLimiter, RateLimitRule } from '../../lib/rate-limiter.js';
import type { SecretBox } from '../../lib/secret-box.js';
import type { AuditLog } from '../audit/index.js';
import type { CampaignService } from '../campaigns/index.js';
import type { ExclusionService } from '../exclusions/index.js';
import type { WebhookEndpoints } from '../integrations/index.js';
import type { LeadFeed } from '../lead-reports/index.js';
import type { ChargeOnce } from '../payments/index.js';
import type { ApiKeyFlag, CompanyReads, Principal } from '../tenancy/index.js';
import { type CustomerOf, createDeveloperFee } from './developer-fee.js';
import { createDeveloperRepository } from './developer-repository.js';
import { developerRoutes } from './developer-routes.js';
import { createKeyAuthenticator } from './key-authenticator.js';
import { createKeyTokens } from './key-credentials.js';
import { createKeyService } from './key-service.js';
import { openApiRoutes } from './open-api/open-api-plugin.js';
import { openApiSweepHandler } from './sweep-job.js';

export { createKeyTokens } from './key-credentials.js';
export type { KeyService } from './key-service.js';
export { openApiSweepJob } from './sweep-job.js';

/** A key's calls per minute, and token exchanges per client address per minute (decision 0102). */
export const OPEN_API_RATE_LIMIT: RateLimitRule = { limit: 120, windowSeconds: 60 };
export const TOKEN_RATE_LIMIT: RateLimitRule = { limit: 30, windowSeconds: 60 };
export const OPEN_API_TOKEN_TTL_SECONDS = 900;

/** The system's one-time developer fee in dollars, or null when it charges none (the agreement screen). */
export function createDeveloperFeeReader(db: Database) {
  const repo = createDeveloperRepository(db);
  return async (systemId: number): Promise<string | null> => {
    const fee = await repo.feeOf(systemId);
    return fee === 0 ? null : centsToDollars(fee);
  };
}

/**
 * The Developer API (decision 0100): a company's Open API keys (made after the developer agreement,
 * the first of an enabling charging the system's one-time fee), the key principal's authenticator,
 * and the Open API under `/api/v1` on the campaigns, lead reports, exclusions and integrations (webhook
 * endpoints, decision 0106) modules' faces.
 */
export function createDeveloperModule(deps: {
  db: Database;
  audit: AuditLog;
  companies: Pick<CompanyReads, 'company'>;
  apiKeyFlag: ApiKeyFlag;
  developerAcceptance: (companyId: number) => Promise<{ accepted: boolean; acceptanceId: number | null }>;
  showsDeveloperEntry: (userId: number) => Promise<boolean>;
  personOf: (userId: number) => Promise<Principal | null>;
  chargeOnce: Pick<ChargeOnce, 'charge'>;
  customerOf: CustomerOf;
  campaigns: CampaignService;
  leadFeed: LeadFeed;
  exclusions: ExclusionService;
  /** Webhook endpoints, through the integrations module (decision 0106). */
  webhooks: WebhookEndpoints;
  /** Seals the Open API's stored idempotent answers. */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  limiter: Pick<RateLimiter, 'consume' | 'sweep'>;
  tokenSigningKey: string;
  /** The configured API base the browser uses (`/api`, or an absolute address). */
  publicApiBase: string;
  /** Tests: a smaller limit, a shorter token life, a shorter idempotency wait. */
  rateLimit?: RateLimitRule;
  tokenRateLimit?: RateLimitRule;
  tokenTtlSeconds?: number;
  idempotency?: HoldOptions;
}) {
  const repo = createDeveloperRepository(deps.db);
  const tokens = createKeyTokens({
    signingKey: deps.tokenSigningKey,
    ttlSeconds: deps.tokenTtlSeconds ?? OPEN_API_TOKEN_TTL_SECONDS,
  });
  const keys = createKeyService({
    repo,
    tokens,
    companies: deps.companies,
    apiKeyFlag: deps.apiKeyFlag,
    developerAcceptance: deps.developerAcceptance,
    showsDeveloperEntry: deps.showsDeveloperEntry,
    fee: createDeveloperFee({ chargeOnce: deps.chargeOnce, customerOf: deps.customerOf }),
    audit: deps.audit,
  });
  const baseUrlOf = (request: FastifyRequest) =>
    /^https?:\/\//.test(deps.publicApiBase)
      ? `${deps.publicApiBase.replace(/\/+$/, '')}/v1`
      : `${request.protocol}://${request.host}${deps.publicApiBase.replace(/\/+$/, '')}/v1`;
  return {
    keys,
    repo,
    authenticateKey: createKeyAuthenticator({
      repo,
      tokens,
      companies: deps.companies,
      personOf: deps.personOf,
      developerAccepted: async (companyId) => (await deps.developerAcceptance(companyId)).accepted,
      limiter: deps.limiter,
      rule: deps.rateLimit ?? OPEN_API_RATE_LIMIT,
    }),
    /** Developer mode switched off for a company: its keys stop (the users module calls this). */
    resetCompany: keys.resetCompany,
    handlers: [
      openApiSweepHandler({
        sweepRateLimits: deps.limiter.sweep,
        sweepIdempotencyKeys: () => sweepDoneKeys(deps.db, 'open-api:', 24 * 3600),
      }),
    ],
    routes: [
      developerRoutes({ keys, repo, audit: deps.audit, baseUrlOf }),
      openApiRoutes({
        db: deps.db,
        repo,
        keys,
        campaigns: deps.campaigns,
        leadFeed: deps.leadFeed,
        exclusions: deps.exclusions,
        webhooks: deps.webhooks,
        secrets: deps.secrets,
        limiter: deps.limiter,
        tokenRule: deps.tokenRateLimit ?? TOKEN_RATE_LIMIT,
        idempotency: deps.idempotency,
      }),
    ],
  };
}
