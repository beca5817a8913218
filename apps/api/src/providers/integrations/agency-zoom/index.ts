import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { SecretBox } from '../../../lib/secret-box.js';
import type { GuardedHttp } from '../../outbound/guarded-http.js';
import type { IntegrationProvider } from '../provider.js';
import { createAgencyZoomApi } from './api.js';
import { createAgencyZoomCore } from './core.js';
import { createAgencyZoomSandbox } from './sandbox.js';

export { AGENCY_ZOOM_WEBHOOK_BASE, createAgencyZoomApi } from './api.js';
export { AGENCY_ZOOM_SLUG, AGENCY_ZOOM_TEXTS, agencyZoomLead, maskUrl } from './core.js';
export { createAgencyZoomSandbox, SANDBOX_WEBHOOK_ORIGIN } from './sandbox.js';

/**
 * AgencyZoom, the insurance CRM (decision 0106): leads POSTed to the agency's AgencyZoom lead
 * webhook URLs through the guarded HTTP client when the deployment says so (`AGENCYZOOM_MODE=live`,
 * or an `AGENCYZOOM_WEBHOOK_BASE`), else the AgencyZoom sandbox on local state (`meta.sandbox`).
 */
export function createAgencyZoomProvider(deps: {
  db: Database;
  config: Pick<Config, 'agencyZoom'>;
  http: GuardedHttp;
  secrets: Pick<SecretBox, 'seal' | 'open'>;
  /** Tests: let their local fake through the connect-time host check. */
  checkHost?: (host: string) => Promise<void>;
  timeoutMs?: number;
}): IntegrationProvider {
  const live = deps.config.agencyZoom;
  return createAgencyZoomCore({
    transport: live
      ? createAgencyZoomApi({ http: deps.http, webhookBase: live.webhookBase, checkHost: deps.checkHost })
      : createAgencyZoomSandbox({ db: deps.db }),
    secrets: deps.secrets,
    sandbox: !live,
    timeoutMs: deps.timeoutMs,
  });
}
