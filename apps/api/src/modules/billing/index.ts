import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import type { Ledger } from '../ledger/index.js';
import type { Principal } from '../tenancy/index.js';
import { createBillingRepository } from './billing-repository.js';
import { billingRoutes } from './billing-routes.js';
import { createBillingService } from './billing-service.js';

export type { BillingService, PartyRef } from './billing-service.js';

/**
 * Billing history (issue 10 "Seeing the money", decision 0035): every party's ledger accounts,
 * statements a page at a time and as CSV, read through the ledger's public face only.
 */
export function createBillingModule(deps: {
  db: Database;
  ledger: Ledger;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
}) {
  const billing = createBillingService({
    repo: createBillingRepository(deps.db),
    ledger: deps.ledger,
    inScope: deps.inScope,
  });
  return { billing, routes: [billingRoutes(billing)] };
}
