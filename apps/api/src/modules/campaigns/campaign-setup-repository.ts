import { and, asc, campaigns, type Database, eq, isNull } from '@app/db';

/** The campaigns of a client still waiting for the client's setup (`statuscomplete` F, not removed). */
export function createCampaignSetupRepository(db: Database) {
  return {
    async awaitingSetup(clientId: number): Promise<number[]> {
      const rows = await db
        .select({ id: campaigns.id })
        .from(campaigns)
        .where(
          and(
            eq(campaigns.clientId, clientId),
            eq(campaigns.setupComplete, false),
            isNull(campaigns.removedAt),
          ),
        )
        .orderBy(asc(campaigns.id));
      return rows.map((r) => r.id);
    },
  };
}
