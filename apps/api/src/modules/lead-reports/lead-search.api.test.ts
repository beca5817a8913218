import type { LeadReportResponse } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import { get, PEOPLE, type Who, who } from '../../../test/kits/users.js';
import { createLeadRowRepository, SEARCH_TOTAL_CAP } from './lead-row-repository.js';

/*
 * Decision 0053: totals from lead_totals (kept by the database), search totals counted up to a cap,
 * and a search read either through the scope's range or through the trigram index, with one answer.
 */

let rt: TestRuntime;
let agency: Who;
type Campaign = Awaited<ReturnType<typeof insertCampaign>>;
let many: Campaign;
let other: Campaign;
// Digits only: a tag with letters could hold a searched word ('bo', 'ch') and match every lead of
// the campaign by its name or the e-mails' domain.
const tag = String(Math.floor(Math.random() * 100_000)).padStart(5, '0');
const CHENS = SEARCH_TOTAL_CAP + 5;

beforeAll(async () => {
  rt = await startTestRuntime();
  const db = rt.database.db;
  agency = await who(rt, PEOPLE.northwind);
  many = await insertCampaign(db, { name: `Many ${tag}`, hidePhone: true, timeZone: 'UTC' });
  other = await insertCampaign(db, { name: `Other ${tag}`, module: 'b2b', timeZone: 'UTC' });
  // One statement for 1,005 Chens (the statement trigger counts them at once), then five Smiths
  // one by one; their times a second apart so every order is one order.
  await db.execute(sql`insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5,
      claimed_at, source, first_name, last_name, emails, phones, city, client_price_micros,
      wholesale_micros, root_fee_micros, created_at)
    select ${many.id}, ${many.clientId}, ${many.agencyId}, ${many.systemId}, 'local', md5(n::text),
      now() - n * interval '1 second', 'test', 'Ann' || n, 'Chen', array['ann' || n || '@${sql.raw(tag)}.example'],
      array['+1777' || lpad(n::text, 7, '0')], 'Reno', 500000, 300000, 50000, now() - n * interval '1 second'
    from generate_series(1, ${CHENS}) n`);
  for (let i = 0; i < 5; i++)
    await insertLead(db, many, {
      createdAt: new Date(Date.now() - (CHENS + 1 + i) * 1000),
      firstName: `Bo${i}`,
      lastName: 'Smith',
      emails: [`BO${i}@Mixed.Example`],
      phones: [`+1888000000${i}`],
      city: 'Tulsa',
    });
  await insertLead(db, other, { firstName: 'Cy', lastName: 'Chen', phones: ['+17770000001'] });
  // A thousand leads through the trigram index take PGlite (WebAssembly) seconds on a busy machine.
}, 240_000);
afterAll(() => rt?.close());

const reportOf = async (path: string, query: string) => {
  const res = await get(rt, `/leadspeek/report/lead/${path}?${query}`, agency.token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as LeadReportResponse;
};

describe('lead report totals and search at scale', () => {
  it('counts a search up to the cap, says so, and lists no page beyond it', async () => {
    const path = `${agency.company}/${many.clientId}/${many.id}`;
    const chen = await reportOf(path, 'searchQuery=chen&PerPage=100');
    expect(chen).toMatchObject({ total: SEARCH_TOTAL_CAP, total_capped: true, last_page: 10, to: 100 });
    const last = await reportOf(path, 'searchQuery=chen&PerPage=100&Page=10');
    expect(last.data).toHaveLength(100);
    expect(last.data.at(-1)?.first_name).toBe(`Ann${SEARCH_TOTAL_CAP}`);
    // A page that straddles the cap stops at it; one past it is empty.
    const straddling = await reportOf(path, `searchQuery=chen&PerPage=30&Page=34`);
    expect(straddling.data.map((r) => r.first_name)).toEqual(
      Array.from({ length: 10 }, (_, i) => `Ann${991 + i}`),
    );
    expect((await reportOf(path, 'searchQuery=chen&PerPage=100&Page=11')).data).toEqual([]);
    const smith = await reportOf(path, 'searchQuery=smith');
    expect(smith).toMatchObject({ total: 5, total_capped: false, last_page: 1 });
    // Without a search the total is exact however large.
    expect(await reportOf(path, 'PerPage=1')).toMatchObject({ total: CHENS + 5, total_capped: false });
  });

  it('keeps lead_totals equal to the leads, per scope and module, for every insert', async () => {
    const db = rt.database.db;
    const drift = await queryRows<{ campaign_id: number }>(
      db,
      sql`select coalesce(c.campaign_id, t.campaign_id) as campaign_id
            from (select campaign_id, client_id, agency_id, system_id, module, count(*) as n
                    from leads group by 1, 2, 3, 4, 5) c
            full join lead_totals t using (campaign_id, client_id, agency_id, system_id, module)
           where c.n is distinct from t.leads`,
    );
    expect(drift).toEqual([]);
    const before = await reportOf(`${agency.company}/${many.clientId}/0`, 'moduleType=b2b');
    await insertLead(db, other, { firstName: 'Di' });
    const after = await reportOf(`${agency.company}/${many.clientId}/0`, 'moduleType=b2b');
    expect(after.total).toBe(before.total + 1);
    // What the totals are counted by never changes on a stored lead.
    await expect(
      db.execute(sql`update leads set client_id = ${many.clientId} + 1 where campaign_id = ${other.id}`),
    ).rejects.toThrow();
  });

  it('searches the stored text, case aside, with the hidden phones kept from the client', async () => {
    const repo = createLeadRowRepository(rt.database.db);
    const found = async (search: string, viewerIsClient = false) => {
      const page = await repo.page(
        { scope: { kind: 'client', id: many.clientId }, search, timeZone: 'UTC', viewerIsClient },
        { sort: 'created_at', order: 'desc', page: 1, perPage: 100 },
      );
      return { total: page.total, capped: page.totalCapped, names: page.rows.map((r) => r.firstName) };
    };
    expect((await found('ANN100')).names).toEqual([
      'Ann100',
      'Ann1000',
      'Ann1001',
      'Ann1002',
      'Ann1003',
      'Ann1004',
      'Ann1005',
    ]);
    expect((await found('bo3@mixed')).names).toEqual(['Bo3']);
    expect((await found('mixed.EXAMPLE')).total).toBe(5);
    expect((await found('tulsa')).total).toBe(5);
    expect((await found('+1888')).total).toBe(5);
    // Shorter than a trigram still searches (read from the scope's range, see decision 0053).
    expect(await found('bo')).toMatchObject({ total: 5, capped: false });
    expect(await found('ch')).toMatchObject({ total: SEARCH_TOTAL_CAP, capped: true });
    expect((await found('%')).total).toBe(0);
    expect((await found(`many ${tag}`)).capped).toBe(true);
    expect((await found(many.publicId)).capped).toBe(true);
    // `many` hides phones from its client: the client finds only the other campaign's lead.
    expect((await found('7770000001')).total).toBe(2);
    expect((await found('7770000001', true)).names).toEqual(['Cy']);
  });
});
