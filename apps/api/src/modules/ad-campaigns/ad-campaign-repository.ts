import { type Cents, centsFromBigInt, type Micros } from '@app/contracts';
import { adBudgetCharges, adCampaignBudgets, adCampaignStats, type Database, type Executor } from '@app/db';
import { and, asc, desc, eq, gte, inArray, lt, lte, sql } from 'drizzle-orm';

/*
 * The ad-campaigns module's tables (decision 0110): a Simplifi campaign's budget and platform link,
 * its budget charges (one per campaign × period × reason × raised daily budget, claimed by a unique
 * index), and the days' figures the platform reported.
 */

export type AdBudgetRow = typeof adCampaignBudgets.$inferSelect;
export type AdBudgetChargeRow = typeof adBudgetCharges.$inferSelect;
export type AdStatsRow = typeof adCampaignStats.$inferSelect;

export interface BudgetValues {
  maxBidMicros: Micros;
  monthlyBudgetCents: Cents;
  dailyBudgetCents: Cents;
  goalType: AdBudgetRow['goalType'];
  goalValue: string;
  agencyMarkup: number;
}

export interface NewCharge {
  campaignId: number;
  periodStart: string;
  reason: AdBudgetChargeRow['reason'];
  dailyBudgetCents: Cents;
  businessKey: string;
  amountCents: Cents;
  platformCents: Cents;
}

export function createAdCampaignRepository(db: Database) {
  const raise = sql`${adCampaignBudgets.wantedRevision} + 1`;
  return {
    async insertBudget(
      tx: Executor,
      row: BudgetValues & { campaignId: number; systemId: number; clientId: number; clickUrl: string },
    ): Promise<void> {
      await tx.insert(adCampaignBudgets).values(row);
    },

    async budget(campaignId: number, tx: Executor = db): Promise<AdBudgetRow | null> {
      const [row] = await tx
        .select()
        .from(adCampaignBudgets)
        .where(eq(adCampaignBudgets.campaignId, campaignId));
      return row ?? null;
    },

    async budgets(campaignIds: readonly number[]): Promise<AdBudgetRow[]> {
      if (campaignIds.length === 0) return [];
      return db
        .select()
        .from(adCampaignBudgets)
        .where(inArray(adCampaignBudgets.campaignId, [...campaignIds]));
    },

    /** A change the platform must see: the values given, and the revision raised. */
    async updateBudget(
      campaignId: number,
      values: Partial<BudgetValues & { clickUrl: string; anchorDate: string }>,
      tx: Executor = db,
    ): Promise<void> {
      await tx
        .update(adCampaignBudgets)
        .set({ ...values, wantedRevision: raise, nextSyncAt: sql`now()`, updatedAt: sql`now()` })
        .where(eq(adCampaignBudgets.campaignId, campaignId));
    },

    /** The anchor of the budget periods, set by the first activation only. */
    async anchor(campaignId: number, day: string, tx: Executor = db): Promise<string> {
      await tx
        .update(adCampaignBudgets)
        .set({ anchorDate: day, wantedRevision: raise, nextSyncAt: sql`now()` })
        .where(
          and(eq(adCampaignBudgets.campaignId, campaignId), sql`${adCampaignBudgets.anchorDate} is null`),
        );
      const [row] = await tx
        .select({ anchorDate: adCampaignBudgets.anchorDate })
        .from(adCampaignBudgets)
        .where(eq(adCampaignBudgets.campaignId, campaignId));
      return row?.anchorDate ?? day;
    },

    /** Claims a charge: the row, or the one already claimed for the same campaign × period × reason. */
    async claimCharge(charge: NewCharge): Promise<AdBudgetChargeRow> {
      const [made] = await db.insert(adBudgetCharges).values(charge).onConflictDoNothing().returning();
      if (made) return made;
      const [found] = await db
        .select()
        .from(adBudgetCharges)
        .where(eq(adBudgetCharges.businessKey, charge.businessKey));
      if (!found) throw new Error(`budget charge ${charge.businessKey} neither made nor found`);
      return found;
    },

    async charge(id: number, tx: Executor = db): Promise<AdBudgetChargeRow | null> {
      const [row] = await tx.select().from(adBudgetCharges).where(eq(adBudgetCharges.id, id));
      return row ?? null;
    },

    /** pending → paid, once: true for the one caller that moved it. */
    async markPaid(id: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(adBudgetCharges)
        .set({ status: 'paid', paidAt: sql`now()`, failure: null })
        .where(and(eq(adBudgetCharges.id, id), sql`${adBudgetCharges.status} <> 'paid'`))
        .returning({ id: adBudgetCharges.id });
      return rows.length > 0;
    },

    async markFailed(id: number, failure: string): Promise<void> {
      await db
        .update(adBudgetCharges)
        .set({ status: 'failed', failure })
        .where(and(eq(adBudgetCharges.id, id), eq(adBudgetCharges.status, 'pending')));
    },

    /** Whether an activation in the period bought its budget (the renewal then has nothing to buy). */
    async activatedIn(campaignId: number, periodStart: string): Promise<boolean> {
      const rows = await db
        .select({ id: adBudgetCharges.id })
        .from(adBudgetCharges)
        .where(
          and(
            eq(adBudgetCharges.campaignId, campaignId),
            eq(adBudgetCharges.periodStart, periodStart),
            eq(adBudgetCharges.reason, 'activation'),
            eq(adBudgetCharges.status, 'paid'),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    async chargesOf(campaignId: number): Promise<AdBudgetChargeRow[]> {
      return db
        .select()
        .from(adBudgetCharges)
        .where(eq(adBudgetCharges.campaignId, campaignId))
        .orderBy(desc(adBudgetCharges.id));
    },

    /** What the period's paid charges bought, at the client's price. */
    async periodBudgets(campaignIds: readonly number[]): Promise<Map<string, Cents>> {
      if (campaignIds.length === 0) return new Map();
      const rows = await db
        .select({
          campaignId: adBudgetCharges.campaignId,
          periodStart: adBudgetCharges.periodStart,
          total: sql<number>`sum(${adBudgetCharges.amountCents})::bigint`,
        })
        .from(adBudgetCharges)
        .where(and(inArray(adBudgetCharges.campaignId, [...campaignIds]), eq(adBudgetCharges.status, 'paid')))
        .groupBy(adBudgetCharges.campaignId, adBudgetCharges.periodStart);
      return new Map(rows.map((r) => [`${r.campaignId}:${r.periodStart}`, centsFromBigInt(BigInt(r.total))]));
    },

    /** Running Simplifi campaigns with an anchor, after `afterId`: the renewal job's pages. */
    async anchoredAfter(afterId: number, limit: number): Promise<AdBudgetRow[]> {
      return db
        .select()
        .from(adCampaignBudgets)
        .where(
          and(
            sql`${adCampaignBudgets.anchorDate} is not null`,
            sql`${adCampaignBudgets.campaignId} > ${afterId}`,
          ),
        )
        .orderBy(asc(adCampaignBudgets.campaignId))
        .limit(limit);
    },

    // ---- platform sync ------------------------------------------------------------------------

    async dueForSync(limit: number): Promise<number[]> {
      const rows = await db
        .select({ id: adCampaignBudgets.campaignId })
        .from(adCampaignBudgets)
        .where(
          and(
            sql`${adCampaignBudgets.syncedRevision} < ${adCampaignBudgets.wantedRevision}`,
            lte(adCampaignBudgets.nextSyncAt, sql`now()`),
          ),
        )
        .orderBy(asc(adCampaignBudgets.nextSyncAt))
        .limit(limit);
      return rows.map((r) => r.id);
    },

    async synced(campaignId: number, revision: number, platformCampaignId: string | null): Promise<void> {
      await db
        .update(adCampaignBudgets)
        .set({
          syncedRevision: sql`greatest(${adCampaignBudgets.syncedRevision}, ${revision})`,
          ...(platformCampaignId ? { platformCampaignId } : {}),
          syncAttempts: 0,
          syncError: null,
        })
        .where(eq(adCampaignBudgets.campaignId, campaignId));
    },

    async syncFailed(campaignId: number, error: string, retryAt: Date): Promise<void> {
      await db
        .update(adCampaignBudgets)
        .set({
          syncAttempts: sql`${adCampaignBudgets.syncAttempts} + 1`,
          syncError: error,
          nextSyncAt: retryAt,
        })
        .where(eq(adCampaignBudgets.campaignId, campaignId));
    },

    /** Asks for a sync (a move the platform must follow). */
    async wantSync(campaignId: number, tx: Executor = db): Promise<void> {
      await tx
        .update(adCampaignBudgets)
        .set({ wantedRevision: raise, nextSyncAt: sql`now()` })
        .where(eq(adCampaignBudgets.campaignId, campaignId));
    },

    // ---- stats --------------------------------------------------------------------------------

    async platformCampaigns(limit: number, pulledBefore: Date): Promise<AdBudgetRow[]> {
      return db
        .select()
        .from(adCampaignBudgets)
        .where(
          and(
            sql`${adCampaignBudgets.platformCampaignId} is not null`,
            sql`coalesce(${adCampaignBudgets.statsPulledAt}, 'epoch') < ${pulledBefore.toISOString()}`,
          ),
        )
        .orderBy(sql`${adCampaignBudgets.statsPulledAt} asc nulls first`)
        .limit(limit);
    },

    async saveStats(rows: (typeof adCampaignStats.$inferInsert)[], tx: Executor = db): Promise<void> {
      for (let i = 0; i < rows.length; i += 500) {
        await tx
          .insert(adCampaignStats)
          .values(rows.slice(i, i + 500))
          .onConflictDoUpdate({
            target: [adCampaignStats.campaignId, adCampaignStats.day, adCampaignStats.adId],
            set: {
              adName: sql`excluded.ad_name`,
              impressions: sql`excluded.impressions`,
              clicks: sql`excluded.clicks`,
              spendCents: sql`excluded.spend_cents`,
              clientSpendCents: sql`excluded.client_spend_cents`,
              pulledAt: sql`now()`,
            },
          });
      }
    },

    async pulled(campaignId: number, at: Date): Promise<void> {
      await db
        .update(adCampaignBudgets)
        .set({ statsPulledAt: at })
        .where(eq(adCampaignBudgets.campaignId, campaignId));
    },

    /** Campaign-total days before `today` whose client spend is not all posted. */
    async unpostedDays(campaignId: number, today: string): Promise<AdStatsRow[]> {
      return db
        .select()
        .from(adCampaignStats)
        .where(
          and(
            eq(adCampaignStats.campaignId, campaignId),
            eq(adCampaignStats.adId, ''),
            lt(adCampaignStats.day, today),
            sql`${adCampaignStats.clientSpendCents} <> ${adCampaignStats.postedSpendCents}`,
          ),
        )
        .orderBy(asc(adCampaignStats.day));
    },

    async markPosted(campaignId: number, day: string, posted: Cents, tx: Executor): Promise<void> {
      await tx
        .update(adCampaignStats)
        .set({ postedSpendCents: posted })
        .where(
          and(
            eq(adCampaignStats.campaignId, campaignId),
            eq(adCampaignStats.day, day),
            eq(adCampaignStats.adId, ''),
          ),
        );
    },

    /** Campaign totals (ad '' rows) per day from `from` to `to`, or all days when no range. */
    async days(campaignId: number, from?: string, to?: string): Promise<AdStatsRow[]> {
      return db
        .select()
        .from(adCampaignStats)
        .where(
          and(
            eq(adCampaignStats.campaignId, campaignId),
            eq(adCampaignStats.adId, ''),
            ...(from ? [gte(adCampaignStats.day, from)] : []),
            ...(to ? [lte(adCampaignStats.day, to)] : []),
          ),
        )
        .orderBy(asc(adCampaignStats.day));
    },

    async adRows(campaignId: number, from: string, to: string): Promise<AdStatsRow[]> {
      return db
        .select()
        .from(adCampaignStats)
        .where(
          and(
            eq(adCampaignStats.campaignId, campaignId),
            sql`${adCampaignStats.adId} <> ''`,
            gte(adCampaignStats.day, from),
            lte(adCampaignStats.day, to),
          ),
        );
    },

    /** Each campaign's totals to date (ad '' rows). */
    async totals(campaignIds: readonly number[]): Promise<
      Map<
        number,
        {
          impressions: number;
          clicks: number;
          spend: Cents;
          clientSpend: Cents;
          since: (day: string) => Cents;
        }
      >
    > {
      const found = new Map();
      if (campaignIds.length === 0) return found;
      const rows = await db
        .select()
        .from(adCampaignStats)
        .where(and(inArray(adCampaignStats.campaignId, [...campaignIds]), eq(adCampaignStats.adId, '')));
      for (const id of campaignIds) {
        const own = rows.filter((r) => r.campaignId === id);
        const sum = (pick: (r: AdStatsRow) => number) => own.reduce((s, r) => s + pick(r), 0);
        found.set(id, {
          impressions: sum((r) => r.impressions),
          clicks: sum((r) => r.clicks),
          spend: sum((r) => r.spendCents) as Cents,
          clientSpend: sum((r) => r.clientSpendCents) as Cents,
          since: (day: string) =>
            own.filter((r) => r.day >= day).reduce((s, r) => s + r.clientSpendCents, 0) as Cents,
        });
      }
      return found;
    },

    /** Client spend today not yet in the ledger (today's figures grow until the day is over). */
    async unpostedSpend(campaignId: number, tx: Executor = db): Promise<Cents> {
      const [row] = await tx
        .select({
          total: sql<number>`coalesce(sum(${adCampaignStats.clientSpendCents} - ${adCampaignStats.postedSpendCents}), 0)::bigint`,
        })
        .from(adCampaignStats)
        .where(and(eq(adCampaignStats.campaignId, campaignId), eq(adCampaignStats.adId, '')));
      return centsFromBigInt(BigInt(row?.total ?? 0));
    },
  };
}

export type AdCampaignRepository = ReturnType<typeof createAdCampaignRepository>;
