import type { Database } from '@app/db';
import { createApiKeyFlag } from './api-key-flag.js';
import { createCompanyReads } from './company-reads.js';
import { createModuleAccess } from './module-access.js';
import { createScopeService } from './scope-service.js';

export type { ApiKeyFlag } from './api-key-flag.js';
export {
  type BrandingColours,
  brandingLookOf,
  type CompanyReads,
  inheritedColours,
} from './company-reads.js';
export { createModuleAccess, type ModuleAccess } from './module-access.js';
export { type Caller, type KeyPrincipal, type Principal, viewerTimeZone } from './principal.js';
export type { ScopeService } from './scope-service.js';

/**
 * Tenancy: the scope checks of ids a caller sends, the shared reads of a company, and which modules
 * its people may open (decision 0063).
 */
export function createTenancyModule(deps: { db: Database }) {
  return {
    scope: createScopeService(deps.db),
    companyReads: createCompanyReads(deps.db),
    moduleAccess: createModuleAccess(deps.db),
    apiKeyFlag: createApiKeyFlag(deps.db),
  };
}

export { createCompanyReads };
