import type { AppConfig } from '@app/contracts';
import { appConfigRoutes } from './app-config-routes.js';

/** What the web app fetches at boot: where the API is, the dt envelope key, the host system's Stripe key. */
export function createAppConfigModule(
  config: Omit<AppConfig, 'stripePublishableKey'>,
  /** The Stripe publishable key of a host's system, or null when it uses the sandbox. */
  publishableKeyFor: (host: string) => Promise<string | null>,
) {
  return { routes: [appConfigRoutes(config, publishableKeyFor)] };
}
