import { referenceRoutes } from './reference-routes.js';

/** Reference data (US states, their cities from country-state-city, industries): public look-ups. */
export function createReferenceModule() {
  return { routes: [referenceRoutes] };
}
