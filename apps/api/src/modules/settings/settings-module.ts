import { ZERO_CENTS, ZERO_MICROS } from '@app/contracts';
import type { Database } from '@app/db';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { JobHandler } from '../../jobs/define-job.js';
import type { JobQueue } from '../../jobs/job-queue.js';
import type { RateLimiter } from '../../lib/rate-limiter.js';
import type { CertificateProvider } from '../../providers/certificates/certificate-provider.js';
import { createSandboxCertificateProvider } from '../../providers/certificates/sandbox-certificate-provider.js';
import type { FileStorage } from '../../providers/files/file-storage.js';
import { createSmtpTransport } from '../../providers/mail/smtp-transport.js';
import { createGuardedSmtpFactory } from '../../providers/outbound/guarded-smtp.js';
import { type HostResolver, systemResolver } from '../../providers/outbound/safe-resolve.js';
import type { AuditLog } from '../audit/index.js';
import type { Principal } from '../tenancy/index.js';
import { createAccountSettingsService } from './account-settings-service.js';
import { createBrandingImages } from './branding-images.js';
import { createCompanyHosts } from './company-hosts.js';
import { domainCertificateHandler } from './domain-certificate-job.js';
import { createDomainSettingsRepository } from './domain-settings-repository.js';
import { domainSettingsRoutes } from './domain-settings-routes.js';
import { createDomainSettingsService } from './domain-settings-service.js';
import { createGeneralSettingsService } from './general-settings-service.js';
import { createSettingsRepository } from './settings-repository.js';
import { settingsRoutes } from './settings-routes.js';
import { createSmtpTestService } from './smtp-test-service.js';

export interface SettingsModuleDependencies {
  db: Database;
  /** Refreshes the host → domain info cache (branding, module names, domains changed). */
  invalidateDomains: () => void;
  /** Starts certificate jobs for new custom domains. */
  queue: Pick<JobQueue, 'enqueue'>;
  certificates?: CertificateProvider;
  resolver?: HostResolver;
  audit: AuditLog;
  storage: FileStorage;
  secrets: { seal(plain: string): Promise<string>; open(sealed: string): Promise<string> };
  inScope: (p: Principal, resource: 'company', id: number) => Promise<boolean>;
  filesBaseUrl: string;
  limiter: RateLimiter;
}

/**
 * General settings, prices and terms, domains and SMTP (issue 4), with what other
 * modules share: the guarded SMTP factory (the e-mail delivery job uses it), the certificate job's
 * handler, and the agency host rules user management and the profile apply (`hosts`).
 */
export function createSettingsModule(deps: SettingsModuleDependencies) {
  const { db } = deps;
  const resolver = deps.resolver ?? systemResolver;
  const repo = createSettingsRepository(db);
  const domainRepo = createDomainSettingsRepository(db);
  const { invalidateDomains } = deps;
  const hosts = createCompanyHosts({ repo: domainRepo, queue: deps.queue, invalidateDomains });
  // Customer-chosen SMTP hosts must be public; the master system's own server is the operator's.
  const smtp = createGuardedSmtpFactory({
    inner: createSmtpTransport,
    isTrusted: async (companyId) => companyId !== undefined && (await repo.isMasterRootCompany(companyId)),
    resolver,
  });
  const handlers: JobHandler[] = [
    domainCertificateHandler({
      repo: domainRepo,
      provider: deps.certificates ?? createSandboxCertificateProvider({ resolver }),
      invalidateDomains,
    }),
  ];

  function routes(): FastifyPluginAsyncZod {
    const smtpTests = createSmtpTestService({
      repo,
      audit: deps.audit,
      smtp,
      openSecret: deps.secrets.open,
      limiter: deps.limiter,
    });
    const general = createGeneralSettingsService({
      repo,
      audit: deps.audit,
      invalidateDomains,
      sealSecret: deps.secrets.seal,
      checkSmtpHost: smtpTests.checkHost,
      filesBaseUrl: deps.filesBaseUrl,
    });
    const images = createBrandingImages({
      repo,
      storage: deps.storage,
      audit: deps.audit,
      invalidateDomains,
      filesBaseUrl: deps.filesBaseUrl,
    });
    const account = createAccountSettingsService({ repo, audit: deps.audit });
    const domains = createDomainSettingsService({
      repo: domainRepo,
      hosts,
      company: repo.company,
      audit: deps.audit,
      invalidateDomains,
      resolver,
    });
    return async (app) => {
      await app.register(settingsRoutes({ general, images, smtpTests, account, inScope: deps.inScope }));
      await app.register(domainSettingsRoutes(domains));
    };
  }

  return {
    smtp,
    handlers,
    hosts,
    /** A system's Simplifi minimums (max bid, daily budget), 0 when none is set (decision 0016). */
    async simplifiMinimums(systemId: number) {
      const row = await repo.campaignMinimums(systemId);
      return {
        maxBidMicros: row?.simplifiMaxBidMicros ?? ZERO_MICROS,
        dailyBudgetCents: row?.simplifiDailyBudgetCents ?? ZERO_CENTS,
      };
    },
    routes: [routes()],
  };
}
