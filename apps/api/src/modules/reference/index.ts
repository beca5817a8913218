import { referenceRoutes } from './reference-routes.js';

export { INDUSTRIES } from './industries.js';
export { principalCitiesOf } from './principal-cities.js';
export { citiesOf } from './us-cities.js';
export { findState } from './us-states.js';

/** Reference data (US states, their cities from country-state-city, industries): public look-ups. */
export function createReferenceModule() {
  return { routes: [referenceRoutes] };
}
