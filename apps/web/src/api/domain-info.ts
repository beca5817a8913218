import { type DomainInfo, domainInfoSchema } from '@app/contracts';
import { useBoot } from '../app/boot/boot-context';
import { resolveBranding } from '../app/branding/resolve-branding';
import { ApiRequestError, GENERIC_FAILURE_MESSAGE, type HttpClient } from './http';

export const domainInfoKeys = {
  all: ['domain-info'] as const,
  host: (hostname: string) => [...domainInfoKeys.all, hostname] as const,
};

/** `GET /domainsubdomain/{domainorsub}/{hostID}`: the host name and its first label. */
export function domainInfoPath(hostname: string): string {
  const host = hostname.toLowerCase();
  const firstLabel = host.split('.')[0] || host;
  return `/domainsubdomain/${encodeURIComponent(host)}/${encodeURIComponent(firstLabel)}`;
}

const domainInfoWithoutBranding = domainInfoSchema.omit({ branding: true });

/**
 * Validates domain info in two parts: the branding (tenant-controlled, so a bad record must not break the
 * app: it falls back to the defaults) and the rest (system data the app cannot work without).
 */
export function parseDomainInfo(raw: unknown): DomainInfo {
  const parsed = domainInfoWithoutBranding.safeParse(raw);
  if (!parsed.success) throw new ApiRequestError(200, 'invalid_response', GENERIC_FAILURE_MESSAGE);
  const rawBranding = (raw as { branding?: unknown }).branding;
  return {
    ...parsed.data,
    branding: resolveBranding(rawBranding, parsed.data.company_root_name || undefined),
  };
}

export const fetchDomainInfo = async (http: HttpClient, hostname: string): Promise<DomainInfo> =>
  parseDomainInfo(await http.get(domainInfoPath(hostname)));

export const useDomainInfo = (): DomainInfo => useBoot().domainInfo;
