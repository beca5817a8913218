import type { Cents, ModuleType, PaymentTerm } from '@app/contracts';
import {
  agencyPrices,
  and,
  campaignMinimums,
  companies,
  companyBranding,
  companyModules,
  companySmtp,
  type Database,
  eq,
  files,
  firstRow,
  isNull,
  onboardingSettings,
  systems,
} from '@app/db';
import { type BrandingColours, createCompanyReads } from '../tenancy/index.js';

export type PriceRow = typeof agencyPrices.$inferSelect;
export type BrandingRow = typeof companyBranding.$inferSelect;
export type SmtpRow = typeof companySmtp.$inferSelect;
export type CompanyRow = typeof companies.$inferSelect;
export type CampaignMinimumsRow = typeof campaignMinimums.$inferSelect;
export type CampaignMinimumsValues = Omit<CampaignMinimumsRow, 'systemId' | 'updatedAt'>;

/**
 * The only SQL of general settings: prices, branding, module names, terms, SMTP, onboarding, package,
 * campaign minimums.
 */
export function createSettingsRepository(db: Database) {
  const reads = createCompanyReads(db);
  return {
    company: reads.company,
    system: reads.system,
    branding: reads.branding,
    shownBranding: reads.shownBranding,
    inheritedBranding: reads.inheritedBranding,
    modules: reads.modules,
    paymentTerms: reads.paymentTerms,

    /** True for the root company of the master system: the operator's own settings. */
    async isMasterRootCompany(companyId: number): Promise<boolean> {
      const [row] = await db
        .select({ id: systems.id })
        .from(systems)
        .where(and(eq(systems.rootCompanyId, companyId), eq(systems.isMaster, true)));
      return row !== undefined;
    },

    prices: (companyId: number) =>
      db.select().from(agencyPrices).where(eq(agencyPrices.companyId, companyId)),

    /** Writes the given module × term rows (each complete) in one transaction. */
    async savePrices(companyId: number, rows: Omit<PriceRow, 'companyId'>[]) {
      await db.transaction(async (tx) => {
        for (const row of rows) {
          const values = { ...row, companyId };
          await tx
            .insert(agencyPrices)
            .values(values)
            .onConflictDoUpdate({
              target: [agencyPrices.companyId, agencyPrices.module, agencyPrices.term],
              set: {
                setupFeeCents: row.setupFeeCents,
                platformFeeCents: row.platformFeeCents,
                costPerLeadMicros: row.costPerLeadMicros,
                costPerLeadAdvancedMicros: row.costPerLeadAdvancedMicros,
              },
            });
        }
      });
    },

    /** The system's campaign minimums; undefined when never set (every minimum 0). */
    campaignMinimums: async (systemId: number): Promise<CampaignMinimumsRow | undefined> =>
      (await db.select().from(campaignMinimums).where(eq(campaignMinimums.systemId, systemId)))[0],

    /** Upserts the given minimums; a column left out keeps its value (0 on the first save). */
    async saveCampaignMinimums(systemId: number, values: Partial<CampaignMinimumsValues>) {
      await db
        .insert(campaignMinimums)
        .values({ systemId, ...values })
        .onConflictDoUpdate({
          target: campaignMinimums.systemId,
          set: { ...values, updatedAt: new Date() },
        });
    },

    async saveBranding(companyId: number, values: BrandingColours) {
      await db
        .insert(companyBranding)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: companyBranding.companyId, set: { ...values, updatedAt: new Date() } });
    },

    async deleteBranding(companyId: number) {
      await db.delete(companyBranding).where(eq(companyBranding.companyId, companyId));
    },

    /** Sets (or clears) the logo or favicon, creating the branding row with `colours` when missing. */
    async setBrandingImage(
      companyId: number,
      kind: 'logo' | 'favicon',
      fileId: string | null,
      colours: BrandingColours,
    ) {
      const image = kind === 'logo' ? { logoFileId: fileId } : { faviconFileId: fileId };
      await db
        .insert(companyBranding)
        .values({ companyId, ...colours, ...image })
        .onConflictDoUpdate({ target: companyBranding.companyId, set: { ...image, updatedAt: new Date() } });
    },

    async insertFile(file: typeof files.$inferInsert) {
      return firstRow(await db.insert(files).values(file).returning({ id: files.id }), 'file');
    },

    /** An agency's display name and slug for a module; a module it does not offer stays switched off. */
    async saveModuleNaming(companyId: number, module: ModuleType, displayName: string, slug: string) {
      await db
        .insert(companyModules)
        .values({ companyId, module, enabled: false, displayName, slug })
        .onConflictDoUpdate({
          target: [companyModules.companyId, companyModules.module],
          set: { displayName, slug },
        });
    },

    async clearModuleNaming(companyId: number) {
      await db
        .update(companyModules)
        .set({ displayName: null, slug: null })
        .where(eq(companyModules.companyId, companyId));
    },

    async setDefaultPaymentTerm(companyId: number, term: PaymentTerm | null) {
      await db.update(companies).set({ defaultPaymentTerm: term }).where(eq(companies.id, companyId));
    },

    smtp: async (companyId: number): Promise<SmtpRow | undefined> =>
      (await db.select().from(companySmtp).where(eq(companySmtp.companyId, companyId)))[0],

    async saveSmtp(companyId: number, values: Omit<SmtpRow, 'companyId' | 'updatedAt'>) {
      await db
        .insert(companySmtp)
        .values({ companyId, ...values })
        .onConflictDoUpdate({ target: companySmtp.companyId, set: { ...values, updatedAt: new Date() } });
    },

    async deleteSmtp(companyId: number) {
      await db.delete(companySmtp).where(eq(companySmtp.companyId, companyId));
    },

    onboarding: reads.onboardingSetting,

    async saveOnboarding(companyId: number, amountCents: Cents, enableCoupon: boolean) {
      await db
        .insert(onboardingSettings)
        .values({ companyId, amountCents, enableCoupon })
        .onConflictDoUpdate({ target: onboardingSettings.companyId, set: { amountCents, enableCoupon } });
    },

    async setPackage(companyId: number, packageId: string) {
      await db.update(companies).set({ packageId }).where(eq(companies.id, companyId));
    },

    /** Records the cancellation once; a second call keeps the first moment (`changed` false). */
    async cancelSubscription(companyId: number): Promise<{ at: Date; changed: boolean }> {
      const updated = await db
        .update(companies)
        .set({ subscriptionCancelledAt: new Date() })
        .where(and(eq(companies.id, companyId), isNull(companies.subscriptionCancelledAt)))
        .returning({ at: companies.subscriptionCancelledAt });
      const [row] = await db
        .select({ at: companies.subscriptionCancelledAt })
        .from(companies)
        .where(eq(companies.id, companyId));
      if (!row?.at) throw new Error(`company ${companyId}: cancellation was not recorded`);
      return { at: row.at, changed: updated.length > 0 };
    },
  };
}

export type SettingsRepository = ReturnType<typeof createSettingsRepository>;
