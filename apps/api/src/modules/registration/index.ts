import { type RegistrationRouteDependencies, registrationRoutes } from './registration-routes.js';
import { createRegistrationService } from './registration-service.js';

type RegistrationServiceDependencies = Parameters<typeof createRegistrationService>[0];

/** Sign-up of agencies and clients (confirmed by an e-mailed link) and sales referral links. */
export function createRegistrationModule(
  deps: RegistrationServiceDependencies & Omit<RegistrationRouteDependencies, 'registration'>,
) {
  const registration = createRegistrationService(deps);
  return { routes: [registrationRoutes({ ...deps, registration })] };
}
