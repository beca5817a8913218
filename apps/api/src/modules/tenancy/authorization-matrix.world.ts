import { companies, type Database, DEMO, eq, firstRow, sql, systems, users } from '@app/db';

/**
 * The cast and the oracle of the authorization matrix. The oracle is written from the product
 * guide §1 (who may name whose rows), not from the code under test.
 */
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
} as const;
export type Person = keyof typeof PEOPLE;

export const PRINCIPALS = [
  'system',
  'sales',
  'accountExecutive',
  'agencyOwner',
  'agencyAdmin',
  'client',
  'anonymous',
] as const;
export type Principal = (typeof PRINCIPALS)[number];
export type Actor = Exclude<Principal, 'anonymous'>;

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
export type IdResource = 'user' | 'company' | 'system' | 'group' | 'role';

export interface PersonIds {
  user: number;
  company: number;
  system: number;
  userType: string;
  /** A company group and a role made for the matrix in the person's company. */
  group: number;
  role: number;
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

const NORTHWIND_SIDE: readonly Person[] = ['agencyOwner', 'agencyAdmin', 'client', 'siblingClient'];

/** Product guide §1: the companies a principal may name. */
export function companyInScope(p: Actor, subject: Person): boolean {
  switch (p) {
    case 'system':
      return subject !== 'otherSystem';
    case 'sales':
    case 'accountExecutive':
      // Both are linked to Northwind: they see it and its clients, not their own root company.
      return NORTHWIND_SIDE.includes(subject);
    case 'agencyOwner':
    case 'agencyAdmin':
      return NORTHWIND_SIDE.includes(subject);
    case 'client':
      return subject === 'client';
  }
}

/** Whether `subject`'s row of this resource is in `p`'s scope. Everyone may name themselves. */
export function inScope(p: Actor, subject: Person, resource: IdResource): boolean {
  if (resource === 'system') return subject !== 'otherSystem';
  if (resource === 'user' && subject === p) return true;
  return companyInScope(p, subject);
}

/**
 * Loads everyone's ids, gives every company a group and a role, and writes unique marker strings
 * into every tenant's rows (company and user addresses, group and role names): an answer that
 * contains another tenant's marker leaked it.
 */
export async function prepareWorld(db: Database): Promise<Record<Person, PersonIds>> {
  await db.execute(sql`update companies set address = 'MARKER-C' || id || '-X'`);
  await db.execute(sql`update users set address = 'MARKER-U' || id || '-X'`);
  await db.execute(sql`insert into company_groups (company_id, name, module)
    select id, 'MARKER-G' || id || '-X', 'local' from companies`);
  await db.execute(
    sql`insert into roles (company_id, name) select id, 'MARKER-R' || id || '-X' from companies`,
  );
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
    };
  }
  return ids;
}

/** Every marker in a text with the company it belongs to. */
export async function markerOwners(db: Database): Promise<Map<string, number>> {
  const owners = new Map<string, number>();
  const rows = (await db.execute(sql`
    select 'MARKER-C' || id || '-X' as marker, id as company from companies
    union all select 'MARKER-U' || id || '-X', company_id from users
    union all select name, company_id from company_groups where name like 'MARKER-%'
    union all select name, company_id from roles where name like 'MARKER-%'`)) as unknown as {
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
