import { type HostResolver, systemResolver } from '../outbound/safe-resolve.js';
import type { CertificateProvider, CertificateResult } from './certificate-provider.js';

/**
 * The sandbox certificate authority. Like a real ACME HTTP-01 or DNS check it needs the domain to
 * point at this deployment: every address the custom domain resolves to must be one of the
 * platform host's addresses. When that holds it records a sandbox certificate (kept in memory
 * and labelled as such); otherwise the attempt fails with the reason a person can act on.
 */
export function createSandboxCertificateProvider(
  options: { resolver?: HostResolver; now?: () => Date } = {},
): CertificateProvider & { issued: ReadonlyMap<string, { issuedAt: Date; addresses: string[] }> } {
  const resolver = options.resolver ?? systemResolver;
  const issued = new Map<string, { issuedAt: Date; addresses: string[] }>();

  async function addressesOf(
    host: string,
  ): Promise<{ ok: true; addresses: string[] } | { ok: false; code: string }> {
    try {
      const found = await resolver(host);
      return { ok: true, addresses: [...new Set(found.map((a) => a.address.toLowerCase()))] };
    } catch (err) {
      return { ok: false, code: (err as NodeJS.ErrnoException).code ?? 'lookup failed' };
    }
  }

  return {
    name: 'sandbox',
    issued,
    async issue(domain, platformHost): Promise<CertificateResult> {
      const platform = await addressesOf(platformHost);
      if (!platform.ok || platform.addresses.length === 0) {
        return {
          status: 'failed',
          reason: `The platform's own address could not be determined (DNS lookup of ${platformHost} failed${platform.ok ? '' : `: ${platform.code}`}).`,
        };
      }
      const target = await addressesOf(domain);
      if (!target.ok) {
        return {
          status: 'failed',
          reason: `The domain ${domain} could not be found in DNS (${target.code}). Point its A/AAAA records (or a CNAME) at ${platformHost} (${platform.addresses.join(', ')}) and retry.`,
        };
      }
      const stray = target.addresses.filter((a) => !platform.addresses.includes(a));
      if (target.addresses.length === 0 || stray.length > 0) {
        return {
          status: 'failed',
          reason: `The domain ${domain} points to ${target.addresses.join(', ') || 'no address'}, not to this platform (${platform.addresses.join(', ')}). Remove other A/AAAA records and retry.`,
        };
      }
      const issuedAt = options.now?.() ?? new Date();
      issued.set(domain, { issuedAt, addresses: target.addresses });
      return {
        status: 'active',
        detail: `Sandbox certificate for ${domain} issued at ${issuedAt.toISOString()} (not trusted by browsers).`,
      };
    },
  };
}
