import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import { createSalesRepository } from './sales-repository.js';
import { salesRoutes } from './sales-routes.js';

/** Sales staff and their links to agencies (Set Sales Person). */
export function createSalesModule(deps: { db: Database; audit: AuditLog }) {
  const repo = createSalesRepository(deps.db);
  return { routes: [salesRoutes(repo, deps.audit)], links: repo.linksOf, people: repo.peopleOf };
}

export type SalesLinksOf = ReturnType<typeof createSalesRepository>['linksOf'];
/** A system's sales people and the roles they hold (decision 0089). */
export type SalesPeopleOf = ReturnType<typeof createSalesRepository>['peopleOf'];
