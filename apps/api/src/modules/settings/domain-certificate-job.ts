import { z } from 'zod';
import { defineJob, type JobHandler } from '../../jobs/define-job.js';
import type { CertificateProvider } from '../../providers/certificates/certificate-provider.js';
import type { DomainSettingsRepository } from './domain-settings-repository.js';

export const domainCertificateJob = defineJob({
  name: 'domain.certificate',
  payload: z.object({ companyId: z.number().int().positive(), domain: z.string().min(1).max(253) }),
  // A failed check is a result (recorded, retried by the person); retries cover crashes only.
  retryLimit: 2,
  retryDelaySeconds: 30,
});

/**
 * Sets up the certificate of an agency's custom domain and records the outcome on the company
 * (active or failed with the reason, and when it was checked). A job for a domain the company no
 * longer uses does nothing, so repeated or stale jobs are harmless.
 */
export function domainCertificateHandler(deps: {
  repo: DomainSettingsRepository;
  provider: CertificateProvider;
  invalidateDomains: () => void;
}): JobHandler<typeof domainCertificateJob.payload> {
  return {
    spec: domainCertificateJob,
    async handle({ companyId, domain }) {
      const target = await deps.repo.certificateTarget(companyId);
      if (!target || target.customDomain !== domain) return;
      const result = await deps.provider.issue(domain, target.systemDomain);
      const recorded = await deps.repo.recordCertificate(
        companyId,
        domain,
        result.status,
        result.status === 'failed' ? result.reason.slice(0, 1000) : null,
      );
      if (recorded) deps.invalidateDomains();
    },
  };
}
