import {
  DOMAIN_INVALID,
  DOMAIN_IS_PLATFORM,
  DOMAIN_TAKEN,
  SUBDOMAIN_RESERVED,
  SUBDOMAIN_TAKEN,
} from '@app/contracts';
import { companies, DEMO, eq } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { agencyPayload, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';

/**
 * Subdomains and custom domains changed through user management follow the settings screen's
 * rules and side effects (decision 0016 §6): one implementation, `settings/company-hosts.ts`.
 */
let rt: TestRuntime;
let root: Who;
let agency: { id: number; company_id: number };
beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  const created = await post(rt, '/configuration/user/create', agencyPayload(root, 'hosts'), root.token);
  if (created.statusCode !== 200) throw new Error(created.body);
  agency = created.json().data[0];
});
afterAll(() => rt?.close());

const update = (fields: Record<string, unknown>) =>
  put(
    rt,
    '/configuration/user/update',
    { ClientID: agency.id, companyID: root.root, idsys: root.system, ...fields },
    root.token,
  );
const companyRow = async (id = agency.company_id) => {
  const [row] = await rt.database.db.select().from(companies).where(eq(companies.id, id));
  if (!row) throw new Error(`no company ${id}`);
  return row;
};
const hostOwner = async (host: string) =>
  (await rt.app.inject({ url: `/api/domainsubdomain/${host}/${host.split('.')[0]}` })).json()
    .owner_company_id;

/** Waits for the certificate job of the company's domain to record its outcome. */
async function settled(companyId: number) {
  for (let i = 0; i < 150; i++) {
    const row = await companyRow(companyId);
    if (row.domainStatus !== 'pending') return row;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the certificate job never ran');
}

describe('custom domain through PUT /configuration/user/update', () => {
  it('stores it lowercased as pending, runs the certificate job and refreshes the host cache', async () => {
    const res = await update({ DownlineDomain: 'https://Leads.Hosts-Agency.TEST/' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].domain).toBe('leads.hosts-agency.test');
    const row = await companyRow();
    expect(row.customDomain).toBe('leads.hosts-agency.test');
    expect(['pending', 'failed']).toContain(row.domainStatus);
    // The sandbox provider cannot find the name in DNS: the job records why.
    const after = await settled(agency.company_id);
    expect(after.domainStatus).toBe('failed');
    expect(after.domainError).toMatch(/^The domain leads\.hosts-agency\.test could not be found in DNS/);
    expect(after.domainCheckedAt).not.toBeNull();
    expect(await hostOwner('leads.hosts-agency.test')).toBe(agency.company_id);
  });

  it.each([
    ['not a domain', DOMAIN_INVALID],
    ['localhost', DOMAIN_INVALID],
    ['crm.localhost', DOMAIN_IS_PLATFORM],
    [DEMO.brightreach.domain, DOMAIN_IS_PLATFORM],
    [`x.${DEMO.brightreach.agency.subdomain}.${DEMO.brightreach.domain}`, DOMAIN_IS_PLATFORM],
    [DEMO.northwind.customDomain.toUpperCase(), DOMAIN_TAKEN],
  ])('refuses %j with the settings text and changes nothing else', async (domain, message) => {
    const before = await companyRow();
    const res = await update({ DownlineDomain: domain, ClientCompanyName: 'Renamed On Refusal' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, fields: { DownlineDomain: message } });
    expect(await companyRow()).toEqual(before);
  });

  it('clears it back to none', async () => {
    const res = await update({ ClientDomain: '' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].domain).toBeNull();
    expect(await companyRow()).toMatchObject({
      customDomain: null,
      domainStatus: 'none',
      domainError: null,
      domainCheckedAt: null,
    });
    expect(await hostOwner('leads.hosts-agency.test')).not.toBe(agency.company_id);
  });

  it('starts the certificate of a domain given when the agency is created', async () => {
    const res = await post(
      rt,
      '/configuration/user/create',
      agencyPayload(root, 'hosts-new', { DownlineDomain: 'crm.hosts-new.test' }),
      root.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    const after = await settled(res.json().data[0].company_id);
    expect(after).toMatchObject({ customDomain: 'crm.hosts-new.test', domainStatus: 'failed' });
  });
});

describe('subdomain through user management', () => {
  it.each([
    ['www', SUBDOMAIN_RESERVED],
    ['status', SUBDOMAIN_RESERVED],
    // brightreach.localhost is another system's own domain.
    ['brightreach', SUBDOMAIN_TAKEN],
    [DEMO.northwind.subdomain, SUBDOMAIN_TAKEN],
  ])('refuses %j on update and on create', async (subdomain, message) => {
    const before = await companyRow();
    const res = await update({ DownlineSubDomain: subdomain });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, fields: { DownlineSubDomain: message } });
    expect(await companyRow()).toEqual(before);
    const created = await post(
      rt,
      '/configuration/user/create',
      agencyPayload(root, `sub-${subdomain}`, { DownlineSubDomain: subdomain }),
      root.token,
    );
    expect(created.statusCode).toBe(400);
    expect(created.json().error.message).toBe(message);
  });

  it('moves the agency and its host at once', async () => {
    const res = await update({ DownlineSubDomain: 'hosts-moved' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data[0].subdomain_host).toBe('hosts-moved.localhost');
    expect(await hostOwner('hosts-moved.localhost')).toBe(agency.company_id);
    expect(await hostOwner('agency-hosts.localhost')).not.toBe(agency.company_id);
  });
});
