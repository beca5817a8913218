import { type Database, queryRows, sql } from '@app/db';
import { groupListCompany, isSales, isSystemStaff } from '@app/policy';
import type { TenantResource } from '../../plugins/access.js';
import type { Principal } from './principal.js';

/**
 * Decides whether an id a caller sent lies inside the caller's scope (product guide §1):
 * system user → its system; agency staff → the agency and its clients; client → itself;
 * sales → the agencies linked to them and those agencies' clients. One SQL query per check.
 */
export function createScopeService(db: Database) {
  function companyCondition(p: Principal) {
    if (isSystemStaff(p)) return sql`true`;
    if (isSales(p)) {
      return sql`(c.id in (select company_id from company_sales_links where sales_user_id = ${p.userId})
        or c.parent_id in (select company_id from company_sales_links where sales_user_id = ${p.userId}))`;
    }
    if (p.companyKind === 'agency') return sql`(c.id = ${p.companyId} or c.parent_id = ${p.companyId})`;
    return sql`c.id = ${p.companyId}`;
  }

  async function exists(query: ReturnType<typeof sql>): Promise<boolean> {
    return (await queryRows(db, query)).length > 0;
  }

  // The caller's own company needs no query (the authenticator has just found it live), except for
  // sales staff: their scope is the agencies linked to them, not the root company they work for.
  const company = (p: Principal, id: number) =>
    id === p.companyId && !isSales(p)
      ? Promise.resolve(true)
      : exists(sql`select 1 from companies c
          where c.id = ${id} and c.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`);

  // Every kind of tenant resource has its check: a new kind does not compile until it gets one.
  const checks: Record<TenantResource, (p: Principal, id: number) => Promise<boolean>> = {
    system: async (p, id) => id === p.systemId,
    company,
    // A company whose groups the caller reads: one in their scope, or the company the policy names for
    // their group list (a client's agency, spec 2 §6; live, since the client's company hangs from it).
    groupList: (p, id) => (id === groupListCompany(p) ? Promise.resolve(true) : company(p, id)),
    group: (p, id) =>
      exists(sql`select 1 from company_groups g join companies c on c.id = g.company_id
        where g.id = ${id} and c.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
    user: (p, id) =>
      id === p.userId
        ? Promise.resolve(true)
        : exists(sql`select 1 from users u join companies c on c.id = u.company_id
            where u.id = ${id} and u.system_id = ${p.systemId} and u.deleted_at is null and ${companyCondition(p)}`),
    // A campaign is the client's: in scope when its client company is (removed ones too, so a move
    // on them is refused by the state machine's text rather than hidden).
    campaign: (p, id) =>
      exists(sql`select 1 from campaigns k join companies c on c.id = k.client_id
        where k.id = ${id} and k.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
    // A stored lead is its client's, like its campaign (the lead carries the ids it was stored under).
    lead: (p, id) =>
      exists(sql`select 1 from leads l join companies c on c.id = l.client_id
        where l.id = ${id} and l.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
    role: (p, id) =>
      exists(sql`select 1 from roles r join companies c on c.id = r.company_id
        where r.id = ${id} and c.system_id = ${p.systemId} and c.deleted_at is null and ${companyCondition(p)}`),
  };

  return {
    /** True when the id names a row of this kind inside the caller's scope. */
    async inScope(principal: Principal, resource: TenantResource, id: number): Promise<boolean> {
      return checks[resource](principal, id);
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
