import { asCents, asMicros, type LeadReportResponse } from '@app/contracts';
import { DEMO, leadRejections, paymentOperations } from '@app/db';
import { rejectionLabel } from '@app/lead-engine';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import { companyByName, get, PEOPLE, type Who, who } from '../../../test/kits/users.js';
import { DEFAULT_TIMEZONE } from '../../plugins/request-context.js';
import { todayIn } from './report-days.js';

let rt: TestRuntime;
let client: Who;
let agency: Who;
let root: Who;
let otherAgency: Who;
let otherSystem: Who;
let harbor: number;
type Campaign = Awaited<ReturnType<typeof insertCampaign>>;
let alpha: Campaign;
let beta: Campaign;
let otherClientCampaign: Campaign;
let firstLeadId: number;

const DAY = 86_400_000;
const daysAgo = (n: number) => new Date(Date.now() - n * DAY);
const dayText = (d: Date) => d.toISOString().slice(0, 10);
/** The day `d` falls on where the caller is: a request without a time zone header is in the default's. */
const callerDay = (d: Date) => todayIn(DEFAULT_TIMEZONE, d);
const tag = Math.random().toString(36).slice(2, 7);

beforeAll(async () => {
  rt = await startTestRuntime();
  const db = rt.database.db;
  client = await who(rt, PEOPLE.client);
  agency = await who(rt, PEOPLE.northwind);
  root = await who(rt, PEOPLE.root);
  otherAgency = await who(rt, PEOPLE.summit);
  otherSystem = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  alpha = await insertCampaign(db, { name: `Alpha ${tag}`, hidePhone: true, timeZone: 'UTC' });
  beta = await insertCampaign(db, { name: `Beta ${tag}`, module: 'b2b', timeZone: 'UTC' });
  otherClientCampaign = await insertCampaign(db, {
    name: `Other ${tag}`,
    clientName: DEMO.northwind.clients[1]?.name,
    timeZone: 'UTC',
  });
  // Alpha: 25 leads, one a day back from today; three of them at a third of a dollar (their sum
  // rounds once: 999,999 micros = $1.00, where rounding per lead would give $0.99).
  for (let i = 0; i < 25; i++) {
    const row = await insertLead(db, alpha, {
      createdAt: daysAgo(i),
      firstName: i === 3 ? '=HYPERLINK("http://evil.example","x")' : `Person${String(i).padStart(2, '0')}`,
      lastName: i % 5 === 0 ? 'Chen' : 'Smith',
      emails: [`p${i}@${tag}.example`],
      phones: [`+1555000${String(i).padStart(4, '0')}`],
      city: 'Austin',
      clientPriceMicros: i < 3 ? asMicros(333_333) : asMicros(500_000),
    });
    if (i === 0) firstLeadId = row.id;
  }
  for (let i = 0; i < 5; i++)
    await insertLead(db, beta, {
      createdAt: daysAgo(i),
      firstName: `B2b${i}`,
      lastName: 'Jones',
      phones: [`+1666000${i}`],
      company: { name: 'Acme Corp', title: 'Buyer' },
      advanced: { seniority: 'Manager', company_domain: 'acme.example.com' },
      clientPriceMicros: asMicros(1_250_000),
      wholesaleMicros: asMicros(800_000),
    });
  await insertLead(db, otherClientCampaign, { firstName: 'Elsewhere' });
  await db.insert(leadRejections).values([
    ...Array.from({ length: 3 }, () => ({
      campaignId: alpha.id,
      agencyId: alpha.agencyId,
      source: 'pixel',
      step: 'rules',
      reason: 'opted_out',
    })),
    {
      campaignId: alpha.id,
      agencyId: alpha.agencyId,
      source: 'pixel',
      step: 'rules',
      reason: 'outside_locations',
    },
    {
      campaignId: alpha.id,
      agencyId: alpha.agencyId,
      source: 'pixel',
      step: 'rules',
      reason: 'opted_out',
      createdAt: daysAgo(60),
    },
  ]);
});
afterAll(() => rt?.close());

const asJson = <T>(res: { statusCode: number; body: string; json(): unknown }) => {
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as T;
};
const reportOf = async (by: Who, path: string, query = '') =>
  asJson<LeadReportResponse>(
    await get(rt, `/leadspeek/report/lead/${path}${query ? `?${query}` : ''}`, by.token),
  );

describe('lead report', () => {
  it('pages and sorts in SQL, newest first by default', async () => {
    const page1 = await reportOf(client, `${harbor}/${harbor}/${alpha.id}`, 'PerPage=10');
    expect(page1).toMatchObject({ total: 25, per_page: 10, last_page: 3, from: 1, to: 10 });
    expect(page1.data.map((r) => r.first_name).slice(0, 2)).toEqual(['Person00', 'Person01']);
    const page3 = await reportOf(client, `${harbor}/${harbor}/${alpha.id}`, 'PerPage=10&Page=3');
    expect(page3.data.map((r) => r.first_name)).toEqual([
      'Person20',
      'Person21',
      'Person22',
      'Person23',
      'Person24',
    ]);
    const oldest = await reportOf(client, `${harbor}/${harbor}/${alpha.id}`, 'order=asc&PerPage=1');
    expect(oldest.data[0]?.first_name).toBe('Person24');
    const byPrice = await reportOf(
      client,
      `${harbor}/${harbor}/${alpha.id}`,
      'sortby=client_price&order=asc&PerPage=3',
    );
    expect(byPrice.data.map((r) => r.prices.client_price)).toEqual(['0.333333', '0.333333', '0.333333']);
    const byName = await reportOf(client, `${harbor}/0/0`, 'sortby=name&order=asc&PerPage=100');
    const names = byName.data.map((r) => r.last_name);
    expect(names).toEqual([...names].sort());
    expect(byName.total).toBe(30);
  });

  it('searches names, e-mails, cities, campaign names and public ids', async () => {
    const chen = await reportOf(client, `${harbor}/${harbor}/${alpha.id}`, 'searchQuery=chen&PerPage=100');
    expect(chen.total).toBe(5);
    expect(chen.data.every((r) => r.last_name === 'Chen')).toBe(true);
    const email = await reportOf(client, `${harbor}/0/0`, `searchQuery=p7@${tag}`);
    expect(email.data.map((r) => r.first_name)).toEqual(['Person07']);
    const byCampaign = await reportOf(client, `${harbor}/0/0`, `searchQuery=${beta.publicId}`);
    expect(byCampaign.total).toBe(5);
    const byName = await reportOf(agency, `${agency.company}/0/0`, `searchQuery=Beta ${tag}`);
    expect(byName.total).toBe(5);
    // '%' is a character to find, not a wildcard.
    expect((await reportOf(client, `${harbor}/0/0`, 'searchQuery=%25')).total).toBe(0);
  });

  it('filters by module and by a range of days', async () => {
    expect((await reportOf(client, `${harbor}/0/0`, 'moduleType=b2b')).total).toBe(5);
    const range = await reportOf(
      client,
      `${harbor}/${harbor}/${alpha.id}`,
      `start=${dayText(daysAgo(9))}&end=${dayText(daysAgo(5))}&PerPage=100`,
    );
    expect(range.data.map((r) => r.first_name)).toEqual([
      'Person05',
      'Person06',
      'Person07',
      'Person08',
      'Person09',
    ]);
    const bad = await get(rt, `/leadspeek/report/lead/${harbor}/0/0?start=2026-02-30`, client.token);
    expect(bad.statusCode).toBe(400);
    const reversed = await get(
      rt,
      `/leadspeek/report/lead/${harbor}/0/0?start=2026-03-02&end=2026-03-01`,
      client.token,
    );
    expect(reversed.statusCode).toBe(400);
  });

  it('shows each viewer only its own prices', async () => {
    const asClient = await reportOf(client, `${harbor}/${harbor}/${beta.id}`);
    expect(asClient.data[0]?.prices).toEqual({ client_price: '1.25', wholesale: null, root_fee: null });
    const asAgency = await reportOf(agency, `${agency.company}/${harbor}/${beta.id}`);
    expect(asAgency.data[0]?.prices).toEqual({ client_price: '1.25', wholesale: '0.80', root_fee: null });
    const asRoot = await reportOf(root, `${root.company}/${harbor}/${beta.id}`);
    expect(asRoot.data[0]?.prices).toEqual({ client_price: '1.25', wholesale: '0.80', root_fee: '0.05' });
    expect(asRoot.data[0]?.company).toEqual({ name: 'Acme Corp', title: 'Buyer' });
    // The advanced information it carries, labelled in catalogue order (decision 0093).
    expect(asClient.data[0]?.advanced).toEqual([
      { id: 'company_domain', label: 'Company Website', value: 'acme.example.com' },
      { id: 'seniority', label: 'Seniority', value: 'Manager' },
    ]);
  });

  it('hides the phone from the client when the campaign says so, also from its search', async () => {
    const asClient = await reportOf(client, `${harbor}/${harbor}/${alpha.id}`, 'PerPage=1');
    expect(asClient.data[0]).toMatchObject({ phone: '', phone_hidden: true });
    const asAgency = await reportOf(agency, `${agency.company}/${harbor}/${alpha.id}`, 'PerPage=1');
    expect(asAgency.data[0]).toMatchObject({ phone: '+15550000000', phone_hidden: false });
    expect((await reportOf(client, `${harbor}/0/0`, 'searchQuery=5550000')).total).toBe(0);
    expect((await reportOf(agency, `${agency.company}/0/0`, 'searchQuery=5550000')).total).toBe(25);
    const unhidden = await reportOf(client, `${harbor}/${harbor}/${beta.id}`, 'PerPage=1');
    expect(unhidden.data[0]).toMatchObject({ phone: '+16660000', phone_hidden: false });
  });

  it('answers 404 for another tenant’s company, client, campaign or lead', async () => {
    const paths = [
      `/leadspeek/report/lead/${agency.company}/0/0`,
      `/leadspeek/report/lead/${otherAgency.company}/${harbor}/0`,
      `/leadspeek/report/lead/${otherAgency.company}/0/${alpha.id}`,
      `/leadspeek/report/chart/${otherAgency.company}/0/${alpha.id}`,
      `/leadspeek/report/initdate/${otherAgency.company}/${harbor}`,
      `/leadspeek/report/invoice/${otherAgency.company}/${harbor}/2026-01-01/2026-01-31`,
      `/leadspeek/report/dashboard/${otherAgency.company}/${harbor}/local`,
      `/leadspeek/report/rejections/${alpha.id}`,
      `/leadspeek/report/lead-detail/${firstLeadId}`,
      `/leadspeek/report/lead-download/${otherAgency.company}/0/${alpha.id}`,
    ];
    for (const path of paths) {
      expect((await get(rt, path, otherAgency.token)).statusCode, path).toBe(404);
      expect((await get(rt, path, otherSystem.token)).statusCode, path).toBe(404);
    }
    // The client's own company, but another client's campaign; the agency naming a campaign of
    // another of its clients under the wrong client.
    expect(
      (await get(rt, `/leadspeek/report/lead/${harbor}/0/${otherClientCampaign.id}`, client.token))
        .statusCode,
    ).toBe(404);
    expect(
      (
        await get(
          rt,
          `/leadspeek/report/lead/${agency.company}/${harbor}/${otherClientCampaign.id}`,
          agency.token,
        )
      ).statusCode,
    ).toBe(404);
    expect((await get(rt, `/leadspeek/report/lead/${agency.company}/0/0`, client.token)).statusCode).toBe(
      404,
    );
  });
});

describe('lead figures', () => {
  it('gives the span of days with leads', async () => {
    const res = asJson<{ data: { first_date: string; last_date: string; today: string } }>(
      await get(rt, `/leadspeek/report/initdate/${harbor}/${harbor}`, client.token),
    );
    // Across campaigns, days are the caller's (in the hours when UTC is a day ahead, they differ).
    expect(res.data).toEqual({
      first_date: callerDay(daysAgo(24)),
      last_date: callerDay(new Date()),
      today: callerDay(new Date()),
      time_zone: DEFAULT_TIMEZONE,
    });
  });

  it('gives one campaign’s span in the campaign’s zone, and 404 for a campaign out of scope', async () => {
    const zoned = await insertCampaign(rt.database.db, {
      name: `Span ${tag}`,
      timeZone: 'Pacific/Kiritimati',
    });
    // 11:00 UTC on 3 March is already the 4th at UTC+14, whatever zone the viewer is in.
    await insertLead(rt.database.db, zoned, { createdAt: new Date('2026-03-03T11:00:00Z') });
    const span = asJson<{ data: { first_date: string; last_date: string; today: string } }>(
      await rt.app.inject({
        url: `/api/leadspeek/report/initdate/${harbor}/${harbor}?campaignID=${zoned.id}`,
        headers: { authorization: `Bearer ${client.token}`, 'x-timezone': 'America/Chicago' },
      }),
    );
    expect(span.data).toEqual({
      first_date: '2026-03-04',
      last_date: '2026-03-04',
      today: todayIn('Pacific/Kiritimati'),
      time_zone: 'Pacific/Kiritimati',
    });
    // One zone for the whole view: the rows and the chart name the campaign's, not the viewer's.
    const inChicago = (url: string) =>
      rt.app.inject({
        url: `/api${url}`,
        headers: { authorization: `Bearer ${client.token}`, 'x-timezone': 'America/Chicago' },
      });
    const rows = (await inChicago(`/leadspeek/report/lead/${harbor}/${harbor}/${zoned.id}`)).json();
    expect(rows.time_zone).toBe('Pacific/Kiritimati');
    expect(rows.data).toHaveLength(1);
    const chart = (
      await inChicago(
        `/leadspeek/report/chart/${harbor}/${harbor}/${zoned.id}?start=2026-03-01&end=2026-03-05`,
      )
    ).json();
    expect(chart.data.time_zone).toBe('Pacific/Kiritimati');
    expect(chart.data.leads.find((p: { value: number }) => p.value > 0)?.date).toBe('2026-03-04');
    const across = (await inChicago(`/leadspeek/report/lead/${harbor}/${harbor}/0`)).json();
    expect(across.time_zone).toBe('America/Chicago');
    const initdate = (campaignID: number | string, by: Who = client) =>
      get(rt, `/leadspeek/report/initdate/${by.company}/0?campaignID=${campaignID}`, by.token);
    expect((await initdate(otherClientCampaign.id)).statusCode).toBe(404);
    expect((await initdate(zoned.id, otherAgency)).statusCode).toBe(404);
    // Text that is no decimal id names no row (contracts' path ids): as an unknown id, 404.
    expect((await initdate('x')).statusCode).toBe(404);
  });

  it('charts leads and the client’s spend per day, every day present', async () => {
    const res = asJson<{
      data: {
        range: { start: string; end: string };
        leads: { date: string; value: number }[];
        spend_cents: { value: number }[];
        total_leads: number;
        total_spend: string;
      };
    }>(await get(rt, `/leadspeek/report/chart/${harbor}/${harbor}/${alpha.id}`, client.token));
    expect(res.data.leads).toHaveLength(30);
    expect(res.data.range.end).toBe(dayText(new Date()));
    expect(res.data.total_leads).toBe(25);
    // 22 × $0.50 + 3 × $0.333333 (= $0.999999, one rounding) = $12.00.
    expect(res.data.total_spend).toBe('12.00');
    expect(res.data.spend_cents.at(-1)?.value).toBe(33);
  });

  it('counts rejections per reason with their labels in the range', async () => {
    const res = asJson<{
      data: { total: number; reasons: { reason: string; label: string; count: number }[] };
    }>(await get(rt, `/leadspeek/report/rejections/${alpha.id}`, agency.token));
    expect(res.data.total).toBe(4);
    expect(res.data.reasons).toEqual([
      { step: 'rules', reason: 'opted_out', label: rejectionLabel('opted_out'), count: 3 },
      { step: 'rules', reason: 'outside_locations', label: rejectionLabel('outside_locations'), count: 1 },
    ]);
    const older = asJson<{ data: { total: number } }>(
      await get(rt, `/leadspeek/report/rejections/${alpha.id}?start=${dayText(daysAgo(90))}`, agency.token),
    );
    expect(older.data.total).toBe(5);
  });

  it('sums the invoice per campaign from frozen prices and the activation charges as paid', async () => {
    // Alpha's activation: a direct charge on the agency's account, of which the platform kept $3.00
    // (all the ledger knows); the client paid $15.00. A declined retry and a charge still under way
    // were not paid.
    const operation = (key: string, status: 'succeeded' | 'failed' | 'pending') => ({
      systemId: alpha.systemId,
      businessKey: `campaign-activation:${alpha.id}:${key}`,
      causeKind: 'charge',
      description: 'Campaign activation',
      companyId: harbor,
      gateway: 'sandbox',
      customerId: 'cus_test',
      amount: asCents(1500),
      connectedAccountId: 'acct_test',
      applicationFee: asCents(300),
      status,
      chargeId: status === 'succeeded' ? `ch_${key}` : null,
      failureCode: status === 'failed' ? 'card_declined' : null,
      settledAt: status === 'pending' ? null : new Date(),
    });
    await rt.database.db
      .insert(paymentOperations)
      .values([operation('1', 'succeeded'), operation('2', 'failed'), operation('3', 'pending')]);
    const start = dayText(daysAgo(40));
    const end = dayText(new Date());
    const res = asJson<{ data: { rows: Record<string, unknown>[]; total: string } }>(
      await get(rt, `/leadspeek/report/invoice/${harbor}/0/${start}/${end}`, client.token),
    );
    const byId = new Map(res.data.rows.map((r) => [r.leadspeekID, r]));
    expect(byId.get(alpha.id)).toMatchObject({
      leads: 25,
      leads_amount: '12.00',
      charges_amount: '15.00',
      total: '27.00',
    });
    expect(byId.get(beta.id)).toMatchObject({
      leads: 5,
      leads_amount: '6.25',
      charges_amount: '0',
      total: '6.25',
    });
    expect(res.data.total).toBe('33.25');
    // A range before the charge and the leads: nothing to invoice.
    const empty = asJson<{ data: { rows: unknown[]; total: string } }>(
      await get(rt, `/leadspeek/report/invoice/${harbor}/0/2020-01-01/2020-01-31`, client.token),
    );
    expect(empty.data).toEqual({ rows: [], total: '0' });
    expect(
      (await get(rt, `/leadspeek/report/invoice/${harbor}/0/2026-01-31/2026-01-01`, client.token)).statusCode,
    ).toBe(400);
  });

  it('gives a module dashboard the viewer’s side’s spend', async () => {
    const asAgency = asJson<{
      data: Record<string, unknown> & {
        leads: unknown[];
        running_campaigns: number;
        top_rejections: { reason: string }[];
      };
    }>(await get(rt, `/leadspeek/report/dashboard/${agency.company}/${harbor}/local`, agency.token));
    expect(asAgency.data).toMatchObject({ leads_today: 1, leads_7_days: 7, leads_30_days: 25 });
    // Wholesale: 25 × $0.30.
    expect(asAgency.data.spend_30_days).toBe('7.50');
    expect(asAgency.data.leads).toHaveLength(30);
    expect(asAgency.data.top_rejections[0]?.reason).toBe('opted_out');
    expect(asAgency.data.running_campaigns).toBeGreaterThanOrEqual(1);
    const asClient = asJson<{ data: { spend_30_days: string; leads_30_days: number } }>(
      await get(rt, `/leadspeek/report/dashboard/${harbor}/0/b2b`, client.token),
    );
    expect(asClient.data).toMatchObject({ leads_30_days: 5, spend_30_days: '6.25' });
  });

  it('counts days across campaigns where the viewer is (the zone header), one campaign in its own zone', async () => {
    // 03:00 UTC on 15 January is still the 14th in Chicago.
    const zoned = await insertCampaign(rt.database.db, { name: `Zoned ${tag}`, timeZone: 'UTC' });
    await insertLead(rt.database.db, zoned, {
      createdAt: new Date('2026-01-15T03:00:00Z'),
      clientPriceMicros: asMicros(2_000_000),
    });
    const invoiceOn15th = (zone: string) =>
      rt.app.inject({
        url: `/api/leadspeek/report/invoice/${harbor}/0/2026-01-15/2026-01-15`,
        headers: { authorization: `Bearer ${client.token}`, 'x-timezone': zone },
      });
    const berlin = asJson<{ data: { total: string } }>(await invoiceOn15th('Europe/Berlin'));
    const chicago = asJson<{ data: { total: string } }>(await invoiceOn15th('America/Chicago'));
    expect(berlin.data.total).toBe('2.00');
    expect(chicago.data.total).toBe('0');
    // The campaign's own chart keeps the campaign's zone (UTC), whatever the viewer's.
    const chart = asJson<{ data: { leads: { date: string; value: number }[] } }>(
      await rt.app.inject({
        url: `/api/leadspeek/report/chart/${harbor}/${harbor}/${zoned.id}?start=2026-01-14&end=2026-01-15`,
        headers: { authorization: `Bearer ${client.token}`, 'x-timezone': 'America/Chicago' },
      }),
    );
    expect(chart.data.leads).toEqual([
      { date: '2026-01-14', value: 0 },
      { date: '2026-01-15', value: 1 },
    ]);
  });

  it('explains one lead’s prices as far as the viewer may know them', async () => {
    const asClient = asJson<{ data: { explanation: string[]; phone: string; payment_term: string } }>(
      await get(rt, `/leadspeek/report/lead-detail/${firstLeadId}`, client.token),
    );
    expect(asClient.data.phone).toBe('');
    expect(asClient.data.explanation[0]).toBe(
      "Client price: $0.333333 per lead (the campaign's cost per lead, Weekly term)",
    );
    expect(asClient.data.explanation.some((l) => l.startsWith('Wholesale'))).toBe(false);
    const asRoot = asJson<{ data: { explanation: string[] } }>(
      await get(rt, `/leadspeek/report/lead-detail/${firstLeadId}`, root.token),
    );
    expect(
      asRoot.data.explanation.filter((l) => /^(Wholesale|Root fee): \$0\.(30|05) per lead/.test(l)),
    ).toHaveLength(2);
  });
});

describe('lead download', () => {
  it('streams every row as CSV with a byte-order mark and defused formula cells', async () => {
    const res = await get(
      rt,
      `/leadspeek/report/lead-download/${harbor}/${harbor}/${alpha.id}?format=csv`,
      client.token,
    );
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(String(res.headers['content-disposition'])).toContain(`leads-${alpha.publicId}-`);
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const lines = res.body.slice(1).trimEnd().split('\r\n');
    expect(lines[0]).toBe(
      'Date,Campaign ID,Campaign,Client,First Name,Last Name,Email,Phone,Address,City,State,Zip,Company,Job Title,Advanced Information,Page URL,Keyword,Source,Client Price',
    );
    expect(lines).toHaveLength(26);
    expect(res.body).toContain(`"'=HYPERLINK(""http://evil.example"",""x"")"`);
    // Hidden phones stay hidden in the file.
    expect(res.body).not.toContain('+1555000');
  });

  it('writes an Excel file exceljs opens, with the agency’s columns', async () => {
    const res = await get(
      rt,
      `/leadspeek/report/lead-download/${agency.company}/${harbor}/0?format=xlsx&moduleType=b2b`,
      agency.token,
    );
    expect(res.statusCode).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const sheet = book.worksheets[0]!;
    expect(sheet.rowCount).toBe(6);
    const header = sheet.getRow(1).values as unknown[];
    expect(header).toContain('Wholesale');
    expect(header).not.toContain('Root Fee');
    expect(sheet.getRow(2).getCell(13).value).toBe('Acme Corp');
  });
});
