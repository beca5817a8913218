import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../config.js';
import type { CompanyHosts } from './domain-repository.js';
import { createWebOrigins, knownHostsOf } from './web-origins.js';

const agency = (over: Partial<CompanyHosts> = {}): CompanyHosts => ({
  systemDomain: 'platform.example',
  agencySubdomain: 'acme',
  agencyCustomDomain: 'leads.acme.example',
  customDomainActive: true,
  ...over,
});

describe('knownHostsOf (decision 0019)', () => {
  it('prefers an active custom domain, then the subdomain, else the system domain', () => {
    expect(knownHostsOf(agency())).toEqual(['leads.acme.example', 'acme.platform.example']);
    expect(knownHostsOf(agency({ customDomainActive: false }))).toEqual(['acme.platform.example']);
    expect(knownHostsOf(agency({ agencySubdomain: null, customDomainActive: false }))).toEqual([
      'platform.example',
    ]);
    expect(
      knownHostsOf({
        systemDomain: 'platform.example',
        agencySubdomain: null,
        agencyCustomDomain: null,
        customDomainActive: false,
      }),
    ).toEqual(['platform.example']);
  });
});

describe('createWebOrigins', () => {
  const origins = createWebOrigins(
    { findCompanyHosts: async (id: number) => (id === 1 ? agency() : undefined) },
    { scheme: 'https', port: '' },
  );

  it('builds links from known hosts; a requested host only chooses among them', async () => {
    expect(await origins.ofCompany(1)).toBe('https://leads.acme.example');
    expect(await origins.ofCompany(1, 'ACME.platform.example:8080')).toBe('https://acme.platform.example');
    expect(await origins.ofCompany(1, 'evil.example')).toBe('https://leads.acme.example');
    expect(await origins.ofCompany(1, 'platform.example')).toBe('https://leads.acme.example');
    await expect(origins.ofCompany(2)).rejects.toMatchObject({ statusCode: 404 });
  });

  it('takes scheme and port from the configuration', () => {
    const web = (env: Record<string, string>) => loadConfig(env as NodeJS.ProcessEnv).publicWeb;
    expect(web({})).toEqual({ scheme: 'http', port: '3000' });
    expect(web({ PORT: '8080' })).toEqual({ scheme: 'http', port: '8080' });
    expect(web({ PUBLIC_WEB_SCHEME: 'https', PUBLIC_WEB_PORT: 'none' })).toEqual({
      scheme: 'https',
      port: '',
    });
    expect(web({ PUBLIC_WEB_SCHEME: 'https', PUBLIC_WEB_PORT: '443' })).toEqual({
      scheme: 'https',
      port: '',
    });
    expect(web({ PUBLIC_WEB_SCHEME: 'https', PUBLIC_WEB_PORT: '8443' })).toEqual({
      scheme: 'https',
      port: '8443',
    });
    expect(() => web({ PUBLIC_WEB_SCHEME: 'ftp' })).toThrow(/PUBLIC_WEB_SCHEME/);
  });
});
