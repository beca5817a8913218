import { sellsBusinessLeads } from '@app/contracts';
import { and, asc, type Database, eq, sandboxIdentities, sandboxIdentitySets, sql } from '@app/db';
import type { CheckedGeography, CheckedListRequest } from '../requests.js';
import { GENERATOR_VERSION, type SyntheticPerson, syntheticPerson } from './synthetic-people.js';

/*
 * The sandbox resolver's table of synthetic people: generated once from a seed (batched
 * multi-row inserts of JSON records, one transaction, under an advisory lock so an API and a
 * worker starting together generate it once), then read by ordinal or by a list's filters.
 */

/** Rows per INSERT: one JSON parameter each, well under any statement size limit. */
const BATCH = 5_000;
type SQL = ReturnType<typeof sql>;
/** pg_advisory_xact_lock key of the generation (any constant no other code uses). */
const GENERATION_LOCK = 3_800_038;

export interface SeedOutcome {
  /** True when this call generated the people; false when the stored set already matched. */
  generated: boolean;
  people: number;
  seed: string;
  /** Generation time (of this call, or as recorded when the set was made). */
  milliseconds: number;
}

export async function ensurePeople(db: Database, seed: string, people: number): Promise<SeedOutcome> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(${GENERATION_LOCK})`);
    const [current] = await tx.select().from(sandboxIdentitySets).where(eq(sandboxIdentitySets.id, 1));
    if (
      current &&
      current.seed === seed &&
      current.generator === GENERATOR_VERSION &&
      current.people === people
    )
      return { generated: false, people, seed, milliseconds: current.generatedMs };
    const started = performance.now();
    // Another seed, size or generator version: the set is replaced as a whole, never mixed.
    await tx.delete(sandboxIdentities);
    await tx.delete(sandboxIdentitySets);
    for (let from = 1; from <= people; from += BATCH) {
      const rows: ReturnType<typeof asRecord>[] = [];
      for (let id = from; id < Math.min(people + 1, from + BATCH); id++)
        rows.push(asRecord(syntheticPerson(seed, id)));
      await tx.execute(sql`
        insert into sandbox_identities (id, identity_id, email_md5, first_name, last_name, emails, phones, street,
               city, city_key, state, zip, company_name, job_title, industry, company_size, keywords)
        select * from json_to_recordset(${JSON.stringify(rows)}::json) as x(id int, identity_id text,
               email_md5 text, first_name text, last_name text, emails text[], phones text[], street text,
               city text, city_key text, state text, zip text, company_name text, job_title text,
               industry text, company_size text, keywords text[])`);
    }
    const milliseconds = Math.round(performance.now() - started);
    await tx
      .insert(sandboxIdentitySets)
      .values({ id: 1, seed, generator: GENERATOR_VERSION, people, generatedMs: milliseconds });
    return { generated: true, people, seed, milliseconds };
  });
}

const asRecord = (p: SyntheticPerson) => ({
  id: p.id,
  identity_id: p.identityId,
  email_md5: p.emailMd5,
  first_name: p.firstName,
  last_name: p.lastName,
  emails: p.emails,
  phones: p.phones,
  street: p.street,
  city: p.city,
  city_key: p.cityKey,
  state: p.state,
  zip: p.zip,
  company_name: p.companyName,
  job_title: p.jobTitle,
  industry: p.industry,
  company_size: p.companySize,
  keywords: p.keywords,
});

export type PersonRow = typeof sandboxIdentities.$inferSelect;

/** The people with these ordinals (in no particular order): one query for a whole batch of visitors. */
export async function peopleByOrdinals(db: Database, ids: readonly number[]): Promise<PersonRow[]> {
  if (ids.length === 0) return [];
  // One array parameter whatever the count (the same on both drivers).
  return db
    .select()
    .from(sandboxIdentities)
    .where(sql`${sandboxIdentities.id} = any(${`{${ids.map((id) => Math.trunc(id)).join(',')}}`}::int[])`);
}

/**
 * Up to `count` people matching the request with ordinals in [from, to) after `after`, in
 * ordinal order: the keyset walk of one list page (indexes on state, state + city, zip, the
 * keywords (GIN) and the b2b subset keep a page cheap at 50,000 people).
 */
export async function matchingPeople(
  db: Database,
  request: CheckedListRequest,
  range: { after: number; below: number; count: number },
): Promise<PersonRow[]> {
  const t = sandboxIdentities;
  const conditions: SQL[] = [
    sql`${t.id} > ${range.after}`,
    sql`${t.id} < ${range.below}`,
    ...audienceConditions({
      b2b: sellsBusinessLeads(request.module),
      keywords: request.keywords,
      geography: request,
    }),
  ];
  return db
    .select()
    .from(t)
    .where(and(...conditions))
    .orderBy(asc(t.id))
    .limit(range.count);
}

/** Who a count or a list is about: people with a company (b2b), any of the keywords, in the place. */
export interface Audience {
  b2b: boolean;
  /** Normal form (`checkKeyword`); empty: any interest. */
  keywords: readonly string[];
  geography: CheckedGeography;
}

function audienceConditions(audience: Audience): SQL[] {
  const t = sandboxIdentities;
  const { geography } = audience;
  const conditions: SQL[] = [];
  if (audience.b2b) conditions.push(sql`${t.companyName} is not null`);
  if (audience.keywords.length > 0)
    conditions.push(sql`${t.keywords} && ${textArray(audience.keywords)}::text[]`);
  if (!geography.national) {
    const places: SQL[] = [];
    if (geography.states.length > 0)
      places.push(sql`${t.state} = any(${textArray(geography.states)}::text[])`);
    if (geography.cities.length > 0)
      places.push(
        sql`(${t.state}, ${t.cityKey}) in (select * from unnest(${textArray(geography.cities.map((c) => c.state))}::text[], ${textArray(geography.cities.map((c) => c.cityKey))}::text[]))`,
      );
    if (geography.zips.length > 0) places.push(sql`${t.zip} = any(${textArray(geography.zips)}::text[])`);
    conditions.push(sql`(${sql.join(places, sql` or `)})`);
  }
  return conditions;
}

/** How many people an audience holds (one indexed count). */
export async function countAudience(db: Database, audience: Audience): Promise<number> {
  const t = sandboxIdentities;
  const [row] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(t)
    .where(and(sql`true`, ...audienceConditions(audience)));
  return Number(row?.count ?? 0);
}

/** What the advanced information of an audience's people is drawn from (every one of them). */
export async function audienceFacts(db: Database, audience: Audience) {
  const t = sandboxIdentities;
  return db
    .select({
      id: t.id,
      firstName: t.firstName,
      lastName: t.lastName,
      companyName: t.companyName,
      jobTitle: t.jobTitle,
      industry: t.industry,
    })
    .from(t)
    .where(and(sql`true`, ...audienceConditions(audience)));
}

/** The zips people live in, in a state or one city of it, in order. */
export async function zipsIn(db: Database, place: { state: string; cityKey?: string }): Promise<string[]> {
  const t = sandboxIdentities;
  const rows = await db
    .selectDistinct({ zip: t.zip })
    .from(t)
    .where(
      and(
        sql`${t.state} = ${place.state}`,
        sql`${t.zip} is not null`,
        ...(place.cityKey !== undefined ? [sql`${t.cityKey} = ${place.cityKey}`] : []),
      ),
    )
    .orderBy(asc(t.zip));
  return rows.map((r) => r.zip as string);
}

/** A PostgreSQL array literal of texts (one parameter, the same on both drivers). */
function textArray(items: readonly string[]): string {
  return `{${items.map((item) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}
