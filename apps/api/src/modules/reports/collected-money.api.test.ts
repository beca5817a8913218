import { asCents, type Cents, COLLECTED_SOURCES, centsFromWire, centsToDollars } from '@app/contracts';
import { DEMO, eq, queryRows, sql, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import { bearer, signIn } from '../../../test/sign-in.js';
import { asLeads, type Ledger, type LedgerCauseKind } from '../ledger/index.js';
import { NO_REPORT_PERMISSION } from './report-service.js';
import { UNDER_PERFORM_RULE } from './under-perform.js';

/*
 * Report Analytics' and root revenue's collected money (decision 0083) over a small ledger of known
 * postings in May 2024, posted the way the charging code posts them (charged then collected on the
 * payer's receivable, the clearing account holding the money; a direct charge's platform part as
 * application fee; a wallet top-up credited to the wallet; a refund paid back), with the business
 * keys the real operations use.
 */

let rt: TestRuntime;
let ledger: Ledger;
const tokens: Record<string, string> = {};
const ids = {
  system: 0,
  brightSystem: 0,
  root: 0,
  northwind: 0,
  harbor: 0,
  summit: 0,
  bright: 0,
  brightClient: 0,
};
const campaigns = { a: 0, b: 0, summit: 0, bright: 0 };
const MAY = '2024-05-01/2024-05-31';
const at = (day: string) => new Date(`2024-${day}T12:00:00Z`);

let objects = 0;
/** A charge collected through the gateway, its lines as `chargeOnce` writes them. */
async function collect(input: {
  systemId?: number;
  kind: LedgerCauseKind;
  key: string;
  companyId: number;
  cents: number;
  on: Date;
  /** A direct charge: only the platform's application fee reaches the system. */
  direct?: boolean;
  /** Money held for the company (a Data Wallet top-up), not earned. */
  creditAccountId?: number;
}) {
  const systemId = input.systemId ?? ids.system;
  const system = { type: 'system' } as const;
  const clearing = await ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system });
  const earned = await ledger.accountFor({
    systemId,
    kind: input.direct ? 'application_fees' : 'revenue',
    owner: system,
  });
  const receivable = await ledger.accountFor({
    systemId,
    kind: 'receivable',
    owner: { type: 'company', companyId: input.companyId },
  });
  const amount = asCents(input.cents);
  const back = asCents(-input.cents);
  const objectId = `ch_report_${process.pid}_${++objects}`;
  await ledger.post({
    systemId,
    cause: {
      kind: input.kind,
      description: `test ${input.key}`,
      businessKey: input.key,
      companyId: input.companyId,
    },
    gateway: { name: 'sandbox', objectId },
    lines: [
      { accountId: receivable.id, amount },
      { accountId: input.creditAccountId ?? earned.id, amount: back },
      { accountId: clearing.id, amount },
      { accountId: receivable.id, amount: back },
    ],
    postedAt: input.on,
  });
  return objectId;
}

/** A refund of a charge, as the prepaid refund writes it (key `refund:<charge object>`). */
async function refund(chargeObject: string, companyId: number, cents: number, on: Date) {
  const system = { type: 'system' } as const;
  const systemId = ids.system;
  const [refunds, clearing, receivable] = await Promise.all([
    ledger.accountFor({ systemId, kind: 'refunds', owner: system }),
    ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system }),
    ledger.accountFor({ systemId, kind: 'receivable', owner: { type: 'company', companyId } }),
  ]);
  await ledger.post({
    systemId,
    cause: { kind: 'refund', description: 'test refund', businessKey: `refund:${chargeObject}`, companyId },
    gateway: { name: 'sandbox', objectId: `re_${chargeObject}` },
    lines: [
      { accountId: refunds.id, amount: asCents(cents) },
      { accountId: receivable.id, amount: asCents(-cents) },
      { accountId: receivable.id, amount: asCents(cents) },
      { accountId: clearing.id, amount: asCents(-cents) },
    ],
    postedAt: on,
  });
}

/** The prepaid block a charge bought (leads, no money), keyed by the operation it paid. */
async function prepaidBlock(operationKey: string, campaignId: number, on: Date) {
  const systemId = ids.system;
  const [outstanding, prepaid] = await Promise.all([
    ledger.accountFor({ systemId, kind: 'prepaid_outstanding', owner: { type: 'system' } }),
    ledger.accountFor({
      systemId,
      kind: 'prepaid',
      owner: { type: 'company', companyId: ids.harbor },
      reference: `campaign:${campaignId}`,
    }),
  ]);
  await ledger.post({
    systemId,
    cause: {
      kind: 'prepaid_block',
      description: 'test block',
      businessKey: `prepaid-block:${operationKey}`,
      companyId: ids.harbor,
    },
    lines: [
      { accountId: outstanding.id, amount: asLeads(50) },
      { accountId: prepaid.id, amount: asLeads(-50) },
    ],
    postedAt: on,
  });
}

beforeAll(async () => {
  rt = await startTestRuntime();
  ledger = rt.services.ledger;
  const db = rt.database.db;
  const person = async (key: string, email: string, host = 'localhost') => {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    tokens[key] = (await signIn(rt, email, { host, ip: '10.9.7.1' })).access_token;
    return row!;
  };
  const root = await person('root', DEMO.master.rootUser.email);
  await person('owner', DEMO.northwind.owner.email);
  await person('summit', DEMO.summit.owner.email);
  const bright = await person('bright', DEMO.brightreach.rootUser.email, DEMO.brightreach.domain);
  ids.system = root.systemId;
  ids.root = root.companyId;
  ids.bright = bright.companyId;
  ids.brightSystem = bright.systemId;

  const a = await insertCampaign(db, { clientName: DEMO.northwind.clients[0].name, name: 'Report A' });
  const b = await insertCampaign(db, {
    clientName: DEMO.northwind.clients[0].name,
    name: 'Report B',
    status: 'paused',
    module: 'locator',
  });
  const s = await insertCampaign(db, { clientName: DEMO.summit.clients[0].name, name: 'Report S' });
  const o = await insertCampaign(db, { clientName: DEMO.brightreach.agency.client.name, name: 'Report O' });
  campaigns.a = a.id;
  campaigns.b = b.id;
  campaigns.summit = s.id;
  campaigns.bright = o.id;
  ids.northwind = a.agencyId;
  ids.harbor = a.clientId;
  ids.summit = s.agencyId;
  ids.brightClient = o.clientId;

  const wallet = await ledger.accountFor({
    systemId: ids.system,
    kind: 'wallet',
    owner: { type: 'company', companyId: ids.northwind },
  });
  await collect({
    kind: 'onboarding_charge',
    key: `onboarding:report:${ids.northwind}`,
    companyId: ids.northwind,
    cents: 50_000,
    on: at('05-02'),
  });
  // Campaign A's activation: a direct charge of the client's card, $30 of it the platform's fee.
  const chargeA = await collect({
    kind: 'charge',
    key: `campaign-activation:${campaigns.a}:1`,
    companyId: ids.harbor,
    cents: 3_000,
    on: at('05-03'),
    direct: true,
  });
  // Campaign B's activation bought a prepaid block (paid on the second attempt).
  await collect({
    kind: 'charge',
    key: `campaign-activation:${campaigns.b}:1:attempt-2`,
    companyId: ids.harbor,
    cents: 20_000,
    on: at('05-03'),
  });
  await prepaidBlock(`campaign-activation:${campaigns.b}:1`, campaigns.b, at('05-03'));
  await collect({
    kind: 'charge',
    key: `invoice:${campaigns.a}:1:2024-05-06`,
    companyId: ids.harbor,
    cents: 7_500,
    on: at('05-10'),
  });
  // B's continual top-up: the platform's part charged to the agency.
  await collect({
    kind: 'charge',
    key: `prepaid-topup:${campaigns.b}:2:platform-part`,
    companyId: ids.northwind,
    cents: 2_000,
    on: at('05-12'),
  });
  await prepaidBlock(`prepaid-topup:${campaigns.b}:2`, campaigns.b, at('05-12'));
  await collect({
    kind: 'wallet_topup',
    key: `wallet-topup:${ids.northwind}:report`,
    companyId: ids.northwind,
    cents: 25_000,
    on: at('05-15'),
    creditAccountId: wallet.id,
  });
  await collect({
    kind: 'minimum_spend',
    key: `minspend:${ids.northwind}:2024-04-01:report`,
    companyId: ids.northwind,
    cents: 4_000,
    on: at('05-16'),
  });
  await refund(chargeA, ids.harbor, 1_000, at('05-20'));
  await collect({
    kind: 'charge',
    key: `campaign-activation:${campaigns.summit}:1`,
    companyId: ids.summit,
    cents: 6_000,
    on: at('05-21'),
  });
  await collect({
    kind: 'charge',
    key: `invoice:${campaigns.a}:1:2024-06-03`,
    companyId: ids.harbor,
    cents: 3_300,
    on: at('06-03'),
  });
  await collect({
    systemId: ids.brightSystem,
    kind: 'charge',
    key: `campaign-activation:${campaigns.bright}:1`,
    companyId: ids.brightClient,
    cents: 9_900,
    on: at('05-05'),
  });
  // Not collected money: a commission payout and a correction on the clearing account.
  const clearing = await ledger.accountFor({
    systemId: ids.system,
    kind: 'gateway_clearing',
    owner: { type: 'system' },
  });
  const expense = await ledger.accountFor({
    systemId: ids.system,
    kind: 'commission_expense',
    owner: { type: 'system' },
  });
  for (const kind of ['transfer', 'correction'] as const)
    await ledger.post({
      systemId: ids.system,
      cause: {
        kind,
        description: `test ${kind}`,
        businessKey: `report-test:${kind}:${process.pid}`,
        companyId: null,
      },
      lines: [
        { accountId: expense.id, amount: asCents(500) },
        { accountId: clearing.id, amount: asCents(-500) },
      ],
      postedAt: at('05-22'),
    });

  // Leads: three of A on 10 May, one of B on 11 May, and a site test's lead that does not count.
  for (let i = 0; i < 3; i++) await insertLead(db, a, { createdAt: at('05-10') });
  await insertLead(db, b, { createdAt: at('05-11') });
  await insertLead(db, a, { createdAt: at('05-10'), source: 'test' });
});
afterAll(() => rt?.close());

const get = (who: string, url: string) => rt.app.inject({ url: `/api${url}`, headers: bearer(tokens[who]!) });
const dollars = (cents: number) => centsToDollars(asCents(cents));
const analytics = async (company: number, campaign = 0, range = MAY, query = '') => {
  const res = await get('root', `/configuration/report-analytics/${range}/${company}/${campaign}${query}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
};

/** What the ledger holds as collected for the range, summed here straight from its rows. */
async function ledgerCollected(systemId: number, from: string, to: string): Promise<Cents> {
  const [row] = await queryRows<{ total: string | number }>(
    rt.database.db,
    sql`select coalesce(sum(l.amount), 0)::bigint as total
          from ledger_lines l
          join ledger_accounts a on a.id = l.account_id and a.kind = 'gateway_clearing' and a.company_id is null
          join ledger_postings p on p.id = l.posting_id
         where a.system_id = ${systemId} and p.cause_kind not in ('transfer', 'correction')
           and l.posted_at >= ${from}::timestamptz and l.posted_at < ${to}::timestamptz`,
  );
  return asCents(Number.parseInt(String(row?.total ?? 0), 10));
}

/** Totals equal their series: sources add up to the total, periods to the total, each period's sources to it. */
function expectAddsUp(money: {
  total: string;
  by_source: Record<string, string>;
  periods: { total: string; sources: Record<string, string> }[];
}) {
  const cents = (d: string): number =>
    d.startsWith('-') ? -(centsFromWire(d.slice(1)) ?? NaN) : (centsFromWire(d) ?? NaN);
  const sum = (values: string[]) => values.reduce((n, v) => n + cents(v), 0);
  expect(sum(COLLECTED_SOURCES.map((s) => money.by_source[s]!))).toBe(cents(money.total));
  expect(sum(money.periods.map((p) => p.total))).toBe(cents(money.total));
  for (const p of money.periods)
    expect(sum(COLLECTED_SOURCES.map((s) => p.sources[s]!))).toBe(cents(p.total));
  for (const s of COLLECTED_SOURCES)
    expect(sum(money.periods.map((p) => p.sources[s]!)), s).toBe(cents(money.by_source[s]!));
}

describe('Report Analytics: collected money, campaigns and leads', () => {
  it('shows the system’s collected money per day by source, equal to the ledger’s', async () => {
    const body = await analytics(ids.root);
    expect(body).not.toHaveProperty('campaigns.note');
    expect(body.money.period).toBe('day');
    expect(body.money.periods).toHaveLength(31);
    expect(body.money.by_source).toEqual({
      campaigns: dollars(3_000 + 7_500 + 6_000),
      prepaid: dollars(20_000 + 2_000),
      wallet: dollars(25_000),
      minimum_spend: dollars(4_000),
      onboarding: dollars(50_000),
      refunds: dollars(-1_000),
    });
    expect(body.money.total).toBe(dollars(116_500));
    expect(body.money.total).toBe(
      centsToDollars(await ledgerCollected(ids.system, '2024-05-01T00:00:00Z', '2024-06-01T00:00:00Z')),
    );
    expectAddsUp(body.money);
    const may3 = body.money.periods.find((p: { start: string }) => p.start === '2024-05-03');
    expect(may3).toMatchObject({ end: '2024-05-03', total: dollars(23_000) });
    expect(may3.sources).toMatchObject({ campaigns: dollars(3_000), prepaid: dollars(20_000) });
    expect(body.money.note).toMatch(/^Collected: money received/);
  });

  it('narrows money, campaigns and leads to an agency, a client and one campaign', async () => {
    const agency = await analytics(ids.northwind);
    expect(agency.money.by_source.campaigns).toBe(dollars(3_000 + 7_500));
    expect(agency.money.total).toBe(dollars(116_500 - 6_000));
    expectAddsUp(agency.money);

    const client = await analytics(ids.harbor);
    // Harbor paid A's fee, B's activation and A's invoice and got a refund; the agency paid the rest.
    expect(client.money.by_source).toMatchObject({
      campaigns: dollars(10_500),
      prepaid: dollars(20_000),
      wallet: '0',
      refunds: dollars(-1_000),
    });
    expect(client.money.total).toBe(dollars(29_500));
    expect(client.leads.total).toBe(4);
    expect(client.leads.series.find((p: { date: string }) => p.date === '2024-05-10').value).toBe(3);

    const a = await analytics(ids.northwind, campaigns.a);
    expect(a.money.by_source).toMatchObject({
      campaigns: dollars(10_500),
      refunds: dollars(-1_000),
      prepaid: '0',
    });
    expect(a.money.total).toBe(dollars(9_500));
    expect(a.leads.total).toBe(3);
    expect(a.campaigns).toEqual({
      total: 1,
      active: 1,
      paused: 0,
      stopped: 0,
      archived: 0,
      by_module: [{ module: 'local', active: 1, paused: 0, stopped: 0, archived: 0 }],
    });
    const b = await analytics(ids.harbor, campaigns.b);
    expect(b.money.by_source.prepaid).toBe(dollars(22_000));
    expect(b.money.total).toBe(dollars(22_000));
    expect(b.campaigns).toMatchObject({ total: 1, paused: 1, by_module: [{ module: 'locator', paused: 1 }] });

    // The client's campaigns as stored, whatever else the demo holds.
    const [stored] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from campaigns where client_id = ${ids.harbor} and removed_at is null`,
    );
    expect(client.campaigns.total).toBe(stored!.n);
  });

  it('buckets longer ranges by week or month, or as asked, and the buckets add up', async () => {
    const half = await analytics(ids.root, 0, '2024-01-01/2024-06-30');
    expect(half.money.period).toBe('week');
    expect(half.money.periods[0]).toMatchObject({ start: '2024-01-01', end: '2024-01-07' });
    expect(half.money.periods.at(-1)).toMatchObject({ start: '2024-06-24', end: '2024-06-30' });
    expect(half.money.total).toBe(dollars(116_500 + 3_300));
    expect(half.money.total).toBe(
      centsToDollars(await ledgerCollected(ids.system, '2024-01-01T00:00:00Z', '2024-07-01T00:00:00Z')),
    );
    expectAddsUp(half.money);

    const months = await analytics(ids.root, 0, '2024-04-15/2024-06-30', '?period=month');
    expect(months.money.period).toBe('month');
    expect(months.money.periods.map((p: { start: string; end: string }) => [p.start, p.end])).toEqual([
      ['2024-04-15', '2024-04-30'],
      ['2024-05-01', '2024-05-31'],
      ['2024-06-01', '2024-06-30'],
    ]);
    expect(months.money.periods[1].total).toBe(dollars(116_500));
    expectAddsUp(months.money);

    const year = await analytics(ids.root, 0, '2024-01-01/2024-12-31');
    expect(year.money.period).toBe('month');
    expect(year.money.periods).toHaveLength(12);
    expect(
      (await get('root', `/configuration/report-analytics/${MAY}/${ids.root}/0?period=year`)).statusCode,
    ).toBe(400);
  });

  it('answers 404 for a campaign outside the company or the tenant, 403 without the permission', async () => {
    for (const [company, campaign] of [
      [ids.northwind, campaigns.summit],
      [ids.harbor, campaigns.summit],
      [ids.root, campaigns.bright],
      [ids.root, 2_000_000_000],
    ]) {
      const res = await get('root', `/configuration/report-analytics/${MAY}/${company}/${campaign}`);
      expect(res.statusCode, `${company}/${campaign}`).toBe(404);
    }
    expect((await get('root', `/configuration/report-analytics/${MAY}/${ids.bright}/0`)).statusCode).toBe(
      404,
    );
    expect(
      (await get('bright', `/configuration/report-analytics/${MAY}/${ids.bright}/${campaigns.bright}`))
        .statusCode,
    ).toBe(200);
    // Another system's root sees its own money only.
    const other = (await get('bright', `/configuration/report-analytics/${MAY}/${ids.bright}/0`)).json();
    expect(other.money.total).toBe(dollars(9_900));

    const root = await rt.database.db.select().from(users).where(eq(users.email, DEMO.master.rootUser.email));
    const setPermissions = (value: Record<string, unknown> | null) =>
      rt.database.db.update(users).set({ userPermissions: value }).where(eq(users.id, root[0]!.id));
    await setPermissions({ report_analytics: false });
    const denied = await get(
      'root',
      `/configuration/report-analytics/${MAY}/${ids.northwind}/${campaigns.a}`,
    );
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(NO_REPORT_PERMISSION);
    await setPermissions(null);
  });
});

describe('root revenue: collected money by source and period', () => {
  it('splits the collected money by source and period, totals equal to the ledger’s', async () => {
    const res = await get('root', `/configuration/root-revenue/${MAY}`);
    expect(res.statusCode, res.body).toBe(200);
    const { collected } = res.json();
    expect(collected).toMatchObject({
      period: 'day',
      total: dollars(116_500),
      // Received on the platform's own charges (the wallet top-up included), less nothing else.
      revenue: dollars(117_500 - 3_000),
      application_fees: dollars(3_000),
      refunds: dollars(1_000),
    });
    expect(collected.total).toBe(
      centsToDollars(await ledgerCollected(ids.system, '2024-05-01T00:00:00Z', '2024-06-01T00:00:00Z')),
    );
    expectAddsUp(collected);
    const on = (date: string) => collected.series.find((p: { date: string }) => p.date === date)?.amount;
    expect(on('2024-05-20')).toBe(dollars(-1_000));
    expect(on('2024-05-22')).toBe('0');

    const weeks = (await get('root', '/configuration/root-revenue/2024-03-01/2024-06-30')).json().collected;
    expect(weeks.period).toBe('week');
    expect(weeks.series).toHaveLength(122);
    expect(weeks.total).toBe(dollars(119_800));
    expectAddsUp(weeks);
    const byMonth = (
      await get('root', '/configuration/root-revenue/2024-03-01/2024-06-30?period=month')
    ).json().collected;
    expect(byMonth.periods.map((p: { total: string }) => p.total)).toEqual([
      '0',
      '0',
      dollars(116_500),
      dollars(3_300),
    ]);
  });
});

describe('GET /configuration/get-under-perform-campaigns', () => {
  const ask = (who: string, query: string) => get(who, `/configuration/get-under-perform-campaigns?${query}`);

  it('flags campaigns with fewer leads on the day than their daily average of the 7 days before', async () => {
    const db = rt.database.db;
    const row = {
      id: campaigns.a,
      clientId: ids.harbor,
      agencyId: ids.northwind,
      systemId: ids.system,
      module: 'local',
    };
    // A: 14 leads over 1-7 May (average 2 a day), 1 on 8 May → under-performing; B: none before → not judged.
    for (let day = 1; day <= 7; day++)
      for (let i = 0; i < 2; i++)
        await insertLead(db, row, { createdAt: new Date(`2024-05-0${day}T15:00:00Z`) });
    await insertLead(db, row, { createdAt: new Date('2024-05-08T15:00:00Z') });
    const res = await ask('owner', `campaign_ids=${campaigns.a},${campaigns.b}&selected_date=2024-05-08`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.rule).toBe(UNDER_PERFORM_RULE);
    expect(body.campaigns).toEqual([
      expect.objectContaining({
        id: campaigns.a,
        leads_on_date: 1,
        leads_previous_7_days: 14,
        under_perform: true,
      }),
      expect.objectContaining({
        id: campaigns.b,
        leads_on_date: 0,
        leads_previous_7_days: 0,
        under_perform: false,
      }),
    ]);
    expect(body.under_perform_ids).toEqual([campaigns.a]);
    // Two a day is the average: not under it.
    await insertLead(db, row, { createdAt: new Date('2024-05-08T16:00:00Z') });
    expect(
      (await ask('root', `campaign_ids=${campaigns.a}&selected_date=2024-05-08`)).json().under_perform_ids,
    ).toEqual([]);
  });

  it('judges a campaign with its own minimum leads per day by that minimum, and not outside its dates (decision 0094)', async () => {
    const db = rt.database.db;
    const minimum = await insertCampaign(db, {
      name: 'Report minimum',
      minimumLimitLeads: 3,
      timeZone: 'UTC',
    });
    const ended = await insertCampaign(db, {
      name: 'Report ended',
      minimumLimitLeads: 3,
      endDate: '2024-05-07',
      timeZone: 'UTC',
    });
    // Two leads on 8 May: under a minimum of three, whatever the week before held (none).
    for (const campaign of [minimum, ended])
      for (let i = 0; i < 2; i++)
        await insertLead(db, campaign, { createdAt: new Date(`2024-05-08T1${i}:00:00Z`) });
    const body = (
      await ask('owner', `campaign_ids=${minimum.id},${ended.id},${campaigns.a}&selected_date=2024-05-08`)
    ).json();
    expect(body.campaigns).toEqual([
      expect.objectContaining({
        id: minimum.id,
        leads_on_date: 2,
        expected_leads: 3,
        basis: 'minimum',
        under_perform: true,
      }),
      expect.objectContaining({
        id: ended.id,
        leads_on_date: 2,
        expected_leads: null,
        basis: 'none',
        under_perform: false,
      }),
      // The average of the 7 days before (14 leads: 2 a day) when the campaign sets no minimum.
      expect.objectContaining({ id: campaigns.a, expected_leads: 2, basis: 'average' }),
    ]);
    expect(body.under_perform_ids).toEqual([minimum.id]);
    await insertLead(db, minimum, { createdAt: new Date('2024-05-08T20:00:00Z') });
    expect(
      (await ask('owner', `campaign_ids=${minimum.id}&selected_date=2024-05-08`)).json().under_perform_ids,
    ).toEqual([]);
  });

  it('checks every campaign id against the caller’s scope and validates the query', async () => {
    expect(
      (await ask('summit', `campaign_ids=${campaigns.summit},${campaigns.a}&selected_date=2024-05-08`))
        .statusCode,
    ).toBe(404);
    expect((await ask('owner', `campaign_ids=${campaigns.bright}&selected_date=2024-05-08`)).statusCode).toBe(
      404,
    );
    expect(
      (await ask('summit', `campaign_ids=${campaigns.summit}&selected_date=2024-05-08`)).statusCode,
    ).toBe(200);
    for (const query of [
      `campaign_ids=&selected_date=2024-05-08`,
      `campaign_ids=x&selected_date=2024-05-08`,
      `campaign_ids=${campaigns.a}&selected_date=2024-02-30`,
      `campaign_ids=${campaigns.a}`,
      `campaign_ids=${campaigns.a}&selected_date=2024-05-08&x=1`,
    ])
      expect((await ask('owner', query)).statusCode, query).toBe(400);
  });
});
