import { DOMAIN_IS_PLATFORM, DOMAIN_TAKEN, SUBDOMAIN_RESERVED, SUBDOMAIN_TAKEN } from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import { domainCertificateJob } from './domain-certificate-job.js';
import {
  type DomainSettingsRepository,
  freshDomainState,
  isUniqueViolation,
} from './domain-settings-repository.js';

/** Host labels kept for the platform itself (mail, name servers, the API, the web app). */
export const RESERVED_SUBDOMAINS: ReadonlySet<string> = new Set([
  'www',
  'api',
  'app',
  'admin',
  'mail',
  'smtp',
  'imap',
  'pop',
  'ftp',
  'cdn',
  'static',
  'assets',
  'status',
  'ns1',
  'ns2',
]);

/** True when `domain` is `platform` or lies below it. */
export const isWithin = (domain: string, platform: string) =>
  domain === platform || domain.endsWith(`.${platform}`);

/** The company fields the host rules read. */
export interface HostedCompany {
  id: number;
  systemId: number;
  name: string;
  subdomain: string | null;
  customDomain: string | null;
}

/** Which payload field a refusal names (`subdomain` on the settings screen, `DownlineSubDomain` in user management). */
export interface HostField {
  field: string;
  /** The company being changed (its own current value is not a conflict). */
  exceptCompanyId?: number;
}

/**
 * The one place where an agency's subdomain and custom domain are checked and changed, for the
 * settings screen and user management alike (decision 0016 §6): subdomains unique per system, not
 * reserved, `{sub}.{system domain}` not already a host; custom domains unique across the deployment
 * and not any system's domain or below it. A new custom domain is `pending` and its certificate job
 * starts; every change refreshes the host cache.
 */
export function createCompanyHosts(deps: {
  repo: DomainSettingsRepository;
  queue: Pick<JobQueue, 'enqueue'>;
  invalidateDomains: () => void;
}) {
  const { repo } = deps;
  const refuse = (message: string, field: string) => badRequest(message, { [field]: message });

  async function checkSubdomain(systemId: number, subdomain: string, at: HostField) {
    if (RESERVED_SUBDOMAINS.has(subdomain)) throw refuse(SUBDOMAIN_RESERVED, at.field);
    const host = `${subdomain}.${(await repo.systemDomain(systemId)) ?? ''}`;
    const except = at.exceptCompanyId ?? 0;
    if ((await repo.subdomainTaken(systemId, subdomain, except)) || (await repo.hostInUse(host, except)))
      throw refuse(SUBDOMAIN_TAKEN, at.field);
  }

  async function checkCustomDomain(domain: string, at: HostField) {
    const platforms = await repo.allSystemDomains();
    if (platforms.some((platform) => isWithin(domain, platform))) throw refuse(DOMAIN_IS_PLATFORM, at.field);
    if (await repo.customDomainTaken(domain, at.exceptCompanyId ?? 0)) throw refuse(DOMAIN_TAKEN, at.field);
  }

  /** A write the unique index refused answers the same text as the check before it (a race). */
  async function orTaken<T>(write: () => Promise<T>, message: string, field: string) {
    try {
      return await write();
    } catch (err) {
      if (isUniqueViolation(err)) throw refuse(message, field);
      throw err;
    }
  }

  const startCertificate = (companyId: number, domain: string) =>
    deps.queue.enqueue(domainCertificateJob, { companyId, domain });

  return {
    checkSubdomain,
    checkCustomDomain,
    startCertificate,

    /** Moves an agency to another subdomain; answers whether anything changed. */
    async changeSubdomain(company: HostedCompany, subdomain: string, field: string): Promise<boolean> {
      if (subdomain === company.subdomain) return false;
      await checkSubdomain(company.systemId, subdomain, { field, exceptCompanyId: company.id });
      await orTaken(() => repo.setSubdomain(company.id, subdomain), SUBDOMAIN_TAKEN, field);
      deps.invalidateDomains();
      return true;
    },

    /**
     * Sets (or with null clears) an agency's custom domain, with white-labelling when given; a new
     * domain starts its certificate. Answers whether the domain changed.
     */
    async changeCustomDomain(
      company: HostedCompany,
      domain: string | null,
      options: { field: string; isWhitelabeling?: boolean },
    ): Promise<boolean> {
      const changed = domain !== company.customDomain;
      if (changed && domain) await checkCustomDomain(domain, { ...options, exceptCompanyId: company.id });
      await orTaken(
        () =>
          repo.saveCustomDomain(company.id, {
            customDomain: domain,
            isWhitelabeling: options.isWhitelabeling,
            restartCertificate: changed,
          }),
        DOMAIN_TAKEN,
        options.field,
      );
      if (changed && domain) await startCertificate(company.id, domain);
      deps.invalidateDomains();
      return changed;
    },

    /**
     * Checks the hosts of an agency about to be created and answers the company columns to store
     * with it; call `agencyCreated` once it is stored.
     */
    async newAgencyHosts(
      systemId: number,
      hosts: { subdomain: string | null; customDomain: string | null },
      fields: { subdomain: string; customDomain: string },
    ) {
      if (hosts.subdomain) await checkSubdomain(systemId, hosts.subdomain, { field: fields.subdomain });
      if (hosts.customDomain) await checkCustomDomain(hosts.customDomain, { field: fields.customDomain });
      return { subdomain: hosts.subdomain, ...freshDomainState(hosts.customDomain) };
    },

    /** A new agency was stored with hosts from `newAgencyHosts`: its certificate starts, hosts refresh. */
    async agencyCreated(companyId: number, customDomain: string | null) {
      if (customDomain) await startCertificate(companyId, customDomain);
      deps.invalidateDomains();
    },

    /** An agency's hosts were freed (the agency was removed): the host cache forgets them. */
    hostsReleased() {
      deps.invalidateDomains();
    },
  };
}

export type CompanyHosts = ReturnType<typeof createCompanyHosts>;
