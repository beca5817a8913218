import type { ModuleType } from '@app/contracts';
import { companies, companyGroups, DEMO, eq, insertCompany, systems, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { cardOnFile } from '../../../test/kits/cards.js';
import { get, PEOPLE, type Who, who } from '../../../test/kits/users.js';

/*
 * GetClientList's narrowing filters (decision 0094): Card Status, Campaign Status, `{module}`,
 * `{group}`, `Exclude` and `inAgencyList`, each alone and combined, on a network of its own
 * (agencies named "Filterco …", found by searching for the name).
 */

let rt: TestRuntime;
let root: Who;
let systemId: number;
let rootCompanyId: number;
const ids: Record<string, number> = {};
let rootGroup: number;
let alphaGroup: number;

async function company(
  name: string,
  kind: 'agency' | 'client',
  parentId: number,
  modules: ModuleType[],
  flags: Partial<typeof companies.$inferInsert> = {},
) {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@filterco.test`;
  const id = await insertCompany(rt.database.db, {
    company: { systemId, rootId: rootCompanyId, parentId, kind, name, legalName: name, email, ...flags },
    terms: [{ term: 'Weekly' }],
    modules: modules.map((module) => ({ module })),
  });
  await rt.database.db.insert(users).values({
    systemId,
    companyId: id,
    userType: kind === 'agency' ? 'userdownline' : 'client',
    name: `Owner of ${name}`,
    email,
    phonenum: '3125550100',
    profileSetupCompleted: true,
  });
  ids[name] = id;
  return id;
}

async function group(companyId: number, name: string) {
  const [row] = await rt.database.db.insert(companyGroups).values({ companyId, name }).returning();
  if (!row) throw new Error('group not stored');
  return row.id;
}

beforeAll(async () => {
  rt = await startTestRuntime();
  root = await who(rt, PEOPLE.root);
  systemId = root.system;
  rootCompanyId = root.root;
  const db = rt.database.db;
  // Alpha: a card, a client with a running campaign (in a root group and Alpha's own group), a client
  // with a card and no campaign. Beta: no card, excluded from the minimum spend, b2b offered, a paused
  // campaign. Gamma: a card, excluded from the onboarding charge, locator offered, a paused campaign.
  const alpha = await company('Filterco Alpha', 'agency', rootCompanyId, ['local']);
  const beta = await company('Filterco Beta', 'agency', rootCompanyId, ['local', 'b2b'], {
    excludeMinimumSpend: true,
  });
  const gamma = await company('Filterco Gamma', 'agency', rootCompanyId, ['local', 'locator'], {
    excludeOnboardCharge: true,
  });
  await cardOnFile(rt, alpha);
  await cardOnFile(rt, gamma);
  const a1 = await company('Filterco Alpha Dental', 'client', alpha, ['local']);
  const a2 = await company('Filterco Alpha Roofing', 'client', alpha, ['local', 'enhance']);
  await cardOnFile(rt, a2);
  await company('Filterco Beta Bakery', 'client', beta, ['local']);
  await company('Filterco Gamma Gym', 'client', gamma, ['locator']);
  rootGroup = await group(rootCompanyId, 'Filterco root group');
  alphaGroup = await group(alpha, 'Filterco alpha group');
  await insertCampaign(db, { clientName: 'Filterco Alpha Dental', companyGroupId: rootGroup });
  await insertCampaign(db, {
    clientName: 'Filterco Alpha Dental',
    companyGroupId: alphaGroup,
    status: 'paused',
  });
  // A removed running campaign counts for nothing.
  await insertCampaign(db, { clientName: 'Filterco Alpha Roofing', removedAt: new Date() });
  await insertCampaign(db, {
    clientName: 'Filterco Beta Bakery',
    status: 'paused',
    companyGroupId: rootGroup,
    removedAt: new Date(),
  });
  await insertCampaign(db, { clientName: 'Filterco Beta Bakery', status: 'paused' });
  await insertCampaign(db, {
    clientName: 'Filterco Gamma Gym',
    module: 'locator',
    status: 'paused',
    keywords: ['gym near me'],
  });
  expect(a1).toBeGreaterThan(0);
});
afterAll(() => rt?.close());

const list = async (
  as: Who,
  company: number,
  userType: string,
  query = '',
  segments: { group?: string | number; module?: string } = {},
) =>
  get(
    rt,
    `/configuration/user/${company}/${segments.group ?? 'all'}/${as.system}/${userType}/${segments.module ?? 'all'}/company_name/asc/filterco?PerPage=100${query ? `&${query}` : ''}`,
    as.token,
  );

async function names(as: Who, company: number, userType: string, query = '', segments = {}) {
  const res = await list(as, company, userType, query, segments);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json();
  expect(body.total).toBe(body.data.length);
  return body.data.map((r: { company_name: string }) => r.company_name);
}
const agencies = (query = '', segments = {}) => names(root, rootCompanyId, 'userdownline', query, segments);
const clientsOf = (agency: string, query = '', segments = {}) =>
  names(root, ids[agency] as number, 'client', query, segments);

describe('GetClientList narrows the agency list (decision 0094)', () => {
  it('by card status', async () => {
    expect(await agencies()).toEqual(['Filterco Alpha', 'Filterco Beta', 'Filterco Gamma']);
    expect(await agencies('CardStatus=with')).toEqual(['Filterco Alpha', 'Filterco Gamma']);
    expect(await agencies('CardStatus=without')).toEqual(['Filterco Beta']);
    expect(await agencies('CardStatus=all')).toHaveLength(3);
    expect(await agencies('CardStatus=')).toHaveLength(3);
  });

  it('by campaign status: a client’s running campaign that is not removed makes the agency active', async () => {
    expect(await agencies('CampaignStatus=active')).toEqual(['Filterco Alpha']);
    expect(await agencies('CampaignStatus=inactive')).toEqual(['Filterco Beta', 'Filterco Gamma']);
  });

  it('by module, group and exclusion', async () => {
    expect(await agencies('', { module: 'b2b' })).toEqual(['Filterco Beta']);
    expect(await agencies('', { module: 'locator' })).toEqual(['Filterco Gamma']);
    expect(await agencies('', { module: 'local' })).toHaveLength(3);
    expect(await agencies('', { module: 'simplifi' })).toEqual([]);
    // Beta's campaign in the root group was removed: only Alpha's counts.
    expect(await agencies('', { group: rootGroup })).toEqual(['Filterco Alpha']);
    expect(await agencies('Exclude=minimumspend')).toEqual(['Filterco Beta']);
    expect(await agencies('Exclude=onboardcharge')).toEqual(['Filterco Gamma']);
    expect(await agencies('Exclude=minimumspend,onboardcharge')).toEqual([]);
  });

  it('combines every filter (and with the existing ones)', async () => {
    expect(await agencies('CardStatus=with&CampaignStatus=inactive')).toEqual(['Filterco Gamma']);
    expect(await agencies('CardStatus=without&CampaignStatus=active')).toEqual([]);
    expect(
      await agencies('CardStatus=with&CampaignStatus=active', { module: 'local', group: rootGroup }),
    ).toEqual(['Filterco Alpha']);
    expect(await agencies('CardStatus=with&Exclude=onboardcharge', { module: 'locator' })).toEqual([
      'Filterco Gamma',
    ]);
    expect(await agencies('CardStatus=without&Exclude=minimumspend&Filters=paymentfailed')).toEqual([]);
  });

  it('pages a filtered list by its own total', async () => {
    const res = await get(
      rt,
      `/configuration/user/${rootCompanyId}/all/${systemId}/userdownline/all/created_at/asc/filterco?PerPage=1&Page=2&CardStatus=with`,
      root.token,
    );
    expect(res.json()).toMatchObject({ total: 2, current_page: 2, last_page: 2, from: 2, to: 2 });
  });
});

describe('GetClientList narrows an agency’s clients (decision 0094)', () => {
  it('by card, campaign, module and group, alone and combined', async () => {
    expect(await clientsOf('Filterco Alpha')).toEqual(['Filterco Alpha Dental', 'Filterco Alpha Roofing']);
    expect(await clientsOf('Filterco Alpha', 'CardStatus=with')).toEqual(['Filterco Alpha Roofing']);
    expect(await clientsOf('Filterco Alpha', 'CardStatus=without')).toEqual(['Filterco Alpha Dental']);
    // Roofing's only running campaign was removed.
    expect(await clientsOf('Filterco Alpha', 'CampaignStatus=active')).toEqual(['Filterco Alpha Dental']);
    expect(await clientsOf('Filterco Alpha', 'CampaignStatus=inactive')).toEqual(['Filterco Alpha Roofing']);
    expect(await clientsOf('Filterco Alpha', '', { module: 'enhance' })).toEqual(['Filterco Alpha Roofing']);
    expect(await clientsOf('Filterco Alpha', '', { group: alphaGroup })).toEqual(['Filterco Alpha Dental']);
    expect(await clientsOf('Filterco Alpha', 'CardStatus=with', { group: alphaGroup })).toEqual([]);
    expect(await clientsOf('Filterco Alpha', 'CampaignStatus=inactive', { module: 'enhance' })).toEqual([
      'Filterco Alpha Roofing',
    ]);
    expect(await clientsOf('Filterco Gamma', 'CampaignStatus=active')).toEqual([]);
  });

  it('answers 404 for another company’s group and another tenant’s company', async () => {
    expect(
      (await list(root, ids['Filterco Alpha'] as number, 'client', '', { group: rootGroup })).statusCode,
    ).toBe(404);
    const other = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const [bright] = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.name, DEMO.brightreach.agency.name));
    const [brightGroup] = await rt.database.db
      .insert(companyGroups)
      .values({ companyId: bright!.id, name: 'Bright group' })
      .returning();
    expect(
      (await list(root, ids['Filterco Alpha'] as number, 'client', '', { group: brightGroup!.id }))
        .statusCode,
    ).toBe(404);
    expect((await list(other, ids['Filterco Alpha'] as number, 'client', 'CardStatus=with')).statusCode).toBe(
      404,
    );
    expect((await list(other, rootCompanyId, 'userdownline', 'CampaignStatus=active')).statusCode).toBe(404);
  });
});

describe('GetClientList refuses what narrows nothing, with the reason', () => {
  const refused = async (res: Awaited<ReturnType<typeof list>>, field: string, text: RegExp) => {
    expect(res.statusCode, res.body).toBe(400);
    const { error } = res.json();
    expect(error.message).toMatch(text);
    expect(Object.keys(error.fields ?? {})).toContain(field);
  };

  it('bad values', async () => {
    await refused(
      await list(root, rootCompanyId, 'userdownline', 'CardStatus=maybe'),
      'CardStatus',
      /all, with or without/,
    );
    await refused(
      await list(root, rootCompanyId, 'userdownline', 'CampaignStatus=running'),
      'CampaignStatus',
      /all, active or inactive/,
    );
    await refused(
      await list(root, rootCompanyId, 'userdownline', '', { module: 'siteid' }),
      'module',
      /Unknown module/,
    );
    await refused(
      await list(root, rootCompanyId, 'userdownline', 'Exclude=billing'),
      'Exclude',
      /Unknown exclusion/,
    );
    await refused(
      await list(root, rootCompanyId, 'sales', 'inAgencyList=yes'),
      'inAgencyList',
      /true or false/,
    );
  });

  it('filters sent to lists they do not narrow', async () => {
    await refused(
      await list(root, rootCompanyId, 'user', 'CardStatus=with'),
      'CardStatus',
      /agency and client/,
    );
    await refused(
      await list(root, rootCompanyId, 'sales', 'CampaignStatus=active'),
      'CampaignStatus',
      /agency and client/,
    );
    await refused(
      await list(root, rootCompanyId, 'user', '', { module: 'local' }),
      'module',
      /agency and client/,
    );
    await refused(
      await list(root, ids['Filterco Alpha'] as number, 'client', 'Exclude=minimumspend'),
      'Exclude',
      /agency list only/,
    );
    await refused(
      await list(root, rootCompanyId, 'userdownline', 'inAgencyList=true'),
      'inAgencyList',
      /sales list/,
    );
  });

  it('the exclusion filters are the agency list’s, which only the root company reads', async () => {
    const owner = await who(rt, PEOPLE.northwind);
    await refused(
      await get(
        rt,
        `/configuration/user/${owner.company}/all/${owner.system}/client/all/none/none/-?Exclude=minimumspend`,
        owner.token,
      ),
      'Exclude',
      /agency list only/,
    );
  });
});

describe('inAgencyList narrows the sales list (decision 0094)', () => {
  it('keeps sales people linked to an agency, or those linked to none', async () => {
    const [system] = await rt.database.db.select().from(systems).where(eq(systems.id, systemId));
    expect(system).toBeDefined();
    await rt.database.db.insert(users).values({
      systemId,
      companyId: rootCompanyId,
      userType: 'sales',
      name: 'Filterco Unlinked Seller',
      email: 'unlinked.seller@filterco.test',
    });
    const sales = async (query: string) => {
      const res = await get(
        rt,
        `/configuration/user/${rootCompanyId}/all/${systemId}/sales/all/full_name/asc/-?PerPage=100${query}`,
        root.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data.map((r: { name: string }) => r.name);
    };
    const all = await sales('');
    const linked = await sales('&inAgencyList=true');
    const unlinked = await sales('&inAgencyList=false');
    expect(linked).toEqual(
      expect.arrayContaining([DEMO.master.sales.name, DEMO.master.accountExecutive.name]),
    );
    expect(linked).not.toContain('Filterco Unlinked Seller');
    expect(unlinked).toContain('Filterco Unlinked Seller');
    expect([...linked, ...unlinked].sort()).toEqual([...all].sort());
  });
});
