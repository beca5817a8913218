import {
  DOMAIN_INVALID,
  DOMAIN_IS_PLATFORM,
  DOMAIN_NOT_THE_COMPANYS,
  DOMAIN_TAKEN,
  SUBDOMAIN_RESERVED,
  SUBDOMAIN_TAKEN,
} from '@app/contracts';
import { companies, DEMO, eq } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  BRIGHT_ROOT,
  CLIENT,
  OWNER,
  ROOT,
  type SettingsKit,
  SUMMIT,
  settingsKit,
} from '../../../test/kits/settings.js';
import { createSandboxCertificateProvider } from '../../providers/certificates/sandbox-certificate-provider.js';
import type { HostResolver } from '../../providers/outbound/safe-resolve.js';
import { domainCertificateHandler } from './domain-certificate-job.js';
import { createDomainSettingsRepository } from './domain-settings-repository.js';
import { AGENCIES_ONLY_DOMAINS } from './domain-settings-service.js';

let rt: TestRuntime;
let kit: SettingsKit;
let ids: Awaited<ReturnType<SettingsKit['ids']>>;
beforeAll(async () => {
  rt = await startTestRuntime();
  kit = settingsKit(rt);
  ids = await kit.ids();
});
afterAll(() => rt?.close());

const hostInfo = async (host: string) =>
  (await rt.app.inject({ url: `/api/domainsubdomain/${host}/${host.split('.')[0]}` })).json();
const setSubdomain = (companyID: number, subdomain: string, as: string = OWNER, idsys?: number) =>
  kit.put('/api/configuration/subdomain', { companyID, subdomain, ...(idsys ? { idsys } : {}) }, as);
const setDomain = (
  companyID: number,
  DownlineDomain: string,
  as: string = OWNER,
  whitelabelling: unknown = 'T',
) => kit.put('/api/configuration/update-custom-domain', { companyID, DownlineDomain, whitelabelling }, as);
const status = async (companyID: number, as: string = OWNER) =>
  (await kit.get(`/api/company/whitelabel-domain/${companyID}`, as)).json().data;

async function settledStatus(companyID: number) {
  for (let i = 0; i < 150; i++) {
    const s = await status(companyID);
    if (s.domain_status !== 'pending') return s;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the certificate job never finished');
}

describe('PUT /configuration/subdomain', () => {
  it('moves the agency to a new subdomain; hosts follow at once', async () => {
    expect((await hostInfo(`${DEMO.northwind.subdomain}.localhost`)).agencyplatformroot).toBe(true);
    const res = await setSubdomain(ids.northwind, 'NWLeads', OWNER, ids.masterSystem);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      message: 'This subdomain has been updated',
      subdomain: 'nwleads',
      host: 'nwleads.localhost',
    });
    expect((await hostInfo('nwleads.localhost')).owner_company_id).toBe(ids.northwind);
    expect((await hostInfo(`${DEMO.northwind.subdomain}.localhost`)).agencyplatformroot).toBe(false);
    const log = await kit.lastLog(ids.northwind, 'subdomain_updated');
    expect(log?.description).toBe(
      `Changed the subdomain of ${DEMO.northwind.name} from northwind to nwleads`,
    );
  });

  it('is unique per system, not across systems', async () => {
    expect((await setSubdomain(ids.summit, 'nwleads', SUMMIT)).json().error.message).toBe(SUBDOMAIN_TAKEN);
    const coastal = await setSubdomain(ids.summit, DEMO.brightreach.agency.subdomain, SUMMIT);
    expect(coastal.statusCode, coastal.body).toBe(200);
    // brightreach.localhost is another system's own domain.
    expect((await setSubdomain(ids.summit, 'brightreach', SUMMIT)).json().error.message).toBe(
      SUBDOMAIN_TAKEN,
    );
  });

  it.each([
    ['www', SUBDOMAIN_RESERVED],
    ['api', SUBDOMAIN_RESERVED],
    ['-leads', 'Use letters, digits and hyphens, starting and ending with a letter or digit.'],
    ['leads-', 'Use letters, digits and hyphens, starting and ending with a letter or digit.'],
    ['my_leads', 'Use letters, digits and hyphens, starting and ending with a letter or digit.'],
    ['a.b', 'Use letters, digits and hyphens, starting and ending with a letter or digit.'],
    ['a'.repeat(64), 'Subdomain must not exceed 63 characters.'],
    ['', 'Subdomain is required.'],
  ])('refuses %j: %s', async (subdomain, message) => {
    const res = await setSubdomain(ids.northwind, subdomain);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
    expect((await kit.companyRow(ids.northwind)).subdomain).toBe('nwleads');
  });

  it('answers 404 for foreign ids and 400 for the root company', async () => {
    for (const [companyID, as, idsys] of [
      [ids.summit, OWNER, undefined],
      [ids.coastal, ROOT, undefined],
      [ids.northwind, BRIGHT_ROOT, undefined],
      [ids.northwind, OWNER, ids.brightSystem],
      [ids.harbor, CLIENT, undefined],
      [424_242, ROOT, undefined],
    ] as const) {
      expect((await setSubdomain(companyID, 'fresh-name', as, idsys)).statusCode).toBe(404);
    }
    expect((await kit.companyRow(ids.summit)).subdomain).toBe('coastal');
    expect((await setSubdomain(ids.masterRoot, 'fresh-name', ROOT)).json().error.message).toBe(
      AGENCIES_ONLY_DOMAINS,
    );
  });
});

describe('custom domain and its certificate', () => {
  it('saves the domain lowercased as pending; the sandbox check ends failed with the DNS reason', async () => {
    const res = await setDomain(ids.northwind, 'https://Leads.Northwind-Example.COM/');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      result: 'success',
      domain: 'leads.northwind-example.com',
      domain_status: 'pending',
      is_whitelabeling: true,
    });
    const settled = await settledStatus(ids.northwind);
    expect(settled).toMatchObject({
      domain: 'leads.northwind-example.com',
      domain_status: 'failed',
      is_whitelabeling: true,
    });
    expect(settled.domain_error).toMatch(
      /^The domain leads\.northwind-example\.com could not be found in DNS \(E[A-Z]+\)\./,
    );
    expect(settled.domain_error).toContain('Point its A/AAAA records (or a CNAME) at localhost');
    expect(Date.parse(settled.domain_checked_at)).toBeGreaterThan(Date.now() - 60_000);
    expect(settled.subdomain_host).toBe('nwleads.localhost');
    expect(settled.expected_addresses.length).toBeGreaterThan(0);
    const info = await hostInfo('leads.northwind-example.com');
    expect(info.owner_company_id).toBe(ids.northwind);
    expect(info.status_domain).toBe('failed');
  });

  it('retries as a tracked status for the company’s own domain only', async () => {
    const before = await status(ids.northwind);
    const wrong = await kit.put(
      '/api/configuration/retrydomainssl',
      { companyID: ids.northwind, domain: 'other.example.com' },
      OWNER,
    );
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().error.message).toBe(DOMAIN_NOT_THE_COMPANYS);
    await new Promise((r) => setTimeout(r, 20));
    const retry = await kit.put(
      '/api/configuration/retrydomainssl',
      { companyID: ids.northwind, domain: 'leads.northwind-example.com' },
      OWNER,
    );
    expect(retry.statusCode, retry.body).toBe(200);
    expect(retry.json().domain_status).toBe('pending');
    const settled = await settledStatus(ids.northwind);
    expect(settled.domain_status).toBe('failed');
    expect(Date.parse(settled.domain_checked_at)).toBeGreaterThan(Date.parse(before.domain_checked_at));
    expect((await kit.lastLog(ids.northwind, 'domain_ssl_retry'))?.ip).toBe('203.0.113.50');
  });

  it('becomes active when the domain resolves to the platform (sandbox provider, local DNS table)', async () => {
    const dns: Record<string, string[]> = {
      localhost: ['127.0.0.1'],
      'leads.northwind-example.com': ['127.0.0.1'],
    };
    const resolver: HostResolver = async (host) => {
      const found = dns[host];
      if (!found) throw Object.assign(new Error('ENOTFOUND'), { code: 'ENOTFOUND' });
      return found.map((address) => ({ address, family: 4 }));
    };
    const handler = domainCertificateHandler({
      repo: createDomainSettingsRepository(kit.db),
      provider: createSandboxCertificateProvider({ resolver }),
      invalidateDomains: rt.services.domains.invalidate,
    });
    const job = { retryCount: 0, isLastAttempt: false };
    await handler.handle({ companyId: ids.northwind, domain: 'leads.northwind-example.com' }, job);
    expect(await status(ids.northwind)).toMatchObject({ domain_status: 'active', domain_error: null });
    expect((await hostInfo('leads.northwind-example.com')).status_domain).toBe('active');

    dns['leads.northwind-example.com'] = ['127.0.0.1', '93.184.216.34'];
    await handler.handle({ companyId: ids.northwind, domain: 'leads.northwind-example.com' }, job);
    expect((await status(ids.northwind)).domain_error).toBe(
      'The domain leads.northwind-example.com points to 127.0.0.1, 93.184.216.34, not to this platform (127.0.0.1). Remove other A/AAAA records and retry.',
    );
    // A job for a domain the company no longer uses changes nothing.
    const row = await kit.companyRow(ids.northwind);
    await handler.handle({ companyId: ids.northwind, domain: 'old.example.com' }, job);
    expect(await kit.companyRow(ids.northwind)).toEqual(row);
  });

  it.each([
    ['not a domain', DOMAIN_INVALID],
    ['localhost', DOMAIN_INVALID],
    ['leads..example.com', DOMAIN_INVALID],
    ['-leads.example.com', DOMAIN_INVALID],
    ['leads.example.123', DOMAIN_INVALID],
    ['crm.localhost', DOMAIN_IS_PLATFORM],
    ['brightreach.localhost', DOMAIN_IS_PLATFORM],
    ['x.coastal.brightreach.localhost', DOMAIN_IS_PLATFORM],
  ])('refuses %j', async (domain, message) => {
    const res = await setDomain(ids.summit, domain, SUMMIT);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(message);
  });

  it('is unique across the deployment', async () => {
    const res = await setDomain(ids.summit, 'LEADS.northwind-example.com', SUMMIT);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(DOMAIN_TAKEN);
    expect((await kit.companyRow(ids.summit)).customDomain).toBeNull();
  });

  it('keeps the status when only white-labelling changes, and removes the domain when blank', async () => {
    const same = await setDomain(ids.northwind, 'leads.northwind-example.com', OWNER, false);
    expect(same.json()).toMatchObject({ domain_status: 'failed', is_whitelabeling: false });
    const removed = await setDomain(ids.northwind, '', OWNER, 'F');
    expect(removed.json()).toMatchObject({
      domain: null,
      domain_status: 'none',
      message: 'Your custom domain has been removed.',
    });
    const [row] = await kit.db.select().from(companies).where(eq(companies.id, ids.northwind));
    expect(row).toMatchObject({
      customDomain: null,
      domainStatus: 'none',
      domainError: null,
      domainCheckedAt: null,
    });
    expect((await hostInfo('leads.northwind-example.com')).owner_company_id).not.toBe(ids.northwind);
  });

  it('answers 404 for foreign ids and refuses clients', async () => {
    expect((await setDomain(ids.summit, 'a.example.com', OWNER)).statusCode).toBe(404);
    expect((await setDomain(ids.northwind, 'a.example.com', BRIGHT_ROOT)).statusCode).toBe(404);
    expect((await setDomain(ids.harbor, 'a.example.com', CLIENT)).statusCode).toBe(404);
    expect((await kit.get(`/api/company/whitelabel-domain/${ids.summit}`, OWNER)).statusCode).toBe(404);
    expect((await kit.get(`/api/company/whitelabel-domain/${ids.coastal}`, ROOT)).statusCode).toBe(404);
    expect((await kit.get(`/api/company/whitelabel-domain/${ids.harbor}`, ROOT)).json().error.message).toBe(
      AGENCIES_ONLY_DOMAINS,
    );
    expect(
      (
        await kit.put(
          '/api/configuration/retrydomainssl',
          { companyID: ids.coastal, domain: 'a.example.com' },
          ROOT,
        )
      ).statusCode,
    ).toBe(404);
    expect((await kit.companyRow(ids.summit)).customDomain).toBeNull();
  });
});
