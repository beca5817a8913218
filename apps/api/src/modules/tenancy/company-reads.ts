import {
  and,
  companies,
  companyBranding,
  companyModules,
  companyPaymentTerms,
  connectedAccounts,
  type Database,
  eq,
  systems,
} from '@app/db';

/**
 * Reads of one company's rows and settings, shared by every module that shows a company
 * (domain info, session user, role response, profile). Only reads; writes stay in their modules.
 */
export function createCompanyReads(db: Database) {
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  return {
    company: (companyId: number) => one(db.select().from(companies).where(eq(companies.id, companyId))),
    system: (systemId: number) => one(db.select().from(systems).where(eq(systems.id, systemId))),
    branding: (companyId: number) =>
      one(db.select().from(companyBranding).where(eq(companyBranding.companyId, companyId))),
    modules: (companyId: number) =>
      db.select().from(companyModules).where(eq(companyModules.companyId, companyId)),
    /** The payment terms a company offers (enabled rows only). */
    paymentTerms: (companyId: number) =>
      db
        .select()
        .from(companyPaymentTerms)
        .where(and(eq(companyPaymentTerms.companyId, companyId), eq(companyPaymentTerms.enabled, true))),
    connectedAccount: (companyId: number) =>
      one(db.select().from(connectedAccounts).where(eq(connectedAccounts.companyId, companyId))),
  };
}

export type CompanyReads = ReturnType<typeof createCompanyReads>;
