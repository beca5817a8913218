import type { Database } from '@app/db';
import { createCompanyReads } from './company-reads.js';
import { createScopeService } from './scope-service.js';

export {
  type BrandingColours,
  brandingLookOf,
  type CompanyReads,
  inheritedColours,
} from './company-reads.js';
export type { Principal } from './principal.js';
export type { ScopeService } from './scope-service.js';

/** Tenancy: the scope checks of ids a caller sends, and the shared reads of a company. */
export function createTenancyModule(deps: { db: Database }) {
  return { scope: createScopeService(deps.db), companyReads: createCompanyReads(deps.db) };
}

export { createCompanyReads };
