import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createMailboxPowerApi } from './api.js';
import { createMailboxPowerCore, type MbpTransport } from './core.js';
import { createMailboxPowerSandbox } from './sandbox.js';

export { MBP_SUGGESTED_API_BASE } from './api.js';
export { KEY_REFUSED as MBP_KEY_REFUSED } from './core.js';
export { MBP_SANDBOX_KEY, MBP_SLUG, NEEDS_REACH, NO_GROUP } from './settings.js';

/**
 * Mailbox Power, the mailbox groups (decision 0104): its API when the deployment sets
 * `MAILBOXPOWER_API_BASE`, else the sandbox on local state (`meta.sandbox` true, labelled so).
 */
export function createMailboxPowerProvider(deps: {
  db: Database;
  config: Pick<Config, 'mailboxPower'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport. */
  transport?: MbpTransport;
}): IntegrationProvider {
  if (deps.transport) return createMailboxPowerCore({ transport: deps.transport, sandbox: false });
  const api = deps.config.mailboxPower;
  if (api)
    return createMailboxPowerCore({
      transport: createMailboxPowerApi({ apiBase: api.apiBase, timeoutMs: deps.timeoutMs }),
      sandbox: false,
    });
  return createMailboxPowerCore({ transport: createMailboxPowerSandbox({ db: deps.db }), sandbox: true });
}
