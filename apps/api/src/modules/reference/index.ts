import { referenceRoutes } from './reference-routes.js';

/** Reference data in code (US states and cities, industries): public look-ups. */
export function createReferenceModule() {
  return { routes: [referenceRoutes] };
}
