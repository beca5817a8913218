import type { Database } from '@app/db';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { AuditLog } from '../audit/index.js';
import type { WebOrigins } from '../domains/index.js';
import type { MailService } from '../mail/index.js';
import { createModuleAccess } from '../tenancy/index.js';
import { createClientFor } from './create-client.js';
import { createInvitations } from './invitations.js';
import { createUserListRepository } from './user-list-repository.js';
import { userListRoutes } from './user-list-routes.js';
import { createUserManagementRepository } from './user-management-repository.js';
import { userManagementRoutes } from './user-management-routes.js';
import {
  type AgencyHosts,
  createUserManagementService,
  type UserManagementDependencies,
} from './user-management-service.js';

/** Wires the users capability (lists and management) and answers its route plugins. */
export function createUsersModule(deps: {
  db: Database;
  audit: AuditLog;
  mail: Pick<MailService, 'queueEmail'>;
  hosts: AgencyHosts;
  origins: Pick<WebOrigins, 'ofCompany'>;
  inScope: UserManagementDependencies['inScope'];
  limiter: Pick<RateLimiter, 'hit'>;
  emailChanges: UserManagementDependencies['emailChanges'];
  developerModeOff?: UserManagementDependencies['developerModeOff'];
}) {
  const lists = createUserListRepository(deps.db);
  const repo = createUserManagementRepository(deps.db);
  const service = createUserManagementService({
    repo,
    lists,
    audit: deps.audit,
    invitations: createInvitations({ repo, mail: deps.mail }),
    hosts: deps.hosts,
    origins: deps.origins,
    inScope: deps.inScope,
    limiter: deps.limiter,
    emailChanges: deps.emailChanges,
    developerModeOff: deps.developerModeOff,
    moduleAccess: createModuleAccess(deps.db),
  });
  return {
    routes: [userListRoutes(lists, repo), userManagementRoutes(service)],
    /** A client made as `POST /configuration/user/create` makes one (decision 0109). */
    createClient: createClientFor(service),
  };
}
