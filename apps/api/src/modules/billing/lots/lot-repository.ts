import {
  and,
  asc,
  type BillingLotKind,
  billingLots,
  type Executor,
  eq,
  inArray,
  isNull,
  lte,
  queryRows,
  sql,
} from '@app/db';

export type LotRow = typeof billingLots.$inferSelect;
export type NewLot = Omit<typeof billingLots.$inferInsert, 'id' | 'createdAt'>;

const ids = (values: readonly number[]) => `{${values.join(',')}}`;

/** The SQL of `billing_lots`, bound to the database or a caller's transaction. */
export function createLotRepository(db: Executor) {
  return {
    /** The lot, or the one its source key opened before (a follow-up run twice opens one lot). */
    async insert(lot: NewLot): Promise<LotRow> {
      const [row] = await db.insert(billingLots).values(lot).onConflictDoNothing().returning();
      if (row) return row;
      const [existing] = await db.select().from(billingLots).where(eq(billingLots.sourceKey, lot.sourceKey));
      if (!existing) throw new Error(`billing lot ${lot.sourceKey} vanished after its insert conflicted`);
      return existing;
    },

    /**
     * The prepaid accounts of these campaigns, their lots locked in campaign and lot order (every
     * claim batch takes them in the same order, so two batches wait for each other, never deadlock).
     */
    async lockPrepaidAccounts(campaignIds: readonly number[]) {
      const rows = await queryRows<{
        campaign_id: number;
        account_id: unknown;
        system_id: number;
        company_id: number;
      }>(
        db,
        sql`select campaign_id, account_id, system_id, company_id from billing_lots
             where kind = 'prepaid' and campaign_id = any(${ids(campaignIds)}::int[])
             order by campaign_id, id
               for update`,
      );
      const accounts = new Map<number, { accountId: number; systemId: number; clientId: number }>();
      for (const r of rows)
        accounts.set(r.campaign_id, {
          accountId: Number(r.account_id),
          systemId: r.system_id,
          clientId: r.company_id,
        });
      return accounts;
    },

    /** The campaigns' prepaid accounts, unlocked (reads). */
    async prepaidAccounts(campaignIds: readonly number[]) {
      if (campaignIds.length === 0) return new Map<number, number>();
      const rows = await db
        .selectDistinct({ campaignId: billingLots.campaignId, accountId: billingLots.accountId })
        .from(billingLots)
        .where(and(eq(billingLots.kind, 'prepaid'), inArray(billingLots.campaignId, [...campaignIds])));
      return new Map(rows.map((r) => [r.campaignId as number, r.accountId]));
    },

    /** How many prepaid blocks the campaign has bought (its activation's included). */
    async prepaidLotCount(campaignId: number): Promise<number> {
      const rows = await queryRows<{ n: number }>(
        db,
        sql`select count(*)::int as n from billing_lots where kind = 'prepaid' and campaign_id = ${campaignId}`,
      );
      return rows[0]?.n ?? 0;
    },

    /** Every campaign that has bought prepaid leads, in id order after `afterId`. */
    async prepaidCampaignsAfter(afterId: number, limit: number): Promise<number[]> {
      const rows = await queryRows<{ campaign_id: number }>(
        db,
        sql`select distinct campaign_id from billing_lots
             where kind = 'prepaid' and campaign_id > ${afterId} order by campaign_id limit ${limit}`,
      );
      return rows.map((r) => r.campaign_id);
    },

    /**
     * An agency's wallet lots, locked until the caller's transaction ends, oldest first: every spend
     * and every expiry of the wallet takes them in this order, so they wait for each other and a
     * balance read after the lock cannot be spent twice. Lapsed lots are locked too (the same set,
     * whatever each one's state).
     */
    // Read through Drizzle, not raw SQL: node-postgres hands raw bigints over as text.
    lockWalletLots: (accountId: number) =>
      db
        .select({
          id: billingLots.id,
          quantity: billingLots.quantity,
          bought_at: billingLots.boughtAt,
          expires_at: billingLots.expiresAt,
          lapsed_at: billingLots.lapsedAt,
        })
        .from(billingLots)
        .where(and(eq(billingLots.accountId, accountId), eq(billingLots.kind, 'wallet')))
        .orderBy(asc(billingLots.boughtAt), asc(billingLots.id))
        .for('update'),

    /** How many purchases the account has had (lapsed ones too): the n of its next purchase is this + 1. */
    async countOf(accountId: number, kind: BillingLotKind): Promise<number> {
      const [row] = await db
        .select({ n: sql<number>`count(*)::int` })
        .from(billingLots)
        .where(
          and(
            eq(billingLots.accountId, accountId),
            eq(billingLots.kind, kind),
            eq(billingLots.origin, 'purchase'),
          ),
        );
      return row?.n ?? 0;
    },

    /** Wallet accounts with a lot past its expiry whose lapse is not posted yet, oldest expiry first. */
    async walletAccountsToLapse(now: Date, limit: number) {
      const rows = await db
        .select({
          accountId: billingLots.accountId,
          systemId: billingLots.systemId,
          companyId: billingLots.companyId,
          first: sql<Date>`min(${billingLots.expiresAt})`,
        })
        .from(billingLots)
        .where(
          and(eq(billingLots.kind, 'wallet'), isNull(billingLots.lapsedAt), lte(billingLots.expiresAt, now)),
        )
        .groupBy(billingLots.accountId, billingLots.systemId, billingLots.companyId)
        .orderBy(sql`min(${billingLots.expiresAt})`)
        .limit(limit);
      return rows.map(({ accountId, systemId, companyId }) => ({ accountId, systemId, companyId }));
    },

    /** Marks lots as lapsed (their expiry posted); only those not marked yet. */
    async markLapsed(ids: readonly number[], at: Date): Promise<void> {
      if (ids.length === 0) return;
      await db
        .update(billingLots)
        .set({ lapsedAt: at })
        .where(and(inArray(billingLots.id, [...ids]), isNull(billingLots.lapsedAt)));
    },

    lotsOf: (accountId: number, kind: BillingLotKind) =>
      db
        .select()
        .from(billingLots)
        .where(and(eq(billingLots.accountId, accountId), eq(billingLots.kind, kind)))
        .orderBy(asc(billingLots.boughtAt), asc(billingLots.id)),
  };
}

export type LotRepository = ReturnType<typeof createLotRepository>;
