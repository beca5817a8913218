import type { DomainStatus } from '@app/contracts';
import { and, companies, type Database, eq, ne, queryRows, sql, systems } from '@app/db';

/** True when a database error is a unique-index violation (PostgreSQL and PGlite alike). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } } | null;
  return e?.code === '23505' || e?.cause?.code === '23505';
}

/** The certificate state a newly set (or cleared) custom domain starts in. */
export function freshDomainState(customDomain: string | null) {
  const domainStatus: DomainStatus = customDomain ? 'pending' : 'none';
  return { customDomain, domainStatus, domainError: null, domainCheckedAt: null };
}

/** The only SQL of subdomains, custom domains and their certificate status. */
export function createDomainSettingsRepository(db: Database) {
  return {
    async systemDomain(systemId: number): Promise<string | undefined> {
      const [row] = await db.select({ domain: systems.domain }).from(systems).where(eq(systems.id, systemId));
      return row?.domain;
    },

    async allSystemDomains(): Promise<string[]> {
      return (await db.select({ domain: systems.domain }).from(systems)).map((r) => r.domain);
    },

    /** Another company of the system (deleted ones too: the unique index counts them) has the subdomain. */
    async subdomainTaken(systemId: number, subdomain: string, exceptCompanyId: number): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(
          and(
            eq(companies.systemId, systemId),
            eq(companies.subdomain, subdomain),
            ne(companies.id, exceptCompanyId),
          ),
        )
        .limit(1);
      return rows.length > 0;
    },

    /** A system's own domain or a company's custom domain is exactly `host`. */
    async hostInUse(host: string, exceptCompanyId: number): Promise<boolean> {
      const rows = await queryRows<unknown>(
        db,
        sql`
        select 1 from systems where domain = ${host}
        union all
        select 1 from companies where custom_domain = ${host} and id <> ${exceptCompanyId}
        limit 1`,
      );
      return rows.length > 0;
    },

    async setSubdomain(companyId: number, subdomain: string) {
      await db.update(companies).set({ subdomain }).where(eq(companies.id, companyId));
    },

    /** Another company anywhere in the deployment (deleted ones too: the unique index counts them) uses it. */
    async customDomainTaken(domain: string, exceptCompanyId: number): Promise<boolean> {
      const rows = await db
        .select({ id: companies.id })
        .from(companies)
        .where(and(eq(companies.customDomain, domain), ne(companies.id, exceptCompanyId)))
        .limit(1);
      return rows.length > 0;
    },

    async saveCustomDomain(
      companyId: number,
      values: { customDomain: string | null; isWhitelabeling?: boolean; restartCertificate: boolean },
    ) {
      await db
        .update(companies)
        .set({
          customDomain: values.customDomain,
          ...(values.isWhitelabeling === undefined ? {} : { isWhitelabeling: values.isWhitelabeling }),
          ...(values.restartCertificate ? freshDomainState(values.customDomain) : {}),
        })
        .where(eq(companies.id, companyId));
    },

    async markPending(companyId: number) {
      await db
        .update(companies)
        .set({ domainStatus: 'pending', domainError: null })
        .where(eq(companies.id, companyId));
    },

    /** The custom domain and the platform host a certificate job works on (null: company gone). */
    async certificateTarget(companyId: number) {
      const [row] = await db
        .select({
          customDomain: companies.customDomain,
          deletedAt: companies.deletedAt,
          systemDomain: systems.domain,
        })
        .from(companies)
        .innerJoin(systems, eq(systems.id, companies.systemId))
        .where(eq(companies.id, companyId));
      return row && !row.deletedAt ? row : null;
    },

    /** Records an attempt, unless the company changed its domain meanwhile (answers whether it did). */
    async recordCertificate(
      companyId: number,
      domain: string,
      status: Exclude<DomainStatus, 'none'>,
      error: string | null,
    ): Promise<boolean> {
      const updated = await db
        .update(companies)
        .set({ domainStatus: status, domainError: error, domainCheckedAt: new Date() })
        .where(and(eq(companies.id, companyId), eq(companies.customDomain, domain)))
        .returning({ id: companies.id });
      return updated.length > 0;
    },
  };
}

export type DomainSettingsRepository = ReturnType<typeof createDomainSettingsRepository>;
