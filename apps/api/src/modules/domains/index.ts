import type { Database } from '@app/db';
import type { ClusterEvents } from '../../lib/cluster-events.js';
import { clusterInvalidation } from '../../lib/cluster-invalidation.js';
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
 * `domains.invalidate()` forgets every process's cached hosts (a domain moved, a branding changed).
 */
export function createDomainsModule(deps: {
  db: Database;
  filesBaseUrl: string;
  publicWeb: PublicWeb;
  events: Pick<ClusterEvents, 'publish' | 'subscribe'>;
}) {
  const repo = createDomainRepository(deps.db);
  const local = createDomainService(repo, { filesBaseUrl: deps.filesBaseUrl });
  // One host's change may move several (an agency's custom domain and its subdomain): forget them all.
  const invalidate = clusterInvalidation({
    events: deps.events,
    topic: 'domains.changed',
    forget: local.invalidate,
    forgetAll: local.invalidate,
  });
  const domains = { ...local, invalidate: () => invalidate() };
  return {
    domains,
    origins: createWebOrigins(repo, deps.publicWeb),
    companyOf: repo.getCompany,
    systemOf: repo.getSystem,
    routes: [domainRoutes(domains)],
  };
}
