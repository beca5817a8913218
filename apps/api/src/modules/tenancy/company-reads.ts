import { DEFAULT_BRANDING, type FontTheme } from '@app/contracts';
import {
  and,
  companies,
  companyBranding,
  companyModules,
  companyPaymentTerms,
  type Database,
  eq,
  inArray,
  isNull,
  onboardingSettings,
  paymentAccounts,
  paymentCards,
  systems,
} from '@app/db';

/**
 * Reads of one company's rows and settings, shared by every module that shows a company
 * (domain info, session user, role response, profile). Only reads; writes stay in their modules.
 */
export function createCompanyReads(db: Database) {
  const one = async <T>(rows: Promise<T[]>) => (await rows)[0];
  const branding = (companyId: number) =>
    one(db.select().from(companyBranding).where(eq(companyBranding.companyId, companyId)));
  /** The branding row a company inherits: its parent's (an agency's), else its system's root company's. */
  const inheritedBranding = async (company: TreePlace) =>
    (company.parentId ? await branding(company.parentId) : undefined) ??
    (company.rootId !== company.id ? await branding(company.rootId) : undefined);
  return {
    company: (companyId: number) => one(db.select().from(companies).where(eq(companies.id, companyId))),
    /** Live (not deleted) companies' names, by id. */
    async liveNames(ids: readonly number[]): Promise<Map<number, string>> {
      if (ids.length === 0) return new Map();
      const rows = await db
        .select({ id: companies.id, name: companies.name })
        .from(companies)
        .where(and(inArray(companies.id, [...ids]), isNull(companies.deletedAt)));
      return new Map(rows.map((r) => [r.id, r.name]));
    },
    system: (systemId: number) => one(db.select().from(systems).where(eq(systems.id, systemId))),
    branding,
    modules: (companyId: number) =>
      db.select().from(companyModules).where(eq(companyModules.companyId, companyId)),
    /** The payment terms a company offers (enabled rows only). */
    paymentTerms: (companyId: number) =>
      db
        .select()
        .from(companyPaymentTerms)
        .where(and(eq(companyPaymentTerms.companyId, companyId), eq(companyPaymentTerms.enabled, true))),
    /** A company's own onboarding-charge setting (`@app/pricing` `onboardingPrice` layers them). */
    onboardingSetting: (companyId: number) =>
      one(db.select().from(onboardingSettings).where(eq(onboardingSettings.companyId, companyId))),
    /** An agency's live connected payment account (decision 0033), if it started connecting one. */
    connectedAccount: (companyId: number) =>
      one(
        db
          .select()
          .from(paymentAccounts)
          .where(and(eq(paymentAccounts.companyId, companyId), isNull(paymentAccounts.detachedAt))),
      ),
    /** A sales person's live connected payment account (where commissions are paid). */
    personalAccount: (userId: number) =>
      one(
        db
          .select()
          .from(paymentAccounts)
          .where(and(eq(paymentAccounts.userId, userId), isNull(paymentAccounts.detachedAt))),
      ),
    inheritedBranding,
    /** The branding row a company shows today: its own, else the one it inherits. */
    shownBranding: async (company: TreePlace) =>
      (await branding(company.id)) ?? (await inheritedBranding(company)),
    /**
     * The card that pays for a person's company: its current card (decision 0032), whoever of the
     * company saved it. An administrator an agency adds works on the agency's card; asking each of
     * them for a card of their own would make them pay for the agency. No card row, no card: the
     * guards, Card Setting and the lists all read this one fact (decision 0066).
     */
    async paymentCard(person: { companyId: number }) {
      const current = await one(
        db
          .select({ id: paymentCards.paymentMethodId })
          .from(paymentCards)
          .where(and(eq(paymentCards.companyId, person.companyId), isNull(paymentCards.replacedAt))),
      );
      return current?.id ?? null;
    },
  };
}

export type CompanyReads = ReturnType<typeof createCompanyReads>;

/** Where a company sits in its tree. */
type TreePlace = { id: number; parentId: number | null; rootId: number };

/** The colours and font of a branding row (no images, no display name). */
export type BrandingColours = Omit<
  typeof companyBranding.$inferSelect,
  'companyId' | 'updatedAt' | 'logoFileId' | 'faviconFileId'
>;

/** The colours (and font) a new branding row starts from: those of `from`, else the product defaults. */
export function inheritedColours(from: Partial<BrandingColours> | undefined): BrandingColours {
  return {
    displayName: null,
    sidebarBgcolor: from?.sidebarBgcolor ?? DEFAULT_BRANDING.sidebar_bgcolor,
    templateBgcolor: from?.templateBgcolor ?? DEFAULT_BRANDING.template_bgcolor,
    boxBgcolor: from?.boxBgcolor ?? DEFAULT_BRANDING.box_bgcolor,
    textColor: from?.textColor ?? DEFAULT_BRANDING.text_color,
    linkColor: from?.linkColor ?? DEFAULT_BRANDING.link_color,
    fontTheme: from?.fontTheme ?? DEFAULT_BRANDING.font_theme,
  };
}

/** A stored branding row's look in the wire's names, with the product's defaults where none is stored. */
export function brandingLookOf(row: typeof companyBranding.$inferSelect | undefined) {
  return {
    sidebar_bgcolor: row?.sidebarBgcolor ?? DEFAULT_BRANDING.sidebar_bgcolor,
    template_bgcolor: row?.templateBgcolor ?? DEFAULT_BRANDING.template_bgcolor,
    box_bgcolor: row?.boxBgcolor ?? DEFAULT_BRANDING.box_bgcolor,
    text_color: row?.textColor ?? DEFAULT_BRANDING.text_color,
    link_color: row?.linkColor ?? DEFAULT_BRANDING.link_color,
    font_theme: (row?.fontTheme ?? DEFAULT_BRANDING.font_theme) as FontTheme,
  };
}
