import { describe, expect, it } from 'vitest';
import type { DomainRepository, HostOwner } from './domain-repository.js';
import { createDomainService, normaliseHost } from './domain-service.js';

/**
 * Unit tests of host resolution over an in-memory repository: what the owner lookup answers,
 * how the master fallback, branding fallback, module naming and the cache behave.
 */
const MASTER: HostOwner = { systemId: 1, companyId: 10, isAgency: false };
const AGENCY: HostOwner = { systemId: 1, companyId: 20, isAgency: true };

function fakeRepository(owners: Record<string, HostOwner>) {
  const calls = { owner: 0 };
  const company = (id: number) => ({
    id,
    name: id === 10 ? 'Root Co' : 'Agency Co',
    legalName: '',
    shortName: '',
    address: '',
    city: '',
    zip: '',
    stateCode: '',
    stateName: '',
    phone: '',
    subdomain: id === 20 ? 'agency' : null,
    customDomain: null,
    domainStatus: 'none',
  });
  const repo = {
    async findHostOwner(host: string) {
      calls.owner++;
      return owners[host] ?? null;
    },
    findMasterOwner: async () => MASTER,
    getSystem: async () => ({
      id: 1,
      isMaster: true,
      rootCompanyId: 10,
      domain: 'example.test',
      paymentPublicKey: '',
      recaptchaSiteKey: '',
    }),
    getMasterSystemId: async () => 1,
    getCompany: async (id: number) => company(id),
    getRootUser: async () => ({ name: 'Root', email: 'root@example.test', address: '' }),
    getBranding: async (id: number) =>
      id === 10
        ? {
            displayName: null,
            logoFileId: 'logo-1',
            faviconFileId: null,
            sidebarBgcolor: '#111111',
            templateBgcolor: '#222222',
            boxBgcolor: '#333333',
            textColor: '#444444',
            linkColor: '#555555',
            fontTheme: 'Inter',
          }
        : undefined,
    getModules: async (id: number) =>
      id === 20
        ? [
            { companyId: 20, module: 'local', enabled: true, displayName: 'Visitors', slug: 'visitors' },
            { companyId: 20, module: 'enhance', enabled: false, displayName: null, slug: null },
          ]
        : [],
    getPaymentTerms: async () => [{ term: 'Monthly' }],
    getConnectedAccount: async () => undefined,
  };
  return { repo: repo as unknown as DomainRepository, calls };
}

describe('normaliseHost', () => {
  it.each([
    ['Agency.Example.Test', 'agency.example.test'],
    ['agency.example.test:3000', 'agency.example.test'],
    ['agency.example.test.', 'agency.example.test'],
    ['  localhost ', 'localhost'],
  ])('%s → %s', (input, expected) => expect(normaliseHost(input)).toBe(expected));
});

describe('domain service', () => {
  it('falls back to the master system for a host nobody owns', async () => {
    const { repo } = fakeRepository({});
    const { info } = await createDomainService(repo, { filesBaseUrl: '/api/files' }).resolve('nobody.test');
    expect(info.owner_company_id).toBe(10);
    expect(info.agencyplatformroot).toBe(false);
    expect(info.sidemenu).toHaveLength(5);
    expect(info.paymentterm.map((t) => t.value)).toEqual(['Weekly', 'Monthly', 'OneTime', 'Prepaid']);
  });

  it("gives an agency without branding its system's colours, its own name, modules and terms", async () => {
    const { repo } = fakeRepository({ 'agency.example.test': AGENCY });
    const { info } = await createDomainService(repo, { filesBaseUrl: '/api/files' }).resolve(
      'agency.example.test',
    );
    expect(info.branding.company_name).toBe('Agency Co');
    expect(info.branding.sidebar_bgcolor).toBe('#111111');
    expect(info.branding.logo_url).toBe('/api/files/logo-1');
    expect(info.sidemenu).toEqual([{ type: 'local', name: 'Visitors', url: 'visitors' }]);
    expect(info.paymentterm).toEqual([{ value: 'Monthly', label: 'Monthly' }]);
    expect(info.subdomain).toBe('agency');
  });

  it('caches per normalised host and reloads after invalidate()', async () => {
    const { repo, calls } = fakeRepository({ 'agency.example.test': AGENCY });
    const service = createDomainService(repo, { filesBaseUrl: '/api/files' });
    const first = await service.resolve('agency.example.test');
    const second = await service.resolve('AGENCY.example.test:8080');
    expect(second).toBe(first);
    expect(calls.owner).toBe(1);
    expect(JSON.parse(first.json)).toEqual(first.info);
    service.invalidate();
    await service.resolve('agency.example.test');
    expect(calls.owner).toBe(2);
  });
});
