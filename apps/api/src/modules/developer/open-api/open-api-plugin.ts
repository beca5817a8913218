import type { Database } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { HoldOptions } from '../../../lib/idempotency.js';
import type { RateLimiter, RateLimitRule } from '../../../lib/rate-limiter.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { CampaignService } from '../../campaigns/index.js';
import type { ExclusionService } from '../../exclusions/index.js';
import type { WebhookEndpoints } from '../../integrations/index.js';
import type { LeadFeed } from '../../lead-reports/index.js';
import type { DeveloperRepository } from '../developer-repository.js';
import type { KeyService } from '../key-service.js';
import { campaignEndpoints } from './campaign-endpoints.js';
import { dataEndpoints } from './data-endpoints.js';
import { openApiDocumentRoute } from './open-api-document.js';
import { addOpenApiHooks } from './open-api-hooks.js';
import { tokenEndpoint } from './token-endpoint.js';
import { webhookEndpoints } from './webhook-endpoints.js';

export interface OpenApiDeps {
  db: Database;
  repo: DeveloperRepository;
  keys: KeyService;
  campaigns: CampaignService;
  leadFeed: LeadFeed;
  exclusions: ExclusionService;
  /** The integrations module's webhook endpoints (decision 0106). */
  webhooks: WebhookEndpoints;
  /** Seals the stored idempotent answers (one may hold a webhook's signing secret). */
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  limiter: Pick<RateLimiter, 'consume'>;
  tokenRule: RateLimitRule;
  idempotency?: HoldOptions;
}

/**
 * The Open API (decision 0100), under `/api/v1`: plain JSON (no `dt` envelope), a key's bearer token
 * from the client-credentials exchange, `RateLimit-*` headers, `Idempotency-Key` on POSTs, every
 * call logged against its key, and its own OpenAPI document at `/api/v1/openapi.json`.
 */
export const openApiRoutes =
  (deps: OpenApiDeps): FastifyPluginAsyncZod =>
  async (app) => {
    await app.register(
      async (v1) => {
        // RFC 6749 clients send the token request form-encoded.
        v1.addContentTypeParser(
          'application/x-www-form-urlencoded',
          { parseAs: 'string' },
          (_req, body, done) => {
            done(null, Object.fromEntries(new URLSearchParams(String(body))));
          },
        );
        addOpenApiHooks(v1, {
          db: deps.db,
          repo: deps.repo,
          idempotency: deps.idempotency,
          secrets: deps.secrets,
        });
        await v1.register(tokenEndpoint({ keys: deps.keys, limiter: deps.limiter, rule: deps.tokenRule }));
        await v1.register(campaignEndpoints(deps.campaigns));
        await v1.register(dataEndpoints({ leadFeed: deps.leadFeed, exclusions: deps.exclusions }));
        await v1.register(webhookEndpoints(deps.webhooks));
        await v1.register(openApiDocumentRoute);
      },
      { prefix: '/v1' },
    );
  };
