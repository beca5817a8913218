import type { Cents } from '@app/contracts';
import { and, asc, couponRedemptions, coupons, type Database, eq, inArray, sql } from '@app/db';

export type CouponRow = typeof coupons.$inferSelect;
export type NewCoupon = Omit<typeof coupons.$inferInsert, 'id' | 'createdAt' | 'disabledAt'>;

const HOLDING = ['reserved', 'redeemed'] as const;

/** The SQL of coupons and their redemptions (decision 0032). */
export function createCouponRepository(db: Database) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  const usedCount = async (couponId: number, tx: Pick<Database, 'select'> = db): Promise<number> => {
    const [row] = await tx
      .select({ n: sql<number>`count(*)::int` })
      .from(couponRedemptions)
      .where(and(eq(couponRedemptions.couponId, couponId), inArray(couponRedemptions.status, [...HOLDING])));
    return row?.n ?? 0;
  };
  return {
    byCode: (systemId: number, code: string) =>
      db
        .select()
        .from(coupons)
        .where(and(eq(coupons.systemId, systemId), eq(coupons.code, code.trim().toUpperCase())))
        .then(first),

    byId: (systemId: number, id: number) =>
      db
        .select()
        .from(coupons)
        .where(and(eq(coupons.systemId, systemId), eq(coupons.id, id)))
        .then(first),

    usedCount,

    /** A system's coupons with how often each was used, newest first. */
    async list(systemId: number) {
      const rows = await db
        .select({
          coupon: coupons,
          // The outer row named in full: Drizzle writes a lone column unqualified ("id"), which inside
          // this subquery would be the redemption's own id.
          used: sql<number>`(select count(*) from ${couponRedemptions} r where r.coupon_id = "coupons"."id" and r.status in ('reserved', 'redeemed'))::int`,
        })
        .from(coupons)
        .where(eq(coupons.systemId, systemId))
        .orderBy(asc(coupons.code));
      return rows.map((r) => ({ ...r.coupon, used: r.used }));
    },

    /** null when the code exists in the system already. */
    async create(coupon: NewCoupon): Promise<CouponRow | null> {
      return first(await db.insert(coupons).values(coupon).onConflictDoNothing().returning());
    },

    async disable(id: number): Promise<CouponRow | null> {
      return first(
        await db
          .update(coupons)
          .set({ disabledAt: sql`coalesce(${coupons.disabledAt}, now())` })
          .where(eq(coupons.id, id))
          .returning(),
      );
    },

    /**
     * Holds one use of the coupon for a payment operation: under a lock of the coupon's row, so two
     * agencies cannot both take its last use; `check` runs again with the count seen under the lock.
     * The same business key again returns its existing redemption.
     */
    async reserve<R extends { ok: boolean }>(input: {
      couponId: number;
      companyId: number;
      businessKey: string;
      check: (used: number) => R & ({ ok: true; discount: Cents } | { ok: false });
    }): Promise<R | { ok: true; existing: true }> {
      return db.transaction(async (tx) => {
        await tx.execute(sql`select id from coupons where id = ${input.couponId} for update`);
        const existing = first(
          await tx
            .select()
            .from(couponRedemptions)
            .where(eq(couponRedemptions.businessKey, input.businessKey)),
        );
        if (existing) return { ok: true as const, existing: true as const };
        const outcome = input.check(await usedCount(input.couponId, tx));
        if (!outcome.ok) return outcome;
        await tx.insert(couponRedemptions).values({
          couponId: input.couponId,
          companyId: input.companyId,
          businessKey: input.businessKey,
          discountCents: (outcome as { discount: Cents }).discount,
        });
        return outcome;
      });
    },

    /** The charge behind a reservation succeeded (redeemed) or failed (released); once. */
    settle: (businessKey: string, status: 'redeemed' | 'released', tx: Pick<Database, 'update'> = db) =>
      tx
        .update(couponRedemptions)
        .set({ status, settledAt: new Date() })
        .where(and(eq(couponRedemptions.businessKey, businessKey), eq(couponRedemptions.status, 'reserved'))),

    redemptionOf: (businessKey: string) =>
      db
        .select({ redemption: couponRedemptions, code: coupons.code })
        .from(couponRedemptions)
        .innerJoin(coupons, eq(coupons.id, couponRedemptions.couponId))
        .where(eq(couponRedemptions.businessKey, businessKey))
        .then(first),
  };
}

export type CouponRepository = ReturnType<typeof createCouponRepository>;
