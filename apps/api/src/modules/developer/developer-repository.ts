import { type Cents, centsFromBigInt } from '@app/contracts';
import {
  and,
  apiKeys,
  apiRequestLog,
  type Database,
  desc,
  developerSettings,
  eq,
  isNull,
  sql,
} from '@app/db';

export type ApiKeyRow = typeof apiKeys.$inferSelect;
export type NewApiKey = typeof apiKeys.$inferInsert;

/** The Developer API's rows: keys, the call log and the systems' developer fee (decision 0100). */
export function createDeveloperRepository(db: Database) {
  return {
    /** The company's live key (at most one: making or rotating one revokes the one before). */
    async liveKey(companyId: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db
        .select()
        .from(apiKeys)
        .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
        .orderBy(desc(apiKeys.id))
        .limit(1);
      return row;
    },

    async keyByClientId(clientId: string): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.clientId, clientId));
      return row;
    },

    async keyById(id: number): Promise<ApiKeyRow | undefined> {
      const [row] = await db.select().from(apiKeys).where(eq(apiKeys.id, id));
      return row;
    },

    /**
     * Revokes the company's live keys and inserts the new one, in one transaction: a company never
     * holds two live keys, and two concurrent makers end with one.
     */
    async replaceKey(key: NewApiKey, revokedByUserId: number, reason: string): Promise<ApiKeyRow> {
      return db.transaction(async (tx) => {
        // One maker at a time per company (a transaction-scoped lock on the company's number).
        await tx.execute(sql`select pg_advisory_xact_lock(7096, ${key.companyId})`);
        const previous = await tx
          .update(apiKeys)
          .set({ revokedAt: sql`now()`, revokedByUserId, revokeReason: reason })
          .where(and(eq(apiKeys.companyId, key.companyId), isNull(apiKeys.revokedAt)))
          .returning({ id: apiKeys.id });
        const [row] = await tx
          .insert(apiKeys)
          .values({ ...key, rotatedFromId: previous[0]?.id ?? null })
          .returning();
        if (!row) throw new Error('api key insert returned nothing');
        return row;
      });
    },

    /** Revokes the company's live keys; answers how many there were. */
    async revokeKeys(companyId: number, byUserId: number | null, reason: string): Promise<number> {
      const rows = await db
        .update(apiKeys)
        .set({ revokedAt: sql`now()`, revokedByUserId: byUserId, revokeReason: reason })
        .where(and(eq(apiKeys.companyId, companyId), isNull(apiKeys.revokedAt)))
        .returning({ id: apiKeys.id });
      return rows.length;
    },

    /** Whether the company has ever had a key (the agency list's API Key Generated). */
    async hasHadKey(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: apiKeys.id })
        .from(apiKeys)
        .where(eq(apiKeys.companyId, companyId))
        .limit(1);
      return row !== undefined;
    },

    async touch(keyId: number): Promise<void> {
      // At most once a minute per key: the column says "recently", not every call.
      await db.execute(sql`update api_keys set last_used_at = now()
        where id = ${keyId} and (last_used_at is null or last_used_at < now() - interval '1 minute')`);
    },

    async logCall(entry: typeof apiRequestLog.$inferInsert): Promise<void> {
      await db.insert(apiRequestLog).values(entry);
    },

    async recentCalls(companyId: number, limit = 20) {
      return db
        .select({
          id: apiRequestLog.id,
          method: apiRequestLog.method,
          route: apiRequestLog.route,
          status: apiRequestLog.status,
          durationMs: apiRequestLog.durationMs,
          at: apiRequestLog.at,
        })
        .from(apiRequestLog)
        .where(eq(apiRequestLog.companyId, companyId))
        .orderBy(desc(apiRequestLog.id))
        .limit(limit);
    },

    async callsOfKey(keyId: number) {
      return db.select().from(apiRequestLog).where(eq(apiRequestLog.keyId, keyId)).orderBy(apiRequestLog.id);
    },

    /** A system's one-time developer fee (0 when it set none). */
    async feeOf(systemId: number): Promise<Cents> {
      const [row] = await db
        .select({ fee: developerSettings.feeCents })
        .from(developerSettings)
        .where(eq(developerSettings.systemId, systemId));
      return centsFromBigInt(row?.fee ?? 0n);
    },

    async setFee(systemId: number, fee: Cents, userId: number): Promise<void> {
      await db
        .insert(developerSettings)
        .values({ systemId, feeCents: BigInt(fee), updatedByUserId: userId })
        .onConflictDoUpdate({
          target: developerSettings.systemId,
          set: { feeCents: BigInt(fee), updatedByUserId: userId, updatedAt: sql`now()` },
        });
    },
  };
}

export type DeveloperRepository = ReturnType<typeof createDeveloperRepository>;
