import { companies, companyBranding, type Database, emailHolder, eq, files, firstRow, users } from '@app/db';
import { createCompanyReads } from '../tenancy/index.js';

/** SQL of the profile screens: a user's own row, their company, stored pictures and logos. */
export function createProfileRepository(db: Database) {
  const reads = createCompanyReads(db);
  return {
    findCompany: reads.company,
    connectedAccountOf: reads.connectedAccount,
    paymentCardOf: reads.paymentCard,
    onboardingSettingOf: reads.onboardingSetting,
    brandingOf: reads.branding,
    shownBrandingOf: reads.shownBranding,
    async findUser(userId: number) {
      const [row] = await db.select().from(users).where(eq(users.id, userId));
      return row;
    },
    /** The other live account of the system that holds an address, if any. */
    emailHolder: (systemId: number, email: string, userId: number) =>
      emailHolder(db, systemId, email, userId),
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
