import { notFound } from '../../http-errors.js';
import type { CompanyHosts, DomainRepository } from './domain-repository.js';
import { normaliseHost } from './domain-service.js';

/** Scheme and port of the deployment's web links (config `PUBLIC_WEB_SCHEME`, `PUBLIC_WEB_PORT`). */
export interface PublicWeb {
  scheme: 'http' | 'https';
  /** '' when links carry no port (the scheme's default). */
  port: string;
}

/**
 * The hosts a company's people sign in on, preferred first: an agency (and its clients) has its custom
 * domain when the certificate is active, then its subdomain below the system domain; a root company
 * (system staff, sales), or an agency without either, has the system domain.
 */
export function knownHostsOf(hosts: CompanyHosts): string[] {
  const known: string[] = [];
  if (hosts.agencyCustomDomain && hosts.customDomainActive) known.push(hosts.agencyCustomDomain);
  if (hosts.agencySubdomain) known.push(`${hosts.agencySubdomain}.${hosts.systemDomain}`);
  if (known.length === 0) known.push(hosts.systemDomain);
  return known;
}

/**
 * The one place links to the web app are built (decision 0019): the host is one the server knows for
 * the company of the person who receives the link, and scheme and port are the deployment's. A host
 * the request named (the page the person was on) only chooses among those known hosts; anything
 * else of the request (Host, Origin, a host in the body) never goes into a link.
 */
export function createWebOrigins(repo: Pick<DomainRepository, 'findCompanyHosts'>, web: PublicWeb) {
  const originOfHost = (host: string) => `${web.scheme}://${host}${web.port ? `:${web.port}` : ''}`;
  return {
    originOfHost,
    /**
     * The web origin of a company's people, e.g. 'https://leads.northwind.example'. `requestHost`, when
     * it is one of the company's known hosts, is kept (a person on the agency's subdomain stays there).
     */
    async ofCompany(companyId: number, requestHost?: string): Promise<string> {
      const hosts = await repo.findCompanyHosts(companyId);
      if (!hosts) throw notFound();
      const known = knownHostsOf(hosts);
      const asked = requestHost ? normaliseHost(requestHost) : undefined;
      return originOfHost(asked && known.includes(asked) ? asked : (known[0] as string));
    },
  };
}

export type WebOrigins = ReturnType<typeof createWebOrigins>;
