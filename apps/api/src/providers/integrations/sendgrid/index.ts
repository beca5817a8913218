import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createSendGridApi } from './api.js';
import { createSendGridCore, type SendGridTransport } from './core.js';
import { createSendGridSandbox } from './sandbox.js';

export { createSendGridApi, SENDGRID_DEFAULT_API_URL } from './api.js';
export { createSendGridCore, type SendGridTransport, sendgridMessage } from './core.js';
export { createSendGridSandbox, SENDGRID_BAD_KEY_MESSAGE, SENDGRID_SANDBOX_LISTS } from './sandbox.js';
export {
  SENDGRID_KEY_REFUSED,
  SENDGRID_NEEDS_EMAIL,
  SENDGRID_NO_MARKETING,
  SENDGRID_SANDBOX_KEY,
  SENDGRID_SLUG,
} from './settings.js';

/**
 * SendGrid, the e-mail service list (decision 0103). Each company pastes its own API key, so there
 * is no app credential to decide by: the real v3 API when the deployment sets `SENDGRID_API_URL`
 * or `SENDGRID_MODE=live` (`config.sendgrid` not null), else the sandbox on local state
 * (`meta.sandbox` true, labelled so in the app).
 */
export function createSendGridProvider(deps: {
  db: Database;
  config: Pick<Config, 'sendgrid'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport (the real adapter against a local fake). */
  transport?: SendGridTransport;
}): IntegrationProvider {
  if (deps.transport) return createSendGridCore({ transport: deps.transport, sandbox: false });
  const live = deps.config.sendgrid;
  if (live)
    return createSendGridCore({
      transport: createSendGridApi({ apiBase: live.apiBase, timeoutMs: deps.timeoutMs }),
      sandbox: false,
    });
  return createSendGridCore({ transport: createSendGridSandbox({ db: deps.db }), sandbox: true });
}
