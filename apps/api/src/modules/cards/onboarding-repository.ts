import { and, companies, couponRedemptions, type Database, type Executor, eq, sql } from '@app/db';

/** The onboarding charge's own SQL: its attempts, the company's charged flag and the janitor's sweep. */
export function createOnboardingRepository(db: Database) {
  return {
    /** How many attempts at this company's onboarding charge failed (each retry needs a new key). */
    async failedAttempts(companyId: number): Promise<number> {
      const prefix = `onboarding:${companyId}`;
      const { rows } = (await db.execute(
        sql`select count(*)::int as n from payment_operations
            where status = 'failed' and (business_key = ${prefix} or business_key like ${`${prefix}:attempt-%`})`,
      )) as unknown as { rows: { n: number }[] };
      return Number(rows[0]?.n ?? 0);
    },

    /** Sets is_onboard_charged once; true only for the call that set it. */
    async markCharged(companyId: number, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(companies)
        .set({ isOnboardCharged: true })
        .where(and(eq(companies.id, companyId), eq(companies.isOnboardCharged, false)))
        .returning({ id: companies.id });
      return rows.length > 0;
    },

    /**
     * What a crash or the janitor left unfinished: onboarding operations that succeeded for companies
     * not yet marked charged, and coupon reservations whose operation failed.
     */
    async unfinished() {
      const { rows: charged } = (await db.execute(
        sql`select o.business_key, o.company_id, o.amount::bigint as amount from payment_operations o
            join companies c on c.id = o.company_id
            where o.status = 'succeeded' and o.cause_kind = 'onboarding_charge' and not c.is_onboard_charged
            order by o.id limit 100`,
      )) as unknown as { rows: { business_key: string; company_id: number; amount: string }[] };
      const { rows: failed } = (await db.execute(
        sql`select r.business_key from ${couponRedemptions} r
            join payment_operations o on o.business_key = r.business_key
            where r.status = 'reserved' and o.status = 'failed' limit 100`,
      )) as unknown as { rows: { business_key: string }[] };
      return {
        charged: charged.map((r) => ({
          businessKey: r.business_key,
          companyId: Number(r.company_id),
        })),
        failedKeys: failed.map((r) => r.business_key),
      };
    },
  };
}

export type OnboardingRepository = ReturnType<typeof createOnboardingRepository>;
