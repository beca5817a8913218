import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createSendJimApi } from './api.js';
import { createSendJimCore, type SendJimTransport } from './core.js';
import { createSendJimSandbox } from './sandbox.js';

export { createSendJimApi, SENDJIM_API_VERSION } from './api.js';
export { MAYBE_MAILED, NEEDS_ADDRESS, NO_QUICKSEND, SENDJIM_SLUG, SIGN_IN_AGAIN } from './core.js';
export { SANDBOX_CLIENT_KEY, SANDBOX_PAGE_PATH, SANDBOX_QUICKSENDS } from './sandbox.js';
export { SANDBOX_DEMO_EMAIL } from './sandbox-consent.js';

/**
 * SendJim, the direct-mail service (decision 0105): its Public API when the deployment configures
 * the integration partner's client key and secret, else the sandbox on local state (`meta.sandbox`
 * true, labelled so in the app).
 */
export function createSendJimProvider(deps: {
  db: Database;
  config: Pick<Config, 'sendjim'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport (the real adapter against a local fake). */
  transport?: SendJimTransport;
}): IntegrationProvider {
  if (deps.transport) return createSendJimCore({ transport: deps.transport, sandbox: false });
  const app = deps.config.sendjim;
  if (app)
    return createSendJimCore({
      transport: createSendJimApi({ ...app, timeoutMs: deps.timeoutMs }),
      sandbox: false,
    });
  return createSendJimCore({ transport: createSendJimSandbox({ db: deps.db }), sandbox: true });
}
