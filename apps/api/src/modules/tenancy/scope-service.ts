import { type Database, sql } from '@app/db';
import { groupListCompany, isKeyActor, isSales, isSystemStaff } from '@app/policy';
import type { SQL } from 'drizzle-orm';
import type { TenantResource } from '../../plugins/access.js';
import type { Caller } from './principal.js';

/**
 * Decides whether an id a caller sent lies inside the caller's scope (product guide §1):
 * system user → its system; agency staff → the agency and its clients; client → itself;
 * sales → the agencies linked to them and those agencies' clients. One SQL query per check.
 */

const id = sql.placeholder('id');
const systemId = sql.placeholder('systemId');
const userId = sql.placeholder('userId');
const companyId = sql.placeholder('companyId');

/** The companies (`c`) each kind of caller reaches, in their own system. */
const reachedCompanies = {
  staff: sql`true`,
  sales: sql`(c.id in (select company_id from company_sales_links where sales_user_id = ${userId})
    or c.parent_id in (select company_id from company_sales_links where sales_user_id = ${userId}))`,
  agency: sql`(c.id = ${companyId} or c.parent_id = ${companyId})`,
  client: sql`c.id = ${companyId}`,
};
type CallerKind = keyof typeof reachedCompanies;

/** A key reaches what its company's own people reach (decision 0100): a root company's, its system. */
const callerKind = (p: Caller): CallerKind =>
  isKeyActor(p)
    ? p.companyKind === 'root'
      ? 'staff'
      : p.companyKind
    : isSystemStaff(p)
      ? 'staff'
      : isSales(p)
        ? 'sales'
        : p.companyKind === 'agency'
          ? 'agency'
          : 'client';
const isSalesCaller = (p: Caller) => !isKeyActor(p) && isSales(p);
const userOf = (p: Caller) => (isKeyActor(p) ? 0 : p.userId);

type CheckedResource = Exclude<TenantResource, 'system' | 'groupList'>;

/** Where each kind of row lives, joined to the live company (`c`) it belongs to. */
const rowsOf: Record<CheckedResource, { from: SQL; where: SQL }> = {
  company: { from: sql`companies c`, where: sql`c.id = ${id} and c.system_id = ${systemId}` },
  group: {
    from: sql`company_groups g join companies c on c.id = g.company_id`,
    where: sql`g.id = ${id} and c.system_id = ${systemId}`,
  },
  user: {
    from: sql`users u join companies c on c.id = u.company_id`,
    where: sql`u.id = ${id} and u.system_id = ${systemId} and u.deleted_at is null`,
  },
  // A campaign is the client's: in scope when its client company is (removed ones too, so a move
  // on them is refused by the state machine's text rather than hidden).
  campaign: {
    from: sql`campaigns k join companies c on c.id = k.client_id`,
    where: sql`k.id = ${id} and k.system_id = ${systemId}`,
  },
  // The same campaign named by its public id (`leadspeek_api_id`, 8 digits, text on the row).
  campaignPublicId: {
    from: sql`campaigns k join companies c on c.id = k.client_id`,
    where: sql`k.public_id = cast(${id} as text) and k.system_id = ${systemId}`,
  },
  // A stored lead is its client's, like its campaign (the lead carries the ids it was stored under).
  lead: {
    from: sql`leads l join companies c on c.id = l.client_id`,
    where: sql`l.id = ${id} and l.system_id = ${systemId}`,
  },
  // A keyword count is the company's it was counted for (decision 0093).
  keywordCount: {
    from: sql`keyword_counts n join companies c on c.id = n.company_id`,
    where: sql`n.id = ${id} and n.system_id = ${systemId}`,
  },
  // Ad media and saved banners are their company's (decision 0113).
  adMedia: {
    from: sql`ad_media m join companies c on c.id = m.company_id`,
    where: sql`m.id = ${id} and m.system_id = ${systemId}`,
  },
  banner: {
    from: sql`ad_banners b join companies c on c.id = b.company_id`,
    where: sql`b.id = ${id} and b.system_id = ${systemId}`,
  },
  role: {
    from: sql`roles r join companies c on c.id = r.company_id`,
    where: sql`r.id = ${id} and c.system_id = ${systemId}`,
  },
};

export function createScopeService(db: Database) {
  // Most signed-in requests run one of these, so each (resource, kind of caller) is one prepared
  // statement: its text depends on nothing else, the ids are its values, and PostgreSQL parses and
  // plans it once per connection instead of on every request.
  const prepare = (resource: CheckedResource, kind: CallerKind) =>
    db
      .select({ one: sql<number>`1`.as('one') })
      .from(rowsOf[resource].from)
      .where(sql`${rowsOf[resource].where} and c.deleted_at is null and ${reachedCompanies[kind]}`)
      .prepare(`scope_${resource}_${kind}`);
  const statements = new Map<string, ReturnType<typeof prepare>>();

  async function exists(resource: CheckedResource, p: Caller, rowId: number): Promise<boolean> {
    const kind = callerKind(p);
    const key = `${resource}:${kind}`;
    let statement = statements.get(key);
    if (!statement) {
      statement = prepare(resource, kind);
      statements.set(key, statement);
    }
    const rows = await statement.execute({
      id: rowId,
      systemId: p.systemId,
      userId: userOf(p),
      companyId: p.companyId,
    });
    return rows.length > 0;
  }

  // The caller's own company needs no query (the authenticator has just found it live), except for
  // sales staff: their scope is the agencies linked to them, not the root company they work for.
  const company = async (p: Caller, rowId: number) =>
    (rowId === p.companyId && !isSalesCaller(p)) || exists('company', p, rowId);

  // Every kind of tenant resource has its check: a new kind does not compile until it gets one.
  const checks: Record<TenantResource, (p: Caller, id: number) => Promise<boolean>> = {
    system: async (p, rowId) => rowId === p.systemId,
    company,
    // A company whose groups the caller reads: one in their scope, or the company the policy names for
    // their group list (a client's agency, spec 2 §6; live, since the client's company hangs from it).
    groupList: async (p, rowId) => (!isKeyActor(p) && rowId === groupListCompany(p)) || company(p, rowId),
    group: (p, rowId) => exists('group', p, rowId),
    user: async (p, rowId) => rowId === userOf(p) || exists('user', p, rowId),
    campaign: (p, rowId) => exists('campaign', p, rowId),
    campaignPublicId: (p, rowId) => exists('campaignPublicId', p, rowId),
    lead: (p, rowId) => exists('lead', p, rowId),
    keywordCount: (p, rowId) => exists('keywordCount', p, rowId),
    adMedia: (p, rowId) => exists('adMedia', p, rowId),
    banner: (p, rowId) => exists('banner', p, rowId),
    role: (p, rowId) => exists('role', p, rowId),
  };

  return {
    /** True when the id names a row of this kind inside the caller's scope. */
    async inScope(principal: Caller, resource: TenantResource, rowId: number): Promise<boolean> {
      return checks[resource](principal, rowId);
    },
  };
}

export type ScopeService = ReturnType<typeof createScopeService>;
