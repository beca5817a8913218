import type { InformationType } from '@app/contracts';
import { and, type Database, desc, enhancementCounts, eq, sql } from '@app/db';
import { liveSince } from './pending-count.js';

/** The data enhancement counts (decision 0093): the only SQL on `enhancement_counts`. */

export type EnhancementCountRecord = typeof enhancementCounts.$inferSelect;
export type NewEnhancementCount = typeof enhancementCounts.$inferInsert;

const t = enhancementCounts;
/** The history a screen shows of one campaign (and type): the newest this many. */
const HISTORY_ROWS = 100;

export function createEnhancementCountRepository(db: Database) {
  return {
    /**
     * Stores a new count unless one of the same campaign and type is pending (a repeated request asks
     * the vendor once): then that one answers, with `created` false. The campaign's lock makes the
     * look and the insert one step.
     */
    async insertUnlessPending(
      row: NewEnhancementCount,
    ): Promise<{ count: EnhancementCountRecord; created: boolean }> {
      return db.transaction(async (tx) => {
        await tx.execute(
          sql`select pg_advisory_xact_lock(hashtext('enhancement_counts'), ${row.campaignId})`,
        );
        const [pending] = await tx
          .select()
          .from(t)
          .where(
            and(
              eq(t.campaignId, row.campaignId),
              eq(t.informationType, row.informationType),
              eq(t.status, 'pending'),
              liveSince(t.updatedAt),
            ),
          )
          .limit(1);
        if (pending) return { count: pending, created: false };
        const [stored] = await tx.insert(t).values(row).returning();
        if (!stored) throw new Error('the enhancement count was not stored');
        return { count: stored, created: true };
      });
    },

    async get(id: number): Promise<EnhancementCountRecord | undefined> {
      const [row] = await db.select().from(t).where(eq(t.id, id));
      return row;
    },

    /** A campaign's counts of one type (or all), newest first, with how many are pending. */
    async history(campaignId: number, type: InformationType | 'all') {
      const where = and(
        eq(t.campaignId, campaignId),
        type === 'all' ? undefined : eq(t.informationType, type),
      );
      const [rows, [totals]] = await Promise.all([
        db.select().from(t).where(where).orderBy(desc(t.createdAt), desc(t.id)).limit(HISTORY_ROWS),
        db
          .select({ pending: sql<number>`count(*) filter (where ${t.status} = 'pending')::int` })
          .from(t)
          .where(where),
      ]);
      return { rows, pending: Number(totals?.pending ?? 0) };
    },

    async answer(
      id: number,
      answer: { audience: number; fields: Record<string, number> },
      apiVersion: string,
    ) {
      await db
        .update(t)
        .set({
          status: 'done',
          audience: answer.audience,
          fieldCounts: answer.fields,
          apiVersion,
          vendorTicket: null,
          countedAt: sql`now()`,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + 1`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')));
    },

    async wait(id: number, ticket: string) {
      await db
        .update(t)
        .set({
          vendorTicket: ticket,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + case when ${t.vendorTicket} is null then 1 else 0 end`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')));
    },

    async fail(id: number, error: string) {
      await db
        .update(t)
        .set({
          status: 'error',
          error,
          vendorTicket: null,
          updatedAt: sql`now()`,
          attempts: sql`${t.attempts} + 1`,
        })
        .where(and(eq(t.id, id), eq(t.status, 'pending')));
    },
  };
}

export type EnhancementCountRepository = ReturnType<typeof createEnhancementCountRepository>;
