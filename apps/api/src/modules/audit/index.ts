import type { Database } from '@app/db';
import type { TenantResource } from '../../plugins/access.js';
import { createDbIpLocator, type IpLocator } from '../../providers/ip-location/ip-location.js';
import type { Principal } from '../tenancy/index.js';
import { createAuditLog } from './audit-log.js';
import { auditRoutes } from './audit-routes.js';
import { createUserLogRepository } from './user-log-repository.js';
import { userLogRoutes } from './user-log-routes.js';
import { createUserLogService, type UserLogServiceDependencies } from './user-log-service.js';

export { type AuditEvent, type AuditLog, settingsEvent } from './audit-log.js';
export { changeDescription, type FieldChange, fieldChanges } from './field-changes.js';

/** The user logs: every module writes through `audit`; the routes read them (filters, pages, CSV). */
export function createAuditModule(deps: {
  db: Database;
  inScope: (principal: Principal, resource: TenantResource, id: number) => Promise<boolean>;
  /** Where an IP is; the DB-IP Lite table unless a test gives another. */
  locate?: IpLocator;
  /**
   * The campaigns module's options of a scope, for the log filter. The campaigns module is built
   * after this one (it writes through `audit`), so it is asked for when a request comes.
   */
  campaignOptions: UserLogServiceDependencies['campaignOptions'];
}) {
  const audit = createAuditLog(deps.db);
  const logs = createUserLogService({
    repo: createUserLogRepository(deps.db),
    audit,
    inScope: deps.inScope,
    locate: deps.locate ?? createDbIpLocator(),
    campaignOptions: deps.campaignOptions,
  });
  return { audit, routes: [auditRoutes(audit), userLogRoutes(logs)] };
}
