import { MODULE_CATALOGUE } from '@app/contracts';
import { betaTesters, companyModules, type Database } from '@app/db';

/**
 * Opens the Simplifi module (master system only, a beta) to an agency and some of its clients, as a
 * system does for a beta tester: the agency tests the feature, and the module is switched on for the
 * agency and each client named.
 */
export async function openSimplifi(db: Database, agencyId: number, clientIds: readonly number[] = []) {
  await db
    .insert(betaTesters)
    .values({ featureId: MODULE_CATALOGUE.simplifi.beta.featureId, companyId: agencyId })
    .onConflictDoNothing();
  for (const companyId of [agencyId, ...clientIds])
    await db
      .insert(companyModules)
      .values({ companyId, module: 'simplifi', enabled: true })
      .onConflictDoUpdate({
        target: [companyModules.companyId, companyModules.module],
        set: { enabled: true },
      });
}
