import { type Database, queryRows, sql } from '@app/db';
import { newToken, sha256Hex } from './ids.js';

/*
 * What an OAuth service's sandbox issues (the OAuth counterpart of api-key-accounts.ts; decisions
 * 0097, 0105): codes and tokens for an account in `sandbox_integration_tokens`, stored only as
 * SHA-256 hashes. A code or refresh token is taken once (the first taker wins, in one statement, so
 * two workers cannot both spend it); every code and token of one sign-in carries the same `grant`,
 * so revoking any of them revokes the whole sign-in, as a service's "remove the app" does.
 */

export type OauthTokenKind = 'code' | 'access' | 'refresh';

/** The account a live access token acts for (a row of `sandbox_integration_accounts`). */
export interface TokenHolder {
  id: number;
  external_id: string;
  name: string;
  parent_id: number | null;
  data: Record<string, unknown>;
}

/** A code or refresh token taken: its account, what it was issued with, and whether it was still valid. */
export interface TakenToken {
  account_id: number;
  data: Record<string, string>;
  live: boolean;
}

const PREFIX: Record<OauthTokenKind, string> = { code: 'sbx_code_', access: 'sbx_at_', refresh: 'sbx_rt_' };

export function createOauthGrants(deps: { db: Database; provider: string }) {
  const { db, provider } = deps;

  return {
    /**
     * A new code or token for the account, valid `seconds` (null: until revoked, as services whose
     * tokens do not expire); only its hash is kept. `data.grant` names the sign-in it belongs to.
     */
    async issue(
      kind: OauthTokenKind,
      accountId: number,
      seconds: number | null,
      data: { grant: string } & Record<string, unknown>,
      prefix = PREFIX[kind],
    ): Promise<string> {
      const token = newToken(prefix);
      const expires =
        seconds === null ? sql`'infinity'::timestamptz` : sql`now() + make_interval(secs => ${seconds})`;
      await db.execute(
        sql`insert into sandbox_integration_tokens (token_hash, provider, kind, account_id, data, expires_at)
            values (${sha256Hex(token)}, ${provider}, ${kind}, ${accountId}, ${JSON.stringify(data)}::jsonb, ${expires})`,
      );
      return token;
    },

    /** Takes a code or refresh token once: null when unknown, already used or revoked. */
    async take(token: string, kind: 'code' | 'refresh'): Promise<TakenToken | null> {
      const [row] = await queryRows<TakenToken>(
        db,
        sql`update sandbox_integration_tokens set used_at = now()
             where token_hash = ${sha256Hex(token)} and provider = ${provider} and kind = ${kind}
               and used_at is null and revoked_at is null
            returning account_id, data, expires_at > now() as live`,
      );
      return row ?? null;
    },

    /** The account a live access token acts for; null for an unknown, expired or revoked one (a 401). */
    async holder(token: string): Promise<TokenHolder | null> {
      const [row] = await queryRows<TokenHolder>(
        db,
        sql`select a.id, a.external_id, a.name, a.parent_id, a.data
              from sandbox_integration_tokens t join sandbox_integration_accounts a on a.id = t.account_id
             where t.token_hash = ${sha256Hex(token)} and t.provider = ${provider} and t.kind = 'access'
               and t.revoked_at is null and t.expires_at > now()`,
      );
      return row ?? null;
    },

    /** Revokes every code and token of the sign-ins these tokens belong to. */
    async revokeGrants(tokens: readonly (string | undefined)[]): Promise<void> {
      const hashes = tokens.filter((t): t is string => Boolean(t)).map((t) => sha256Hex(t));
      if (hashes.length === 0) return;
      await db.execute(
        sql`update sandbox_integration_tokens set revoked_at = now()
             where provider = ${provider} and revoked_at is null
               and data->>'grant' in (select data->>'grant' from sandbox_integration_tokens
                                       where provider = ${provider}
                                         and token_hash in (${sql.join(
                                           hashes.map((h) => sql`${h}`),
                                           sql`, `,
                                         )}))`,
      );
    },
  };
}

export type OauthGrants = ReturnType<typeof createOauthGrants>;
