import { MODULE_CATALOGUE } from '@app/contracts';
import { companies, type Database, DEMO, eq, firstRow, sql, systems, users } from '@app/db';
import { insertLeadPerCampaign } from '../kits/campaigns.js';

/**
 * The cast and the oracle of the authorization matrix. The scope oracle is written from the product
 * guide §1 (who may name whose rows), not from the code under test; who may perform which action is
 * asked of the policy.
 */

/** Switches of the roles the added administrators hold, per role module. */
const ROLE_SWITCHES = {
  none: { enable: false, create: false, update: false, delete: false },
  settingsUpdate: { enable: true, create: false, update: true, delete: false },
} as const;

/** The keyword every company of the world has counted (decision 0093). */
export const MATRIX_KEYWORD = 'matrix keyword';

/** People the matrix adds to the demo: e-mail, whose company, user type, role or sales link. */
const ADDED: Record<
  'rootAdmin' | 'referrer' | 'agencyAdminNoPermissions' | 'agencyAdminSettingsUpdate',
  {
    email: string;
    companyOf: 'system' | 'agencyOwner';
    userType: 'admin' | 'sales' | 'administrator';
    role?: keyof typeof ROLE_SWITCHES;
    referrerOf?: 'agencyOwner';
  }
> = {
  rootAdmin: { email: 'matrix.rootadmin@leadorbit.test', companyOf: 'system', userType: 'admin' },
  referrer: {
    email: 'matrix.referrer@leadorbit.test',
    companyOf: 'system',
    userType: 'sales',
    referrerOf: 'agencyOwner',
  },
  agencyAdminNoPermissions: {
    email: 'matrix.noperm@northwind.test',
    companyOf: 'agencyOwner',
    userType: 'administrator',
    role: 'none',
  },
  agencyAdminSettingsUpdate: {
    email: 'matrix.update@northwind.test',
    companyOf: 'agencyOwner',
    userType: 'administrator',
    role: 'settingsUpdate',
  },
};

export const PEOPLE = {
  system: DEMO.master.rootUser.email,
  sales: DEMO.master.sales.email,
  accountExecutive: DEMO.master.accountExecutive.email,
  agencyOwner: DEMO.northwind.owner.email,
  agencyAdmin: DEMO.northwind.administrator.email,
  client: DEMO.northwind.clients[0].contact.email,
  siblingClient: DEMO.northwind.clients[1].contact.email,
  otherAgency: DEMO.summit.owner.email,
  otherAgencyClient: DEMO.summit.clients[0].contact.email,
  otherSystem: DEMO.brightreach.agency.client.contact.email,
  rootAdmin: ADDED.rootAdmin.email,
  referrer: ADDED.referrer.email,
  agencyAdminNoPermissions: ADDED.agencyAdminNoPermissions.email,
  agencyAdminSettingsUpdate: ADDED.agencyAdminSettingsUpdate.email,
  // A view-mode session of the system user acting as Northwind's owner.
  viewMode: DEMO.northwind.owner.email,
  // A single sign-on session Northwind's owner started as its client Harbor Dental.
  singleSignOn: DEMO.northwind.clients[0].contact.email,
} as const;
export type Person = keyof typeof PEOPLE;

/** People the matrix signs in as: the demo's own, and the role shapes it adds (`prepareWorld`). */
export const PRINCIPALS = [
  'system',
  'rootAdmin',
  'sales',
  'accountExecutive',
  'referrer',
  'agencyOwner',
  'agencyAdmin',
  'agencyAdminNoPermissions',
  'agencyAdminSettingsUpdate',
  'client',
  'viewMode',
  'singleSignOn',
  'anonymous',
] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type Actor = Exclude<Principal, 'anonymous'>;
/** The demo people the route oracles are written for. */
export type BaseActor = 'system' | 'sales' | 'accountExecutive' | 'agencyOwner' | 'agencyAdmin' | 'client';

/**
 * Whose scope and data rules an added principal shares: what tells them apart (their role's
 * switches, being a root administrator, acting as someone else) is the policy's to decide, and the
 * matrix asks the policy for it.
 */
export const LIKE: Record<Actor, BaseActor> = {
  system: 'system',
  rootAdmin: 'system',
  sales: 'sales',
  accountExecutive: 'accountExecutive',
  referrer: 'sales',
  agencyOwner: 'agencyOwner',
  agencyAdmin: 'agencyAdmin',
  agencyAdminNoPermissions: 'agencyAdmin',
  agencyAdminSettingsUpdate: 'agencyAdmin',
  client: 'client',
  viewMode: 'agencyOwner',
  singleSignOn: 'client',
};

export const ID_KINDS = [
  'own',
  'siblingClient',
  'otherAgency',
  'otherSystem',
  'nonExistent',
  'malformed',
] as const;
export type IdKind = (typeof ID_KINDS)[number];

/** Kinds of row an id can name in the matrix (the access rule's resources plus roles). */
export type IdResource =
  | 'user'
  | 'company'
  | 'system'
  | 'group'
  | 'role'
  | 'campaign'
  | 'campaignPublicId'
  | 'lead'
  | 'keywordCount';

export interface PersonIds {
  user: number;
  company: number;
  system: number;
  userType: string;
  /** A company group and a role made for the matrix in the person's company. */
  group: number;
  role: number;
  /** A campaign made for the matrix whose client is the person's company (the scope reads the client). */
  campaign: number;
  /** The same campaign's public id (`leadspeek_api_id`). */
  campaignPublicId: number;
  /** A lead stored for that campaign. */
  lead: number;
  /** A done keyword count of the person's company (decision 0093). */
  keywordCount: number;
}

/** Whose row an id kind names for a principal ('own' is the principal's own row). */
export function subjectOf(p: Actor, kind: IdKind): Person | null {
  switch (kind) {
    case 'own':
      return p;
    case 'siblingClient':
    case 'otherAgency':
    case 'otherSystem':
      return kind;
    default:
      return null;
  }
}

/** The company each person works for. */
const COMPANY_OF: Record<Person, string> = {
  system: 'root',
  rootAdmin: 'root',
  sales: 'root',
  accountExecutive: 'root',
  referrer: 'root',
  agencyOwner: 'northwind',
  agencyAdmin: 'northwind',
  agencyAdminNoPermissions: 'northwind',
  agencyAdminSettingsUpdate: 'northwind',
  viewMode: 'northwind',
  singleSignOn: 'harbor',
  client: 'harbor',
  siblingClient: 'cedar',
  otherAgency: 'summit',
  otherAgencyClient: 'peak',
  otherSystem: 'bayview',
};

/** Whether two people work for the same company (a card is only ever one's own company's). */
export const sameCompany = (a: Person, b: Person): boolean => COMPANY_OF[a] === COMPANY_OF[b];
/** Whether a person works for the system's root company. */
export const worksForRoot = (person: Person): boolean => COMPANY_OF[person] === 'root';

/** Product guide §1: the companies a principal may name (sales staff: their linked agency, Northwind). */
const SCOPE: Record<BaseActor, readonly string[]> = {
  system: ['root', 'northwind', 'harbor', 'cedar', 'summit', 'peak'],
  sales: ['northwind', 'harbor', 'cedar'],
  accountExecutive: ['northwind', 'harbor', 'cedar'],
  agencyOwner: ['northwind', 'harbor', 'cedar'],
  agencyAdmin: ['northwind', 'harbor', 'cedar'],
  client: ['harbor'],
};

export const companyInScope = (p: Actor, subject: Person): boolean =>
  SCOPE[LIKE[p]].includes(COMPANY_OF[subject]);

/** Whether `subject`'s row of this resource is in `p`'s scope. Everyone may name themselves. */
export function inScope(p: Actor, subject: Person, resource: IdResource): boolean {
  if (resource === 'system') return subject !== 'otherSystem';
  if (resource === 'user' && subject === p) return true;
  return companyInScope(p, subject);
}

/**
 * Simplifi opens to Northwind (a beta tester on the master system) and its client Harbor Dental, as
 * for the demo's Simplifi campaign: the ad platform's routes (campaigns, audiences, media, banners
 * attached to campaigns) answer past their module gate for their people, and 404 for other agencies'
 * and clients' (decisions 0110, 0113, 0114). A row may reset the beta's testers (the beta-features
 * update), so rows that need the module open call this again before their request.
 */
export async function openSimplifiInWorld(db: Database): Promise<void> {
  await db.execute(sql`insert into beta_testers (feature_id, company_id)
    select ${MODULE_CATALOGUE.simplifi.beta.featureId}, id from companies where name = ${DEMO.northwind.name}
    on conflict do nothing`);
  await db.execute(sql`insert into company_modules (company_id, module, enabled)
    select id, 'simplifi', true from companies where name in (${DEMO.northwind.name}, ${DEMO.northwind.clients[0].name})
    on conflict (company_id, module) do update set enabled = true`);
}

/**
 * Loads everyone's ids, gives every company a group and a role, and writes unique marker strings
 * into every tenant's rows (company and user addresses, group and role names): an answer that
 * contains another tenant's marker leaked it.
 */
export async function prepareWorld(db: Database): Promise<Record<Person, PersonIds>> {
  await addPeople(db);
  await openSimplifiInWorld(db);
  await db.execute(sql`update companies set address = 'MARKER-C' || id || '-X'`);
  await db.execute(sql`update users set address = 'MARKER-U' || id || '-X'`);
  await db.execute(sql`insert into company_groups (company_id, name, module)
    select id, 'MARKER-G' || id || '-X', 'local' from companies`);
  await db.execute(
    sql`insert into roles (company_id, name) select id, 'MARKER-R' || id || '-X' from companies`,
  );
  // One stopped local campaign per company, named with a marker of the company it belongs to.
  await db.execute(sql`insert into campaigns (public_id, system_id, agency_id, client_id, module, name)
    select (10000000 + id)::text, system_id, coalesce(parent_id, id), id, 'local', 'MARKER-K' || id || '-X'
    from companies`);
  // One stored lead per matrix campaign (its client's), for the lead report's detail route.
  await insertLeadPerCampaign(db, 'MARKER-%');
  // One done keyword count per company (a Search ID keyword, nationwide, just counted): the count a
  // retry names, and the 7-day history a queued count of the same keyword is answered from, so no
  // matrix call makes the sandbox vendor generate its people.
  await db.execute(sql`insert into keyword_counts (system_id, company_id, batch_id, module, target_location,
      keyword, keyword_key, status, count, count_without_geo, api_version, counted_at)
    select system_id, id, 'matrix', 'locator', 'national', ${MATRIX_KEYWORD}, ${MATRIX_KEYWORD}, 'done', 5, 9,
      'sandbox-1', now()
    from companies`);
  const ids = {} as Record<Person, PersonIds>;
  for (const [person, email] of Object.entries(PEOPLE) as [Person, string][]) {
    const [row] = await db
      .select({ user: users.id, company: users.companyId, system: users.systemId, userType: users.userType })
      .from(users)
      .where(eq(users.email, email));
    if (!row) throw new Error(`no demo user ${email}`);
    const first = async (query: ReturnType<typeof sql>) =>
      Number(
        firstRow(((await db.execute(query)) as unknown as { rows: { id: number }[] }).rows, 'matrix row').id,
      );
    ids[person] = {
      ...row,
      group: await first(
        sql`select id from company_groups where company_id = ${row.company} order by id desc limit 1`,
      ),
      role: await first(sql`select id from roles where company_id = ${row.company} order by id desc limit 1`),
      campaign: await first(
        sql`select id from campaigns where client_id = ${row.company} and name like 'MARKER-%' limit 1`,
      ),
      campaignPublicId: await first(
        sql`select public_id::int as id from campaigns where client_id = ${row.company} and name like 'MARKER-%' limit 1`,
      ),
      lead: await first(
        sql`select l.id::int as id from leads l join campaigns k on k.id = l.campaign_id
          where k.client_id = ${row.company} and k.name like 'MARKER-%' limit 1`,
      ),
      keywordCount: await first(
        sql`select id from keyword_counts where company_id = ${row.company} and batch_id = 'matrix' limit 1`,
      ),
    };
  }
  return ids;
}

/** Signs-in-able copies of the role shapes the demo lacks (same password as the demo people). */
async function addPeople(db: Database) {
  const rows = async (query: ReturnType<typeof sql>) =>
    ((await db.execute(query)) as unknown as { rows: Record<string, unknown>[] }).rows;
  const userOf = async (email: string) =>
    firstRow(
      await rows(sql`select id, company_id, system_id, password_hash from users where email = ${email}`),
      email,
    );
  for (const added of Object.values(ADDED)) {
    const like = await userOf(PEOPLE[added.companyOf]);
    let roleId: number | null = null;
    if (added.role) {
      roleId = Number(
        firstRow(
          await rows(
            sql`insert into roles (company_id, name) values (${like.company_id}, ${`Matrix ${added.role}`}) returning id`,
          ),
          'role',
        ).id,
      );
      const s = ROLE_SWITCHES[added.role];
      await db.execute(sql`insert into role_permissions (role_id, module, can_enable, can_create, can_update, can_delete)
        select ${roleId}, m, ${s.enable}, ${s.create}, ${s.update}, ${s.delete}
        from unnest(array['ads_design', 'campaign', 'leadspeek', 'settings']::role_module[]) as m`);
    }
    const id = Number(
      firstRow(
        await rows(sql`insert into users (system_id, company_id, user_type, email, name, password_hash, role_id, profile_setup_completed)
          values (${like.system_id}, ${like.company_id}, ${added.userType}, ${added.email}, 'Matrix person',
            ${like.password_hash}, ${roleId}, true)
          returning id`),
        'added person',
      ).id,
    );
    if (added.referrerOf) {
      const agency = await userOf(PEOPLE[added.referrerOf]);
      await db.execute(sql`insert into company_sales_links (company_id, role, sales_user_id)
        values (${agency.company_id}, 'referrer', ${id})`);
    }
  }
}

/** Every marker in a text with the company it belongs to. */
export async function markerOwners(db: Database): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  const rows = (await db.execute(sql`
    select 'MARKER-C' || id || '-X' as marker, id as company from companies
    union all select 'MARKER-U' || id || '-X', company_id from users
    union all select name, company_id from company_groups where name like 'MARKER-%'
    union all select name, company_id from roles where name like 'MARKER-%'
    union all select name, client_id from campaigns where name like 'MARKER-%'`)) as unknown as {
    rows: { marker: string; company: number }[];
  };
  for (const r of rows.rows) owners.set(r.marker, Number(r.company));
  return owners;
}

/** The companies a principal may see in an answer: its scope, plus its own company and its parents. */
export async function visibleCompanies(db: Database, p: Actor, ids: Record<Person, PersonIds>) {
  const all = await db
    .select({ id: companies.id, parentId: companies.parentId, systemId: companies.systemId })
    .from(companies);
  const [otherSystem] = await db.select().from(systems).where(eq(systems.id, ids.otherSystem.system));
  const visible = new Set<number>();
  const chain = (id: number | null) => {
    while (id) {
      visible.add(id);
      id = all.find((c) => c.id === id)?.parentId ?? null;
    }
  };
  chain(ids[p].company);
  for (const person of Object.keys(PEOPLE) as Person[]) {
    if (companyInScope(p, person)) visible.add(ids[person].company);
  }
  if (p === 'system') {
    for (const c of all) if (c.systemId !== otherSystem?.id) visible.add(c.id);
  }
  return visible;
}
