import type { Database } from '@app/db';
import { createDomainRepository } from './domain-repository.js';
import { domainRoutes } from './domain-routes.js';
import { createDomainService } from './domain-service.js';
import { createWebOrigins, type PublicWeb } from './web-origins.js';

export type { CompanyHosts as KnownHosts, HostOwner } from './domain-repository.js';
export { type DomainService, normaliseHost } from './domain-service.js';
export type { PublicWeb, WebOrigins } from './web-origins.js';

/**
 * Hosts and what they show: host → system/agency with its branding (cached), and the origins links in
 * e-mails point at. `companyOf` and `systemOf` are the small reads other modules need of the tree.
 */
export function createDomainsModule(deps: { db: Database; filesBaseUrl: string; publicWeb: PublicWeb }) {
  const repo = createDomainRepository(deps.db);
  const domains = createDomainService(repo, { filesBaseUrl: deps.filesBaseUrl });
  return {
    domains,
    origins: createWebOrigins(repo, deps.publicWeb),
    companyOf: repo.getCompany,
    systemOf: repo.getSystem,
    routes: [domainRoutes(domains)],
  };
}
