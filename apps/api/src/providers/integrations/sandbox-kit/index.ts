import type { Database } from '@app/db';
import { createApiKeyAccounts } from './api-key-accounts.js';
import { createSandboxRecords, type SandboxRecordInput } from './records.js';

/*
 * The sandbox kit: what every API-key service's sandbox needs over the generic sandbox tables
 * (decision 0103). How to use it in a provider's `sandbox.ts`:
 *
 *   const kit = createApiKeySandbox({
 *     db, provider: 'sendgrid', accountName: 'Sandbox SendGrid account',
 *     demoRecords: [{ kind: 'list', key: 'sbx_list_1', data: { id: 'sbx_list_1', name: 'Newsletter' } }],
 *   });
 *   const opened = await kit.accounts.open(apiKey);          // { ok, account } | { ok: false, reason }
 *   if (!opened.ok) return serviceRefusal(401, '…the service’s own message…');
 *   await kit.records.list(opened.account.id, 'list');      // the account's lists
 *   await kit.records.upsert(opened.account.id,             // a contact, one per e-mail
 *     { kind: 'contact', key: email, data: { id: newId('sbx_ct_'), email, list_ids } },
 *     { unionArrays: ['list_ids'] });
 *
 * Keys: any key starting with `sandbox-` opens its own sandbox account (made on first use with the
 * demo records); `demoApiKey(slug)` = `sandbox-<slug>-key` is the one to document in the connect
 * form's help. Other keys are unknown: refuse them with the service's message. Only SHA-256 hashes of
 * keys are stored. Ids: `newId`, `newToken`, `sha256Hex` (ids.ts). Label everything a person sees
 * "Sandbox".
 */

export {
  type ApiKeyAccounts,
  createApiKeyAccounts,
  demoApiKey,
  isSandboxKey,
  type OpenedAccount,
  SANDBOX_KEY_PREFIX,
  type SandboxAccount,
} from './api-key-accounts.js';
export { newId, newToken, randomText, sha256Hex } from './ids.js';
export {
  createSandboxRecords,
  type SandboxRecord,
  type SandboxRecordInput,
  type SandboxRecords,
} from './records.js';

/** An API-key service's sandbox state: its accounts (by key) and their records. */
export function createApiKeySandbox(deps: {
  db: Database;
  provider: string;
  accountName: string;
  demoRecords: readonly SandboxRecordInput[];
}) {
  const records = createSandboxRecords({ db: deps.db, provider: deps.provider });
  const accounts = createApiKeyAccounts({ ...deps, records });
  return { accounts, records };
}

export type ApiKeySandbox = ReturnType<typeof createApiKeySandbox>;
