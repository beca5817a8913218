import {
  DOMAIN_NOT_THE_COMPANYS,
  DOMAIN_REMOVED,
  DOMAIN_RETRY_STARTED,
  DOMAIN_SAVED,
  SUBDOMAIN_UPDATED,
  type WhitelabelDomain,
} from '@app/contracts';
import { badRequest } from '../../http-errors.js';
import type { HostResolver } from '../../providers/outbound/safe-resolve.js';
import { type AuditLog, settingsEvent } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import type { CompanyHosts } from './company-hosts.js';
import type { DomainSettingsRepository } from './domain-settings-repository.js';
import { loadCompany, requireKind } from './settings-access.js';
import type { CompanyRow } from './settings-repository.js';

export const AGENCIES_ONLY_DOMAINS = 'Only agencies have their own subdomain and custom domain.';

/**
 * Subdomains, custom (white-label) domains and their certificates (spec 2 §7) on the settings
 * screen. The rules and side effects of a change live in `company-hosts.ts` (shared with user
 * management); this adds the screen's answers and user logs. The status is tracked (none,
 * pending, active, failed, when last checked and why it failed).
 */
export function createDomainSettingsService(deps: {
  repo: DomainSettingsRepository;
  hosts: CompanyHosts;
  company: (id: number) => Promise<CompanyRow | undefined>;
  audit: AuditLog;
  invalidateDomains: () => void;
  resolver: HostResolver;
}) {
  const { repo, hosts } = deps;

  async function agency(companyId: number) {
    const company = await loadCompany(deps.company, companyId);
    requireKind(company, ['agency'], AGENCIES_ONLY_DOMAINS);
    return company;
  }

  return {
    async updateSubdomain(p: Principal, companyId: number, subdomain: string, ip: string) {
      const company = await agency(companyId);
      const systemDomain = (await repo.systemDomain(company.systemId)) ?? '';
      if (await hosts.changeSubdomain(company, subdomain, 'subdomain')) {
        await deps.audit.record(
          settingsEvent(
            p,
            company.id,
            'subdomain_updated',
            `Changed the subdomain of ${company.name} from ${company.subdomain ?? 'none'} to ${subdomain}`,
            ip,
          ),
        );
      }
      return {
        result: 'success' as const,
        message: SUBDOMAIN_UPDATED,
        subdomain,
        host: `${subdomain}.${systemDomain}`,
      };
    },

    async updateCustomDomain(
      p: Principal,
      companyId: number,
      domain: string,
      whitelabel: boolean,
      ip: string,
    ) {
      const company = await agency(companyId);
      const customDomain = domain || null;
      const changed = await hosts.changeCustomDomain(company, customDomain, {
        field: 'DownlineDomain',
        isWhitelabeling: whitelabel,
      });
      await deps.audit.record(
        settingsEvent(
          p,
          company.id,
          'custom_domain_updated',
          changed
            ? `Changed the custom domain of ${company.name} from ${company.customDomain ?? 'none'} to ${customDomain ?? 'none'}, white-labelling ${whitelabel ? 'on' : 'off'}`
            : `Set white-labelling of ${company.name} ${whitelabel ? 'on' : 'off'}`,
          ip,
        ),
      );
      return {
        result: 'success' as const,
        message: customDomain ? (changed ? DOMAIN_SAVED : 'Your settings have been saved.') : DOMAIN_REMOVED,
        domain: customDomain,
        domain_status: changed ? (customDomain ? 'pending' : 'none') : company.domainStatus,
        is_whitelabeling: whitelabel,
      };
    },

    async retryCertificate(p: Principal, companyId: number, domain: string, ip: string) {
      const company = await agency(companyId);
      if (!company.customDomain || domain !== company.customDomain)
        throw badRequest(DOMAIN_NOT_THE_COMPANYS, { domain: DOMAIN_NOT_THE_COMPANYS });
      await repo.markPending(company.id);
      await hosts.startCertificate(company.id, company.customDomain);
      deps.invalidateDomains();
      await deps.audit.record(
        settingsEvent(
          p,
          company.id,
          'domain_ssl_retry',
          `Retried the certificate of ${company.customDomain}`,
          ip,
        ),
      );
      return {
        result: 'success' as const,
        message: DOMAIN_RETRY_STARTED,
        domain: company.customDomain,
        domain_status: 'pending' as const,
        is_whitelabeling: company.isWhitelabeling,
      };
    },

    async whitelabelDomain(companyId: number): Promise<WhitelabelDomain> {
      const company = await agency(companyId);
      const systemDomain = (await repo.systemDomain(company.systemId)) ?? '';
      const expected = await deps.resolver(systemDomain).then(
        (found) => [...new Set(found.map((a) => a.address))],
        () => [],
      );
      return {
        domain: company.customDomain,
        domain_status: company.domainStatus,
        domain_checked_at: company.domainCheckedAt?.toISOString() ?? null,
        domain_error: company.domainError,
        is_whitelabeling: company.isWhitelabeling,
        subdomain: company.subdomain,
        subdomain_host: company.subdomain ? `${company.subdomain}.${systemDomain}` : null,
        expected_addresses: expected,
      };
    },
  };
}

export type DomainSettingsService = ReturnType<typeof createDomainSettingsService>;
