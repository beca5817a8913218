import { and, companies, companyBranding, type Database, eq, files, firstRow, ne, users } from '@app/db';
import { createCompanyReads } from '../tenancy/index.js';

/** SQL of the profile screens: a user's own row, their company, stored pictures and logos. */
export function createProfileRepository(db: Database) {
  const reads = createCompanyReads(db);
  return {
    findCompany: reads.company,
    connectedAccountOf: reads.connectedAccount,
    paymentCardOf: reads.paymentCard,
    brandingOf: reads.branding,
    shownBrandingOf: reads.shownBranding,
    async findUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },
    /** The other account of the system that holds an address, if any. */
    async emailHolder(systemId: number, email: string, userId: number): Promise<number | undefined> {
      const [row] = await db
        .select({ id: users.id })
        .from(users)
        .where(and(eq(users.systemId, systemId), eq(users.email, email), ne(users.id, userId)))
        .limit(1);
      return row?.id;
    },
    updateUser: (userId: number, values: Partial<typeof users.$inferInsert>) =>
      db.update(users).set(values).where(eq(users.id, userId)),
    updateCompany: (companyId: number, values: Partial<typeof companies.$inferInsert>) =>
      db.update(companies).set(values).where(eq(companies.id, companyId)),
    async insertFile(values: typeof files.$inferInsert) {
      return firstRow(await db.insert(files).values(values).returning({ id: files.id }), 'file');
    },
    /** Sets a company's logo, starting its own branding from the colours it showed until now. */
    async setLogo(
      companyId: number,
      logoFileId: string,
      inherited: Omit<typeof companyBranding.$inferInsert, 'companyId'>,
    ) {
      await db
        .insert(companyBranding)
        .values({ ...inherited, companyId, logoFileId, faviconFileId: inherited.faviconFileId ?? logoFileId })
        .onConflictDoUpdate({
          target: companyBranding.companyId,
          set: { logoFileId, updatedAt: new Date() },
        });
    },
  };
}

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
