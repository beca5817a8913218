import type { Database } from '@app/db';
import type { Config } from '../../../config.js';
import type { IntegrationProvider } from '../provider.js';
import { createGoHighLevelApi } from './api.js';
import { createGoHighLevelCore, GHL_SLUG, type GhlTransport, type GoHighLevelProvider } from './core.js';
import { createGoHighLevelSandbox } from './sandbox.js';

export type { GhlAgencyCalls, GhlLocationProfile, GhlMenuLink } from './agency-calls.js';
export { createGoHighLevelApi, GHL_API_VERSION, GHL_SCOPES } from './api.js';
export { GHL_SLUG, type GoHighLevelProvider, SIGN_IN_AGAIN } from './core.js';
export { SANDBOX_CLIENT_ID, SANDBOX_PAGE_PATH } from './sandbox.js';
export {
  HOLD_LAPSES_MS,
  LINKS_KEY,
  linkOfClient,
  linksOf,
  type MenuLinkRef,
  type SubaccountLink,
} from './subaccount-links.js';

/** The registry's GoHighLevel provider with its agency calls (decision 0109), or null. */
export function asGoHighLevel(provider: IntegrationProvider | undefined): GoHighLevelProvider | null {
  return provider?.meta.slug === GHL_SLUG && 'agency' in provider ? (provider as GoHighLevelProvider) : null;
}

/**
 * GoHighLevel, the CRM with sub-accounts (decision 0097): the real LeadConnector API v2 when the
 * deployment configures the marketplace app's client id and secret, else the sandbox on local state
 * (`meta.sandbox` true, labelled so in the app).
 */
export function createGoHighLevelProvider(deps: {
  db: Database;
  config: Pick<Config, 'gohighlevel'>;
  /** Per API call (default 10 s). */
  timeoutMs?: number;
  /** Tests: another transport (the real adapter against a local fake). */
  transport?: GhlTransport;
  now?: () => Date;
}): GoHighLevelProvider {
  const app = deps.config.gohighlevel;
  if (deps.transport)
    return createGoHighLevelCore({ transport: deps.transport, sandbox: false, now: deps.now });
  if (app)
    return createGoHighLevelCore({
      transport: createGoHighLevelApi({ ...app, timeoutMs: deps.timeoutMs }),
      sandbox: false,
      now: deps.now,
    });
  return createGoHighLevelCore({
    transport: createGoHighLevelSandbox({ db: deps.db }),
    sandbox: true,
    now: deps.now,
  });
}
