import { and, asc, type Database, eq, isNull, queryRows, sql, systems, users } from '@app/db';
import { createCompanyReads } from '../tenancy/index.js';

export interface HostOwner {
  systemId: number;
  companyId: number;
  /** True when the host is an agency's subdomain or custom domain. */
  isAgency: boolean;
}

export interface CompanyHosts {
  systemDomain: string;
  agencySubdomain: string | null;
  agencyCustomDomain: string | null;
  /** The custom domain's certificate is active (verified), so links may use it. */
  customDomainActive: boolean;
}

/** SQL for resolving hosts to their owners and reading what the domain info shows. */
export function createDomainRepository(db: Database) {
  const reads = createCompanyReads(db);
  return {
    getSystem: reads.system,
    getCompany: reads.company,
    getBranding: reads.branding,
    getModules: reads.modules,
    getPaymentTerms: reads.paymentTerms,
    getConnectedAccount: reads.connectedAccount,
    /**
     * The owner of a host, in priority order: a system's own domain, an agency's custom domain,
     * an agency subdomain below its system's domain. Null when nobody owns the host.
     */
    async findHostOwner(host: string): Promise<HostOwner | null> {
      const dot = host.indexOf('.');
      const label = dot > 0 ? host.slice(0, dot) : host;
      const parent = dot > 0 ? host.slice(dot + 1) : '';
      const rows = await queryRows<{ system_id: number; company_id: number; is_agency: boolean }>(
        db,
        sql`
        select system_id, company_id, is_agency from (
          select 1 as rank, s.id as system_id, s.root_company_id as company_id, false as is_agency
            from systems s where s.domain = ${host} and s.root_company_id is not null
          union all
          select 2, c.system_id, c.id, true
            from companies c where c.custom_domain = ${host} and c.kind = 'agency' and c.deleted_at is null
          union all
          select 3, c.system_id, c.id, true
            from companies c join systems s on s.id = c.system_id
           where c.subdomain = ${label} and s.domain = ${parent} and c.kind = 'agency' and c.deleted_at is null
        ) owners order by rank limit 1`,
      );
      const row = rows[0];
      return row ? { systemId: row.system_id, companyId: row.company_id, isAgency: row.is_agency } : null;
    },

    /**
     * The hosts a company's people are served on: its system's domain and, for an agency or a client
     * of one, the agency's subdomain and custom domain with its certificate status. Undefined when the
     * company does not exist.
     */
    async findCompanyHosts(companyId: number): Promise<CompanyHosts | undefined> {
      const rows = await queryRows<{
        system_domain: string;
        subdomain: string | null;
        custom_domain: string | null;
        domain_status: string | null;
      }>(
        db,
        sql`
        select s.domain as system_domain, a.subdomain, a.custom_domain, a.domain_status
          from companies c
          join systems s on s.id = c.system_id
          left join companies a
            on a.id = case c.kind when 'agency' then c.id when 'client' then c.parent_id end
           and a.kind = 'agency' and a.deleted_at is null
         where c.id = ${companyId}`,
      );
      const row = rows[0];
      return row
        ? {
            systemDomain: row.system_domain,
            agencySubdomain: row.subdomain,
            agencyCustomDomain: row.custom_domain,
            customDomainActive: row.domain_status === 'active',
          }
        : undefined;
    },

    async findMasterOwner(): Promise<HostOwner | null> {
      const [row] = await db
        .select({ systemId: systems.id, companyId: systems.rootCompanyId })
        .from(systems)
        .where(eq(systems.isMaster, true));
      return row?.companyId ? { systemId: row.systemId, companyId: row.companyId, isAgency: false } : null;
    },

    async getMasterSystemId(): Promise<number | undefined> {
      const [row] = await db.select({ id: systems.id }).from(systems).where(eq(systems.isMaster, true));
      return row?.id;
    },

    /** The system user who represents the root company (first by id). */
    async getRootUser(rootCompanyId: number) {
      const [row] = await db
        .select({ name: users.name, email: users.email, address: users.address })
        .from(users)
        .where(and(eq(users.companyId, rootCompanyId), eq(users.isSystemUser, true), isNull(users.deletedAt)))
        .orderBy(asc(users.id))
        .limit(1);
      return row;
    },
  };
}

export type DomainRepository = ReturnType<typeof createDomainRepository>;
