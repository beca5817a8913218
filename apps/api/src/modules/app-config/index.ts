import type { AppConfig } from '@app/contracts';
import { appConfigRoutes } from './app-config-routes.js';

/** What the web app fetches at boot: where the API is and the deployment's dt envelope key. */
export function createAppConfigModule(config: AppConfig) {
  return { routes: [appConfigRoutes(config)] };
}
