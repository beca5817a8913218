import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import type { AuditLog } from '../audit/index.js';
import type { Ledger } from '../ledger/index.js';
import { createCompanyReads, type Principal } from '../tenancy/index.js';
import { createBillingRepository } from './billing-repository.js';
import { billingRoutes } from './billing-routes.js';
import { createBillingService } from './billing-service.js';
import { createMinimumSpendRepository } from './minimum-spend-repository.js';
import { minimumSpendRoutes } from './minimum-spend-routes.js';
import { createMinimumSpendService } from './minimum-spend-service.js';

export type { BillingService, PartyRef } from './billing-service.js';

/**
 * Money over time, the module issue 21 grows: billing history (issue 10 "Seeing the money", decision
 * 0035: every party's ledger accounts, statements a page at a time and as CSV, read through the
 * ledger's public face only) and minimum-spend plans (spec 2 §3, §6).
 */
export function createBillingModule(deps: {
  db: Database;
  ledger: Ledger;
  audit: AuditLog;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  const billing = createBillingService({
    repo: createBillingRepository(deps.db),
    ledger: deps.ledger,
    inScope: deps.inScope,
  });
  const minimumSpend = createMinimumSpendService({
    repo: createMinimumSpendRepository(deps.db),
    company: createCompanyReads(deps.db).company,
    audit: deps.audit,
  });
  return { billing, routes: [billingRoutes(billing), minimumSpendRoutes(minimumSpend)] };
}
