import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createClickFunnelsApi } from './api.js';
import { type CfTransport, createClickFunnelsCore } from './core.js';
import { createClickFunnelsSandbox } from './sandbox.js';

export { CF_DEFAULT_API_BASE } from './api.js';
export { KEY_REFUSED as CF_KEY_REFUSED, NEEDS_EMAIL as CF_NEEDS_EMAIL } from './core.js';
export { CF_SANDBOX_ACCOUNT, CF_SLUG } from './settings.js';

/**
 * ClickFunnels, the funnel builder (decision 0104): the real ClickFunnels 2.0 API when the deployment
 * sets `CLICKFUNNELS_API_BASE`, else the sandbox on local state (`meta.sandbox` true, labelled so).
 */
export function createClickFunnelsProvider(deps: {
  db: Database;
  config: Pick<Config, 'clickFunnels'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport. */
  transport?: CfTransport;
}): IntegrationProvider {
  if (deps.transport) return createClickFunnelsCore({ transport: deps.transport, sandbox: false });
  const api = deps.config.clickFunnels;
  if (api)
    return createClickFunnelsCore({
      transport: createClickFunnelsApi({ apiBase: api.apiBase, timeoutMs: deps.timeoutMs }),
      sandbox: false,
    });
  return createClickFunnelsCore({ transport: createClickFunnelsSandbox({ db: deps.db }), sandbox: true });
}
