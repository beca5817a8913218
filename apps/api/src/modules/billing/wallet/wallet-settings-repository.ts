import type { Cents } from '@app/contracts';
import {
  and,
  asc,
  type Database,
  dataWalletSettings,
  type Executor,
  eq,
  gt,
  isNotNull,
  isNull,
} from '@app/db';

export type WalletSettingsRow = typeof dataWalletSettings.$inferSelect;
export interface WalletSettingsValues {
  amount: Cents;
  customAmount: boolean;
  stopContinual: boolean;
}

/** The SQL of `data_wallet_settings` (decision 0073), bound to the database or a caller's transaction. */
export function createWalletSettingsRepository(db: Database) {
  const first = <T>(rows: T[]): T | null => rows[0] ?? null;
  return {
    get: (companyId: number, tx: Executor = db): Promise<WalletSettingsRow | null> =>
      tx.select().from(dataWalletSettings).where(eq(dataWalletSettings.companyId, companyId)).then(first),

    /** Stores the agency's settings (the first save makes the row); the top-up flag is left as it is. */
    async save(
      row: { companyId: number; systemId: number; at: Date } & WalletSettingsValues,
    ): Promise<WalletSettingsRow> {
      const values = {
        amount: row.amount,
        customAmount: row.customAmount,
        stopContinual: row.stopContinual,
        updatedAt: row.at,
      };
      const [saved] = await db
        .insert(dataWalletSettings)
        .values({ companyId: row.companyId, systemId: row.systemId, ...values })
        .onConflictDoUpdate({ target: dataWalletSettings.companyId, set: values })
        .returning();
      if (!saved) throw new Error(`data wallet settings of company ${row.companyId} not stored`);
      return saved;
    },

    /**
     * Flags the automatic top-up as due, in the transaction of the spend that made it so, when
     * continual top-up is on for an amount and it is not flagged already: true when this call
     * flagged it (the one spend that wakes the job, however many cross the line at once).
     */
    async flagTopUpDue(companyId: number, at: Date, tx: Executor): Promise<boolean> {
      const rows = await tx
        .update(dataWalletSettings)
        .set({ topupDueAt: at })
        .where(
          and(
            eq(dataWalletSettings.companyId, companyId),
            isNull(dataWalletSettings.topupDueAt),
            eq(dataWalletSettings.stopContinual, false),
            gt(dataWalletSettings.amount, 0 as Cents),
          ),
        )
        .returning({ companyId: dataWalletSettings.companyId });
      return rows.length > 0;
    },

    /** Wallets whose automatic top-up is flagged, longest waiting first. */
    due: (limit: number): Promise<WalletSettingsRow[]> =>
      db
        .select()
        .from(dataWalletSettings)
        .where(isNotNull(dataWalletSettings.topupDueAt))
        .orderBy(asc(dataWalletSettings.topupDueAt))
        .limit(limit),

    /**
     * A continual top-up the card refused: continual top-up is stopped (and the flag cleared), so a
     * refusing card is not tried again at every spend; the agency resumes it once its card is fixed.
     */
    async stopAfterRefusal(companyId: number, at: Date): Promise<void> {
      await db
        .update(dataWalletSettings)
        .set({ stopContinual: true, topupDueAt: null, updatedAt: at })
        .where(eq(dataWalletSettings.companyId, companyId));
    },

    /** Clears the flag the job read (a flag set again since then stays for the next run). */
    async clearTopUpDue(companyId: number, seen: Date): Promise<void> {
      await db
        .update(dataWalletSettings)
        .set({ topupDueAt: null })
        .where(and(eq(dataWalletSettings.companyId, companyId), eq(dataWalletSettings.topupDueAt, seen)));
    },
  };
}

export type WalletSettingsRepository = ReturnType<typeof createWalletSettingsRepository>;
