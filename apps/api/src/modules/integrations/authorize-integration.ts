import { createHash, randomBytes } from 'node:crypto';
import { UNKNOWN_PROVIDER } from '@app/contracts';
import { type Database, queryRows, sql } from '@app/db';
import { badRequest, notFound } from '../../http-errors.js';
import type { SecretBox } from '../../lib/secret-box.js';
import { ProviderInputError } from '../../providers/integrations/provider.js';
import type { ProviderRegistry } from '../../providers/integrations/registry.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { ConnectionRepository } from './connection-repository.js';

/** How long a consent may take, from the click to the provider's redirect back. */
const STATE_MINUTES = 10;
export const CALLBACK_PATH = '/api/integrations/oauth/callback';

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/**
 * Connecting an OAuth provider (authorization code with PKCE): `start` keeps a one-time state with
 * the verifier and answers the provider's consent page; the provider sends the browser back to the
 * callback with the state and a code, which `complete` exchanges for tokens (sealed on the
 * connection, never sent to the browser). The callback is public (the browser carries no session to
 * it): the state is the capability, used once, within ten minutes, and names who asked.
 */
export function createAuthorizeIntegration(deps: {
  db: Database;
  connections: ConnectionRepository;
  providers: ProviderRegistry;
  secrets: SecretBox;
  audit: AuditLog;
  wake: () => void;
}) {
  const oauthOf = (slug: string) => {
    const provider = deps.providers.get(slug);
    if (!provider) throw notFound(UNKNOWN_PROVIDER);
    if (!provider.oauth)
      throw badRequest('This integration is connected with its settings, not by signing in.');
    return { provider, oauth: provider.oauth };
  };

  return {
    async start(p: Principal, companyId: number, slug: string, webOrigin: string): Promise<{ url: string }> {
      const { oauth } = oauthOf(slug);
      const state = base64url(randomBytes(24));
      const codeVerifier = base64url(randomBytes(32));
      const redirectUri = `${webOrigin}${CALLBACK_PATH}`;
      await deps.db.execute(
        sql`insert into integration_oauth_states (state, company_id, provider, system_id, user_id, actor_user_id,
                                                   code_verifier, return_origin, redirect_uri)
            values (${state}, ${companyId}, ${slug}, ${p.systemId}, ${p.userId}, ${p.actorUserId}, ${codeVerifier},
                    ${webOrigin}, ${redirectUri})`,
      );
      const codeChallenge = base64url(createHash('sha256').update(codeVerifier).digest());
      return { url: await oauth.authorizationUrl({ state, redirectUri, codeChallenge }) };
    },

    /** The provider's redirect back: answers where to send the browser (the integration's page). */
    async complete(
      query: { state?: string; code?: string; error?: string; requestToken?: string },
      ip: string,
    ): Promise<string> {
      if (!query.state) return '/integrations?error=missing_state';
      // SendJim calls its code `requestToken` (decision 0105).
      const code = query.code ?? query.requestToken;
      // The state is taken once, whatever happens next.
      const [taken] = await queryRows<{
        company_id: number;
        provider: string;
        system_id: number;
        user_id: number;
        actor_user_id: number | null;
        code_verifier: string;
        return_origin: string;
        redirect_uri: string;
      }>(
        deps.db,
        sql`update integration_oauth_states set used_at = now()
             where state = ${query.state} and used_at is null
               and created_at > now() - make_interval(mins => ${STATE_MINUTES})
            returning company_id, provider, system_id, user_id, actor_user_id, code_verifier, return_origin, redirect_uri`,
      );
      if (!taken) return '/integrations?error=expired';
      const page = `${taken.return_origin}/integrations/${taken.provider}`;
      if (query.error || !code) return `${page}?error=${encodeURIComponent(query.error ?? 'denied')}`;
      const { provider, oauth } = oauthOf(taken.provider);
      const previous = await deps.connections.find(taken.company_id, taken.provider);
      let connected: Awaited<ReturnType<typeof oauth.completeAuthorization>>;
      try {
        connected = await oauth.completeAuthorization({
          companyId: taken.company_id,
          code,
          redirectUri: taken.redirect_uri,
          codeVerifier: taken.code_verifier,
          previousSettings: previous?.settings,
        });
      } catch (err) {
        const reason =
          err instanceof ProviderInputError ? err.message : 'The service did not accept the sign-in.';
        return `${page}?error=${encodeURIComponent(reason)}`;
      }
      await deps.connections.save({
        companyId: taken.company_id,
        provider: taken.provider,
        settings: connected.settings,
        sealedSecrets: await deps.secrets.seal(JSON.stringify(connected.secrets)),
        userId: taken.user_id,
      });
      await deps.audit.record(
        settingsEvent(
          { systemId: taken.system_id, userId: taken.user_id, actorUserId: taken.actor_user_id },
          taken.company_id,
          'integration_connected',
          `Connected the ${provider.meta.name} integration (signed in to it)`,
          ip,
        ),
      );
      // Signed in again: the grant the connection held until now is given back (best effort).
      if (previous?.sealed_secrets && provider.disconnect) {
        const secrets = JSON.parse(await deps.secrets.open(previous.sealed_secrets)) as Record<
          string,
          string
        >;
        await provider
          .disconnect({
            id: previous.id,
            companyId: previous.company_id,
            settings: previous.settings,
            secrets,
          })
          .catch(() => undefined);
      }
      deps.wake();
      return `${page}?connected=1`;
    },
  };
}

export type AuthorizeIntegration = ReturnType<typeof createAuthorizeIntegration>;
