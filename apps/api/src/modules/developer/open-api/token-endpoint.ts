import { DEVELOPER_TEXTS, openApiTokenRequestSchema, openApiTokenResponseSchema } from '@app/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError } from '../../../http-errors.js';
import type { RateLimiter, RateLimitRule } from '../../../lib/rate-limiter.js';
import { applyRateLimit } from '../key-authenticator.js';
import type { KeyService } from '../key-service.js';
import { OPEN_API_ERRORS } from './campaign-endpoints.js';

/** Credentials from HTTP Basic (RFC 6749 §2.3.1: each part form-url-encoded), else from the body. */
function credentialsOf(
  header: string | undefined,
  body: { client_id?: string; client_secret?: string },
): { clientId: string; secret: string } | null {
  const basic = header?.match(/^Basic ([A-Za-z0-9+/=]+)$/)?.[1];
  if (basic) {
    const text = Buffer.from(basic, 'base64').toString('utf8');
    const colon = text.indexOf(':');
    if (colon < 1) return null;
    try {
      return {
        clientId: decodeURIComponent(text.slice(0, colon)),
        secret: decodeURIComponent(text.slice(colon + 1)),
      };
    } catch {
      return null;
    }
  }
  return body.client_id && body.client_secret
    ? { clientId: body.client_id, secret: body.client_secret }
    : null;
}

/**
 * `POST /api/v1/oauth/token`: the client-credentials grant (RFC 6749 §4.4), form-encoded or JSON,
 * credentials by HTTP Basic or in the body. Answers a short-lived bearer token; every refusal is the
 * same 401 whatever was wrong. Limited per client address (guessing secrets is pointless at 256
 * bits, but the exchange still costs a hash and a read).
 */
export const tokenEndpoint =
  (deps: {
    keys: KeyService;
    limiter: Pick<RateLimiter, 'consume'>;
    rule: RateLimitRule;
  }): FastifyPluginAsyncZod =>
  async (app) => {
    app.post(
      '/oauth/token',
      {
        config: { access: { kind: 'public' }, envelope: false },
        schema: {
          tags: ['open-api'],
          summary: 'Exchange client credentials for an access token',
          body: openApiTokenRequestSchema,
          response: { 200: openApiTokenResponseSchema, ...OPEN_API_ERRORS },
        },
      },
      async (request, reply) => {
        applyRateLimit(reply, await deps.limiter.consume(`open-api:token:${request.ip}`, deps.rule));
        reply.header('cache-control', 'no-store');
        if (request.body.grant_type !== 'client_credentials')
          throw new HttpError(400, 'unsupported_grant_type', DEVELOPER_TEXTS.unsupportedGrant);
        const credentials = credentialsOf(request.headers.authorization, request.body);
        if (!credentials) throw new HttpError(401, 'invalid_client', DEVELOPER_TEXTS.invalidClient);
        const result = await deps.keys.exchange(credentials.clientId, credentials.secret, request.body.scope);
        // The exchange is logged against the key its client id names, whatever the outcome.
        if (result.key) request.exchangedKeyId = { keyId: result.key.id, companyId: result.key.companyId };
        if (!result.ok) {
          if ('badScope' in result && result.badScope)
            throw new HttpError(400, 'invalid_scope', 'The key does not hold every scope asked for.');
          throw new HttpError(401, 'invalid_client', DEVELOPER_TEXTS.invalidClient);
        }
        return {
          access_token: result.token,
          token_type: 'Bearer' as const,
          expires_in: deps.keys.tokenTtlSeconds,
          scope: result.scopes.join(' '),
        };
      },
    );
  };
