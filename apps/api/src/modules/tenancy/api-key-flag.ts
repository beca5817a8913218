import { companies, type Database, eq } from '@app/db';

/**
 * The company's "API key generated" fact (`companies.api_key_generated_at`), which the agency list's
 * API status colour and filter read: set while the company holds a live Open API key, cleared when
 * it holds none (decision 0100). Written by the Developer API through this face.
 */
export function createApiKeyFlag(db: Database) {
  return {
    async set(companyId: number, generatedAt: Date | null): Promise<void> {
      await db.update(companies).set({ apiKeyGeneratedAt: generatedAt }).where(eq(companies.id, companyId));
    },
  };
}

export type ApiKeyFlag = ReturnType<typeof createApiKeyFlag>;
