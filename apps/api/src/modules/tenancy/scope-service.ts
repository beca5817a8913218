import { type Database, sql } from '@app/db';
import type { RequiredPermission, TenantResource } from '../../plugins/access.js';
import { hasSystemScope, type Principal } from './principal.js';

/**
 * Decides whether an id a caller sent lies inside the caller's scope (product guide §1):
 * system user → its system; agency staff → the agency and its clients; client → itself;
 * sales → the agencies linked to them and those agencies' clients. One SQL query per check.
 */
export function createScopeService(db: Database) {
  function companyCondition(p: Principal) {
    if (hasSystemScope(p)) return sql`true`;
    if (p.userType === 'sales') {
      return sql`(c.id in (select company_id from company_sales_links where sales_user_id = ${p.userId})
        or c.parent_id in (select company_id from company_sales_links where sales_user_id = ${p.userId}))`;
    }
    if (p.companyKind === 'agency') return sql`(c.id = ${p.companyId} or c.parent_id = ${p.companyId})`;
    return sql`c.id = ${p.companyId}`;
  }

  async function exists(query: ReturnType<typeof sql>): Promise<boolean> {
    const { rows } = (await db.execute(query)) as unknown as { rows: unknown[] };
    return rows.length > 0;
  }

  const checks: Partial<Record<TenantResource, (p: Principal, id: number) => Promise<boolean>>> = {
    system: async (p, id) => id === p.systemId,
    // The caller's own company needs no query (the authenticator has just found it live), except for
    // sales staff: their scope is the agencies linked to them, not the root company they work for.
    company: (p, id) =>
      id === p.companyId && p.userType !== 'sales'
        ? Promise.resolve(true)
        : exists(sql`select 1 from companies c
            where c.id = ${id} and c.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
    group: (p, id) =>
      exists(sql`select 1 from company_groups g join companies c on c.id = g.company_id
        where g.id = ${id} and c.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
    user: (p, id) =>
      id === p.userId
        ? Promise.resolve(true)
        : exists(sql`select 1 from users u join companies c on c.id = u.company_id
            where u.id = ${id} and u.system_id = ${p.systemId} and u.deleted_at is null and ${companyCondition(p)}`),
  };

  const permissionColumns = {
    enable: sql`rp.can_enable`,
    create: sql`rp.can_create`,
    update: sql`rp.can_update`,
    delete: sql`rp.can_delete`,
  } as const;

  return {
    /**
     * True when the caller's role grants the permission. People without a role (owners, system
     * users, clients) hold every permission of their scope; a role without a row for the module
     * grants nothing on it.
     */
    async hasPermission(principal: Principal, { module, action }: RequiredPermission): Promise<boolean> {
      return exists(sql`select 1 from users u
        left join role_permissions rp on rp.role_id = u.role_id and rp.module = ${module}
        where u.id = ${principal.userId} and (u.role_id is null or coalesce(${permissionColumns[action]}, false))`);
    },
    /** True when the id names a row of this kind inside the caller's scope. */
    async inScope(principal: Principal, resource: TenantResource, id: number): Promise<boolean> {
      const check = checks[resource];
      if (!check) throw new Error(`no scope check for ${resource} yet`);
      return check(principal, id);
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
