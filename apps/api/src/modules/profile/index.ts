import { createProfileRepository } from './profile-repository.js';
import { profileRoutes } from './profile-routes.js';
import { createProfileService } from './profile-service.js';

type ProfileServiceDependencies = Parameters<typeof createProfileService>[0];

/** The profile screens: the person (step 1) and their company (step 2), setup and onboarding status. */
export function createProfileModule(
  deps: Omit<ProfileServiceDependencies, 'repo'> & { db: Parameters<typeof createProfileRepository>[0] },
) {
  const { db, ...rest } = deps;
  return { routes: [profileRoutes(createProfileService({ ...rest, repo: createProfileRepository(db) }))] };
}
