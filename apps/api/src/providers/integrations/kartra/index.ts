import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createKartraApi } from './api.js';
import { createKartraCore, type KartraTransport } from './core.js';
import { createKartraSandbox } from './sandbox.js';

export { createKartraApi, KARTRA_DEFAULT_API_URL, kartraForm } from './api.js';
export {
  createKartraCore,
  type KartraCredentials,
  type KartraRequest,
  type KartraTransport,
} from './core.js';
export { createKartraSandbox, KARTRA_SANDBOX_LISTS, KARTRA_SANDBOX_TAGS } from './sandbox.js';
export {
  KARTRA_NEEDS_EMAIL,
  KARTRA_REFUSED,
  KARTRA_SANDBOX_KEY,
  KARTRA_SANDBOX_PASSWORD,
  KARTRA_SLUG,
} from './settings.js';

/**
 * Kartra, the marketing-automation service (decision 0103): the real inbound API when the
 * deployment sets this platform's Kartra app id (`KARTRA_APP_ID`; every call to Kartra carries it),
 * else the sandbox on local state (`meta.sandbox` true, labelled so in the app).
 */
export function createKartraProvider(deps: {
  db: Database;
  config: Pick<Config, 'kartra'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport (the real adapter against a local fake). */
  transport?: KartraTransport;
}): IntegrationProvider {
  if (deps.transport) return createKartraCore({ transport: deps.transport, sandbox: false });
  const app = deps.config.kartra;
  if (app)
    return createKartraCore({
      transport: createKartraApi({ appId: app.appId, apiUrl: app.apiUrl, timeoutMs: deps.timeoutMs }),
      sandbox: false,
    });
  return createKartraCore({ transport: createKartraSandbox({ db: deps.db }), sandbox: true });
}
