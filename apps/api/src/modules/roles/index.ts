import type { Database } from '@app/db';
import type { AuditLog } from '../audit/index.js';
import { createPaymentFailureRepository } from '../payments/index.js';
import { roleAdminRoutes } from './role-admin-routes.js';
import { roleModuleRoutes } from './role-module-routes.js';
import { createRoleRepository } from './role-repository.js';
import { createRoleService } from './role-service.js';

/** Roles and their permissions per role module, and the agency role response. */
export function createRolesModule(deps: { db: Database; audit: AuditLog }) {
  const repo = createRoleRepository(deps.db);
  return {
    routes: [
      roleModuleRoutes(repo, createPaymentFailureRepository(deps.db)),
      roleAdminRoutes(createRoleService({ repo, audit: deps.audit })),
    ],
  };
}
