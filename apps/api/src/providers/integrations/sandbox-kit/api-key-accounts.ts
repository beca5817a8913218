import { type Database, queryRows, sql } from '@app/db';
import { sha256Hex } from './ids.js';
import type { SandboxRecordInput, SandboxRecords } from './records.js';

/*
 * Accounts of an API-key service's sandbox (decision 0103), in `sandbox_integration_accounts`,
 * found by the SHA-256 of their API key (a row of `sandbox_integration_tokens`, kind `api_key`,
 * that never expires): the key itself is never stored.
 *
 * Which keys work: any key that starts with `sandbox-` (12 to 200 visible characters) opens a
 * sandbox account, made the first time the key is seen and given the service's demo records (its
 * lists, tags); the same key finds the same account afterwards, another key another account, so
 * companies trying the sandbox never see each other's contacts. The documented demo key is
 * `sandbox-<slug>-key` (`demoApiKey`). Any other key is unknown, as a real key is to the sandbox:
 * the provider's sandbox refuses it with the service's own message. A service with a second secret
 * (Kartra's API password) keeps its hash on first use; a different one later is refused.
 */

export const SANDBOX_KEY_PREFIX = 'sandbox-';
const KEY_SHAPE = /^sandbox-[\x21-\x7e]{4,192}$/;

/** The documented key of a provider's sandbox (any other `sandbox-…` key works too). */
export const demoApiKey = (slug: string) => `${SANDBOX_KEY_PREFIX}${slug}-key`;

/** Whether the sandbox would open an account for this key (the connect form's hint). */
export const isSandboxKey = (apiKey: string) => KEY_SHAPE.test(apiKey);

export interface SandboxAccount {
  /** The row's id: what records belong to. */
  id: number;
  /** The service's id for the account. */
  externalId: string;
  name: string;
}

export type OpenedAccount =
  | { ok: true; account: SandboxAccount }
  /** `unknown-key`: no such key; `wrong-secret`: the key is known, its second secret is not this. */
  | { ok: false; reason: 'unknown-key' | 'wrong-secret' };

export function createApiKeyAccounts(deps: {
  db: Database;
  provider: string;
  records: SandboxRecords;
  /** The account's name in the service (shown on connect): labelled as sandbox. */
  accountName: string;
  /** What a new account starts with (its lists, tags). */
  demoRecords: readonly SandboxRecordInput[];
}) {
  const { db, provider } = deps;

  async function byHash(keyHash: string) {
    const [row] = await queryRows<{
      id: number;
      external_id: string;
      name: string;
      secret_hash: string | null;
    }>(
      db,
      sql`select a.id, a.external_id, a.name, t.data ->> 'secret_hash' as secret_hash
            from sandbox_integration_tokens t join sandbox_integration_accounts a on a.id = t.account_id
           where t.token_hash = ${keyHash} and t.provider = ${provider} and t.kind = 'api_key'
             and t.revoked_at is null`,
    );
    return row ?? null;
  }

  /** Makes the account of a new sandbox key (idempotent: two first calls at once make one). */
  async function create(keyHash: string, secret: string | undefined) {
    const externalId = `sbx_${keyHash.slice(0, 20)}`;
    const [account] = await queryRows<{ id: number }>(
      db,
      sql`insert into sandbox_integration_accounts (provider, external_id, name, data)
          values (${provider}, ${externalId}, ${deps.accountName}, '{"sandbox": true}'::jsonb)
          on conflict (provider, external_id) do update set name = sandbox_integration_accounts.name
          returning id`,
    );
    const accountId = Number((account as { id: number }).id);
    const data = secret === undefined ? {} : { secret_hash: sha256Hex(secret) };
    await db.execute(
      sql`insert into sandbox_integration_tokens (token_hash, provider, kind, account_id, data, expires_at)
          values (${keyHash}, ${provider}, 'api_key', ${accountId}, ${JSON.stringify(data)}::jsonb, 'infinity')
          on conflict (token_hash) do nothing`,
    );
    await deps.records.seed(accountId, deps.demoRecords);
  }

  return {
    /**
     * The account this key (and, for services with one, this second secret) opens: made on first
     * use of a `sandbox-` key; otherwise why not.
     */
    async open(apiKey: string, secret?: string): Promise<OpenedAccount> {
      const keyHash = sha256Hex(apiKey);
      let row = await byHash(keyHash);
      if (!row) {
        if (!isSandboxKey(apiKey)) return { ok: false, reason: 'unknown-key' };
        await create(keyHash, secret);
        row = await byHash(keyHash);
        if (!row) return { ok: false, reason: 'unknown-key' };
      }
      if (row.secret_hash !== null && (secret === undefined || sha256Hex(secret) !== row.secret_hash))
        return { ok: false, reason: 'wrong-secret' };
      return { ok: true, account: { id: Number(row.id), externalId: row.external_id, name: row.name } };
    },

    /** Revokes a key (the service's "delete API key"): it opens nothing afterwards. */
    async revoke(apiKey: string) {
      await db.execute(
        sql`update sandbox_integration_tokens set revoked_at = now()
             where token_hash = ${sha256Hex(apiKey)} and provider = ${provider} and kind = 'api_key'
               and revoked_at is null`,
      );
    },
  };
}

export type ApiKeyAccounts = ReturnType<typeof createApiKeyAccounts>;
