import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import { createSalesRepository } from './sales-repository.js';
import { salesRoutes } from './sales-routes.js';

/** Sales staff and their links to agencies (Set Sales Person). */
export function createSalesModule(deps: { db: Database; audit: AuditLog }) {
  const repo = createSalesRepository(deps.db);
  return { routes: [salesRoutes(repo, deps.audit)], links: repo.linksOf };
}

export type SalesLinksOf = ReturnType<typeof createSalesRepository>['linksOf'];
