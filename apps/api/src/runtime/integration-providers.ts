import type { Database } from '@app/db';
import type { Config } from '../config.js';
import type { SecretBox } from '../lib/secret-box.js';
import { DEFAULT_ENGINE_SETTINGS } from '../modules/integrations/index.js';
import { createAgencyZoomProvider } from '../providers/integrations/agency-zoom/index.js';
import { createClickFunnelsProvider } from '../providers/integrations/click-funnels/index.js';
import { createGoHighLevelProvider } from '../providers/integrations/gohighlevel/index.js';
import { createGoogleSheetsProvider } from '../providers/integrations/google-sheets/index.js';
import { createKartraProvider } from '../providers/integrations/kartra/index.js';
import { createMailboxPowerProvider } from '../providers/integrations/mailboxpower/index.js';
import { createProviderRegistry } from '../providers/integrations/registry.js';
import { createSendGridProvider } from '../providers/integrations/sendgrid/index.js';
import { createSendJimProvider } from '../providers/integrations/sendjim/index.js';
import { createWebhookProvider } from '../providers/integrations/webhook/index.js';
import { createSandboxInbox } from '../providers/integrations/webhook/sandbox-inbox.js';
import { createGuardedHttp } from '../providers/outbound/guarded-http.js';
import type { RuntimeOptions } from './runtime-options.js';

/**
 * Where leads go besides e-mail (decision 0096): every provider the integrations module offers, on
 * one guarded outbound HTTP client, and the sandbox webhook inbox when the deployment keeps one.
 */
export function createIntegrationProviders(deps: {
  db: Database;
  config: Config;
  secrets: SecretBox;
  options: RuntimeOptions['integrations'];
}) {
  const { db, config, secrets, options } = deps;
  const http =
    options?.http ?? createGuardedHttp({ connectionsPerOrigin: DEFAULT_ENGINE_SETTINGS.perConnection });
  const inbox = config.sandboxWebhookInbox
    ? createSandboxInbox({ db, secrets, port: config.port })
    : undefined;
  const providers = createProviderRegistry([
    createWebhookProvider({
      http,
      checkHost: options?.checkHost,
      timeoutMs: options?.webhookTimeoutMs,
      inbox,
    }),
    createGoHighLevelProvider({ db, config }),
    createGoogleSheetsProvider({ db, google: config.google }),
    createAgencyZoomProvider({
      db,
      config,
      http,
      secrets,
      checkHost: options?.checkHost,
      timeoutMs: options?.webhookTimeoutMs,
    }),
    createSendGridProvider({ db, config }),
    createKartraProvider({ db, config }),
    createClickFunnelsProvider({ db, config }),
    createMailboxPowerProvider({ db, config }),
    createSendJimProvider({ db, config }),
  ]);
  return { http, inbox, providers };
}
