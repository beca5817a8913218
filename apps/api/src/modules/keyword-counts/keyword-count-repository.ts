import type { CountOutcome, KeywordCountModule, KeywordCountSortKey, TargetLocation } from '@app/contracts';
import { and, asc, type Database, desc, eq, inArray, keywordCounts, sql } from '@app/db';
import type { SQL } from 'drizzle-orm';
import { liveSince } from './pending-count.js';

/*
 * The keyword count rows (decision 0093): the only SQL on `keyword_counts`. A row's place (target
 * location, states, cities, zips) is stored in normal form — codes and lists sorted — so the 7-day
 * history finds an earlier count of the same place by equality.
 */

export type KeywordCountRecord = typeof keywordCounts.$inferSelect;
export type NewKeywordCount = typeof keywordCounts.$inferInsert;

/** Where a count looks, in normal form. */
export interface CountPlace {
  targetLocation: TargetLocation;
  states: string[];
  cities: string[];
  zips: string[];
}

const t = keywordCounts;

const OUTCOME_WHERE: Record<CountOutcome, SQL> = {
  success: sql`${t.status} = 'done' and ${t.count} > 0`,
  no_result: sql`${t.status} = 'done' and ${t.count} = 0`,
  failed: sql`${t.status} = 'error'`,
  pending: sql`${t.status} = 'pending'`,
};

/** Text arrays compared as one parameter each (the same on both drivers). */
const textArray = (items: readonly string[]) =>
  `{${items.map((item) => `"${item.replace(/["\\]/g, (c) => `\\${c}`)}"`).join(',')}}`;

/** Rows of exactly this place (stored in normal form, so equality is the test). */
const samePlace = (place: CountPlace): SQL[] => [
  eq(t.targetLocation, place.targetLocation),
  sql`${t.states} = ${textArray(place.states)}::text[]`,
  sql`${t.cities} = ${textArray(place.cities)}::text[]`,
  sql`${t.zips} = ${textArray(place.zips)}::text[]`,
];

export function createKeywordCountRepository(db: Database) {
  return {
    /**
     * Stores a company's new counts of one module and place, except a keyword already pending there
     * (the same request sent twice, or by two people at once, asks the vendor once): those answer
     * with the pending row. The company's lock makes the look and the insert one step.
     */
    async insertUnlessPending(
      companyId: number,
      module: KeywordCountModule,
      place: CountPlace,
      rows: NewKeywordCount[],
    ): Promise<{ stored: KeywordCountRecord[]; alreadyPending: KeywordCountRecord[] }> {
      if (rows.length === 0) return { stored: [], alreadyPending: [] };
      return db.transaction(async (tx) => {
        await tx.execute(sql`select pg_advisory_xact_lock(hashtext('keyword_counts'), ${companyId})`);
        const alreadyPending = await tx
          .select()
          .from(t)
          .where(
            and(
              eq(t.companyId, companyId),
              eq(t.module, module),
              eq(t.status, 'pending'),
              liveSince(t.updatedAt),
              inArray(
                t.keywordKey,
                rows.map((r) => r.keywordKey),
              ),
              ...samePlace(place),
            ),
          )
          .orderBy(asc(t.id));
        const pendingKeys = new Set(alreadyPending.map((r) => r.keywordKey));
        const fresh = rows.filter((r) => !pendingKeys.has(r.keywordKey));
        const stored = fresh.length === 0 ? [] : await tx.insert(t).values(fresh).returning();
        return { stored, alreadyPending };
      });
    },

    async get(id: number): Promise<KeywordCountRecord | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row;
    },

    /**
     * The newest done count of each keyword (by its key) for the same module and place in the
     * system since `since`, asked of the vendor (not itself answered from history).
     */
    async history(
      systemId: number,
      module: KeywordCountModule,
      keywordKeys: readonly string[],
      place: CountPlace,
      since: Date,
    ): Promise<Map<string, KeywordCountRecord>> {
      if (keywordKeys.length === 0) return new Map();
      const rows = await db
        .select()
        .from(t)
        .where(
          and(
            eq(t.systemId, systemId),
            eq(t.module, module),
            inArray(t.keywordKey, [...keywordKeys]),
            eq(t.status, 'done'),
            sql`${t.historyOfId} is null`,
            sql`${t.countedAt} >= ${since.toISOString()}::timestamptz`,
            ...samePlace(place),
          ),
        )
        .orderBy(desc(t.countedAt), desc(t.id));
      const newest = new Map<string, KeywordCountRecord>();
      for (const row of rows) if (!newest.has(row.keywordKey)) newest.set(row.keywordKey, row);
      return newest;
    },

    /** One page of a company's counts, with the total and how many of all its rows are pending. */
    async list(query: {
      companyId: number;
      module?: KeywordCountModule;
      outcome: CountOutcome | '';
      sort: { key: KeywordCountSortKey; order: 'asc' | 'desc' } | null;
      page: number;
      perPage: number;
    }) {
      const scope = and(
        eq(t.companyId, query.companyId),
        query.module ? eq(t.module, query.module) : undefined,
      );
      const where = and(scope, query.outcome ? OUTCOME_WHERE[query.outcome] : undefined);
      const column = query.sort?.key === 'count_without_geo' ? t.countWithoutGeo : t.createdAt;
      const order =
        query.sort === null
          ? [desc(t.createdAt), desc(t.id)]
          : query.sort.order === 'asc'
            ? [sql`${column} asc nulls last`, asc(t.id)]
            : [sql`${column} desc nulls last`, desc(t.id)];
      const [rows, [totals]] = await Promise.all([
        db
          .select()
          .from(t)
          .where(where)
          .orderBy(...order)
          .limit(query.perPage)
          .offset((query.page - 1) * query.perPage),
        db
          .select({
            total: sql<number>`count(*) filter (where ${query.outcome ? OUTCOME_WHERE[query.outcome] : sql`true`})::int`,
            pending: sql<number>`count(*) filter (where ${t.status} = 'pending')::int`,
          })
          .from(t)
          .where(scope),
      ]);
      return { rows, total: Number(totals?.total ?? 0), pending: Number(totals?.pending ?? 0) };
    },

    /** A failed count back to pending, unless someone else did it first (then undefined). */
    async reopen(id: number): Promise<KeywordCountRecord | undefined> {
      const [row] = await db
        .update(t)
        .set({ status: 'pending', error: null, vendorTicket: null, updatedAt: sql`now()` })
        .where(and(eq(t.id, id), eq(t.status, 'error')))
        .returning();
      return row;
    },

    /** The vendor's answer on a pending row (once: a row no longer pending is left alone). */
    async answer(id: number, counts: { count: number; countWithoutGeo: number }, apiVersion: string) {
      const [row] = await db
        .update(t)
        .set({
          status: 'done',
          count: counts.count,
          countWithoutGeo: counts.countWithoutGeo,
          apiVersion,
          vendorTicket: null,
          countedAt: sql`now()`,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + 1`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')))
        .returning();
      return row;
    },

    /** The vendor is counting slowly: its ticket kept, the first wait noted (the request's e-mail). */
    async wait(id: number, ticket: string) {
      await db
        .update(t)
        .set({
          vendorTicket: ticket,
          waitedAt: sql`coalesce(${t.waitedAt}, now())`,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + case when ${t.vendorTicket} is null then 1 else 0 end`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')));
    },

    async fail(id: number, error: string) {
      const [row] = await db
        .update(t)
        .set({
          status: 'error',
          error,
          vendorTicket: null,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + 1`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')))
        .returning();
      return row;
    },

    async ofBatch(batchId: string): Promise<KeywordCountRecord[]> {
      return db.select().from(t).where(eq(t.batchId, batchId)).orderBy(asc(t.id));
    },

    /** Of these keyword keys, those counted with a result for any of the companies in the module. */
    async countedWithResult(
      companyIds: readonly number[],
      module: KeywordCountModule,
      keywordKeys: readonly string[],
    ): Promise<Set<string>> {
      if (keywordKeys.length === 0 || companyIds.length === 0) return new Set();
      const rows = await db
        .selectDistinct({ key: t.keywordKey })
        .from(t)
        .where(
          and(
            inArray(t.companyId, [...companyIds]),
            eq(t.module, module),
            inArray(t.keywordKey, [...keywordKeys]),
            OUTCOME_WHERE.success,
          ),
        );
      return new Set(rows.map((r) => r.key));
    },
  };
}

export type KeywordCountRepository = ReturnType<typeof createKeywordCountRepository>;
