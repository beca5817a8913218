import { asCents, DATE_INVALID, REPORT_DATE_ORDER, REPORT_RANGE_TOO_LONG } from '@app/contracts';
import { agencyPrices, companies, DEMO, eq, onboardingSettings, sql, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardOnFile } from '../../../test/kits/cards.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { NO_REPORT_PERMISSION } from './report-service.js';

let rt: TestRuntime;
const people: Record<string, { id: number; companyId: number; systemId: number }> = {};
const tokens: Record<string, string> = {};
let rootId: number;
let northwind: number;
let newAgencies: number[] = [];
const MARCH = '2024-03-01/2024-03-31';
const at = (day: string, time = '12:00:00') => new Date(`2024-03-${day}T${time}Z`);

const EMAILS = {
  root: DEMO.master.rootUser.email,
  sales: DEMO.master.sales.email,
  owner: DEMO.northwind.owner.email,
  admin: DEMO.northwind.administrator.email,
  harbor: DEMO.northwind.clients[0].contact.email,
  summit: DEMO.summit.owner.email,
  bright: DEMO.brightreach.rootUser.email,
  coastal: DEMO.brightreach.agency.owner.email,
} as const;

async function log(who: keyof typeof EMAILS, action: string, createdAt: Date, category = 'auth') {
  const p = people[who]!;
  await rt.database.db.insert(userLogs).values({
    systemId: p.systemId,
    companyId: p.companyId,
    userId: p.id,
    actorUserId: p.id,
    action,
    category,
    description: 'report test',
    createdAt,
  });
}

beforeAll(async () => {
  rt = await startTestRuntime();
  const db = rt.database.db;
  for (const [key, email] of Object.entries(EMAILS)) {
    const [row] = await db.select().from(users).where(eq(users.email, email));
    people[key] = { id: row!.id, companyId: row!.companyId, systemId: row!.systemId };
  }
  rootId = people.root!.companyId;
  northwind = people.owner!.companyId;
  const systemId = people.root!.systemId;
  // Northwind and Summit have their cards (as the demo's first start saves them).
  await cardOnFile(rt, northwind);
  await cardOnFile(rt, people.summit!.companyId);

  // Two agencies joined on 10 March (one excluded from the onboarding charge, one with its own price),
  // three clients of Northwind on 10 and 11 March.
  const agency = (name: string, extra: Partial<typeof companies.$inferInsert> = {}) =>
    db
      .insert(companies)
      .values({ systemId, rootId, parentId: rootId, kind: 'agency', name, createdAt: at('10'), ...extra })
      .returning({ id: companies.id });
  const [a1] = await agency('March Agency One');
  const [a2] = await agency('March Agency Two', { excludeOnboardCharge: true });
  const [a3] = await agency('March Agency Three', { createdAt: at('20') });
  newAgencies = [a1!.id, a2!.id, a3!.id];
  await db.insert(onboardingSettings).values([
    { companyId: rootId, amountCents: asCents(50_000) },
    { companyId: a3!.id, amountCents: asCents(25_000) },
  ]);
  for (const [day, name] of [
    ['10', 'March Client A'],
    ['10', 'March Client B'],
    ['11', 'March Client C'],
  ] as const) {
    await db
      .insert(companies)
      .values({ systemId, rootId, parentId: northwind, kind: 'client', name, createdAt: at(day) });
  }
  // A deleted client never counts.
  await db.insert(companies).values({
    systemId,
    rootId,
    parentId: northwind,
    kind: 'client',
    name: 'Gone Client',
    createdAt: at('10'),
    deletedAt: at('12'),
  });

  await log('owner', 'login', at('10', '08:00:00'));
  await log('owner', 'login', at('10', '18:00:00'));
  await log('admin', 'login_sso', at('10'));
  await log('harbor', 'login', at('11'));
  await log('summit', 'login', at('12'));
  await log('owner', 'login_failed', at('12'));
  await log('owner', 'role_created', at('12'), 'settings');
  await log('coastal', 'login', at('10'));
  await log('owner', 'login', new Date('2024-04-01T00:00:00Z'));

  // Configured fees: the root's defaults for local and a Northwind price of its own (replacing the
  // demo's prices, so the expected figures are this test's alone).
  await db.delete(agencyPrices);
  await db.insert(agencyPrices).values([
    {
      companyId: rootId,
      module: 'local',
      term: 'Monthly',
      setupFeeCents: asCents(10_000),
      platformFeeCents: asCents(5_000),
    },
    {
      companyId: rootId,
      module: 'locator',
      term: 'Monthly',
      setupFeeCents: asCents(1_000),
      platformFeeCents: asCents(500),
    },
    {
      companyId: northwind,
      module: 'local',
      term: 'Monthly',
      setupFeeCents: asCents(20_000),
      platformFeeCents: asCents(7_000),
    },
  ]);

  let n = 40;
  for (const key of Object.keys(EMAILS) as (keyof typeof EMAILS)[]) {
    const host = key === 'bright' || key === 'coastal' ? DEMO.brightreach.domain : 'localhost';
    tokens[key] = (await signIn(rt, EMAILS[key], { host, ip: `10.9.0.${n++}` })).access_token;
  }
});
afterAll(() => rt?.close());

/** The figures below are UTC days: the viewer's browser says UTC (decision 0094: days are the viewer's). */
const get = (who: string, url: string, zone = 'UTC') =>
  rt.app.inject({ url: `/api${url}`, headers: { ...bearer(tokens[who]!), 'x-timezone': zone } });
const point = (series: { date: string; value: number }[], date: string) =>
  series.find((p) => p.date === date)?.value;

describe('GET /configuration/report-analytics', () => {
  it('answers the system’s real figures as daily series for the root company', async () => {
    const res = await get('root', `/configuration/report-analytics/${MARCH}/${rootId}/0`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    const [{ n: liveUsers }] = (
      (await rt.database.db.execute(
        sql`select count(*)::int as n from users u join companies c on c.id = u.company_id
            where c.system_id = ${people.root!.systemId} and u.deleted_at is null and c.deleted_at is null`,
      )) as unknown as { rows: { n: number }[] }
    ).rows as [{ n: number }];
    expect(body.range).toEqual({ time_zone: 'UTC', start: '2024-03-01', end: '2024-03-31', days: 31 });
    expect(body.company).toEqual({ id: rootId, name: DEMO.master.root.name, kind: 'root' });
    expect(body.totals).toEqual({
      agencies: 5,
      clients: 6,
      users: liveUsers,
      agencies_created: 3,
      clients_created: 3,
      sign_ins: 5,
      active_users: 4,
      actions: 7,
    });
    expect(body.series.sign_ins).toHaveLength(31);
    expect(point(body.series.agencies_created, '2024-03-10')).toBe(2);
    expect(point(body.series.clients_created, '2024-03-10')).toBe(2);
    expect(point(body.series.clients_created, '2024-03-11')).toBe(1);
    expect(point(body.series.sign_ins, '2024-03-10')).toBe(3);
    expect(point(body.series.active_users, '2024-03-10')).toBe(2);
    expect(point(body.series.sign_ins, '2024-03-01')).toBe(0);
    expect(body.actions_by_category).toEqual([
      { key: 'auth', value: 6 },
      { key: 'settings', value: 1 },
    ]);
    expect(body.agencies_by_account_status).toEqual(
      expect.arrayContaining([
        { key: 'completed', value: 1 },
        { key: '', value: 4 },
      ]),
    );
    expect(body.clients_per_agency[0]).toEqual({ id: northwind, name: DEMO.northwind.name, value: 5 });
    expect(body.campaigns.total).toBeGreaterThanOrEqual(0);
    expect(body.money.period).toBe('day');
    expect(res.body).not.toContain('Coastal');
  });

  it('reports one agency’s tree, takes the /0/0/{root} form and validates dates', async () => {
    const agency = (await get('root', `/configuration/report-analytics/${MARCH}/${northwind}/0`)).json();
    expect(agency.totals).toMatchObject({
      agencies: 1,
      clients: 5,
      sign_ins: 4,
      active_users: 3,
      clients_created: 3,
    });

    const short = await get('root', `/configuration/report-analytics/0/0/${rootId}`);
    expect(short.statusCode, short.body).toBe(200);
    expect(short.json().range.days).toBe(30);
    expect(short.json().series.actions).toHaveLength(30);

    for (const [path, message] of [
      ['2024-02-30/2024-03-31', DATE_INVALID],
      ['2024-03-31/2024-03-01', REPORT_DATE_ORDER],
      ['2023-01-01/2024-03-01', REPORT_RANGE_TOO_LONG],
    ]) {
      const res = await get('root', `/configuration/report-analytics/${path}/${rootId}/0`);
      expect(res.statusCode, path).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect(
      (await get('root', `/configuration/report-analytics/${MARCH}/${rootId}/2000000000`)).statusCode,
    ).toBe(404);
  });

  it('follows spec 1 §2.3: root system users with the permission or none set; others 404', async () => {
    for (const who of ['owner', 'admin', 'harbor', 'sales', 'summit']) {
      const company = people[who]!.companyId;
      const res = await get(who, `/configuration/report-analytics/${MARCH}/${company}/0`);
      expect(res.statusCode, who).toBe(404);
    }
    expect((await get('bright', `/configuration/report-analytics/${MARCH}/${rootId}/0`)).statusCode).toBe(
      404,
    );
    expect(
      (await get('root', `/configuration/report-analytics/${MARCH}/${people.bright!.companyId}/0`))
        .statusCode,
    ).toBe(404);
    expect(
      (await rt.app.inject({ url: `/api/configuration/report-analytics/${MARCH}/${rootId}/0` })).statusCode,
    ).toBe(401);

    const root = people.root!.id;
    const setPermissions = (value: Record<string, unknown> | null) =>
      rt.database.db.update(users).set({ userPermissions: value }).where(eq(users.id, root));
    await setPermissions({ report_analytics: false, other: true });
    const denied = await get('root', `/configuration/report-analytics/${MARCH}/${rootId}/0`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().error.message).toBe(NO_REPORT_PERMISSION);
    await setPermissions({ report_analytics: 'T' });
    expect((await get('root', `/configuration/report-analytics/${MARCH}/${rootId}/0`)).statusCode).toBe(200);
    await setPermissions({});
    expect((await get('root', `/configuration/report-analytics/${MARCH}/${rootId}/0`)).statusCode).toBe(200);
    await setPermissions(null);
  });

  it('in global view mode shows the viewed person’s scope only', async () => {
    const switched = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: people.owner!.id },
      { token: tokens.root, ip: '10.9.1.1' },
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const viewing = switched.json().access_token as string;
    const own = await rt.app.inject({
      url: `/api/configuration/report-analytics/${MARCH}/${northwind}/0`,
      headers: bearer(viewing),
    });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().totals.clients).toBe(5);
    const whole = await rt.app.inject({
      url: `/api/configuration/report-analytics/${MARCH}/${rootId}/0`,
      headers: bearer(viewing),
    });
    expect(whole.statusCode).toBe(404);
  });
});

describe('GET /configuration/root-revenue/{start}/{end}', () => {
  it('answers collected money (none in this range) and configured fees, each labelled', async () => {
    const res = await get('root', `/configuration/root-revenue/${MARCH}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.basis).toBe('collected');
    expect(body.note).toMatch(/^Collected: money received/);
    expect(body.configured_note).toMatch(/not money received/);
    expect(body.collected).toMatchObject({ total: '0', revenue: '0', application_fees: '0', refunds: '0' });
    expect(body.collected.series).toHaveLength(31);
    expect(body.onboarding).toMatchObject({
      price: '500.00',
      agencies_created: 3,
      agencies_excluded: 1,
      configured: '750.00',
    });
    const amountOn = (date: string) =>
      body.onboarding.series.find((p: { date: string }) => p.date === date)?.amount;
    expect(body.onboarding.series).toHaveLength(31);
    expect(amountOn('2024-03-10')).toBe('500.00');
    expect(amountOn('2024-03-20')).toBe('250.00');
    expect(amountOn('2024-03-01')).toBe('0');
    expect(point(body.agencies_created, '2024-03-10')).toBe(2);
    const monthly = body.by_term.find((t: { term: string }) => t.term === 'Monthly');
    // Northwind offers every module: its own local price plus the root's locator default.
    // Summit offers local, locator, enhance: the root's local and locator defaults.
    expect(monthly).toEqual({
      term: 'Monthly',
      agencies: 2,
      setup_fee: '320.00', // 200.00 + 10.00 + 100.00 + 10.00
      platform_fee: '130.00', // 70.00 + 5.00 + 50.00 + 5.00
    });
    expect(body.by_term.map((t: { term: string }) => t.term)).toEqual([
      'Weekly',
      'Monthly',
      'OneTime',
      'Prepaid',
    ]);
  });

  it('is root-only and validates its dates', async () => {
    for (const who of ['owner', 'admin', 'sales', 'harbor']) {
      expect((await get(who, `/configuration/root-revenue/${MARCH}`)).statusCode, who).toBe(404);
    }
    expect(
      (await get('bright', `/configuration/root-revenue/${MARCH}`)).json().onboarding.agencies_created,
    ).toBe(0);
    expect((await get('root', '/configuration/root-revenue/2024-03-01/2024-13-01')).statusCode).toBe(400);
  });
});

describe('GET /configuration/agencies-report/{group}/{sort}/{order}/{search}', () => {
  const report = (who: string, path: string, query = '') =>
    get(who, `/configuration/agencies-report/${path}${query ? `?${query}` : ''}`);

  it('lists the root’s agencies with real per-agency figures, sorted and paged', async () => {
    const res = await report('root', 'all/clients/desc/-', 'SelectedDate=2024-03&PerPage=2');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({ month: '2024-03', total: 5, per_page: 2, last_page: 3, from: 1, to: 2 });
    expect(body.data[0]).toMatchObject({
      id: northwind,
      company_name: DEMO.northwind.name,
      full_name: DEMO.northwind.owner.name,
      email: DEMO.northwind.owner.email,
      clients: 5,
      clients_created_in_month: 3,
      sign_ins_in_month: 4,
      card_on_file: true,
      account_status: 'completed',
      manual_bill: false,
    });
    expect(body.data[0].last_login).not.toBeNull();
    expect(res.body).not.toContain('Coastal');

    const byName = (await report('root', 'all/company_name/asc/-', 'PerPage=10')).json();
    const names = byName.data.map((r: { company_name: string }) => r.company_name);
    expect(names).toEqual(
      [...names].sort((a: string, b: string) => a.toLowerCase().localeCompare(b.toLowerCase())),
    );
    expect((await report('root', 'all/none/none/march')).json().total).toBe(3);
    expect((await report('root', 'all/none/none/-', 'CardStatus=with')).json().total).toBe(2);
    expect((await report('root', 'all/none/none/-', 'CardStatus=without')).json().total).toBe(3);
    // Northwind's clients run campaigns (the demo's); the other agencies' are paused or none.
    const active = (await report('root', 'all/none/none/-', 'CampaignStatus=active')).json();
    expect(active.data.map((r: { id: number }) => r.id)).toEqual([northwind]);
    expect((await report('root', 'all/none/none/-', 'CampaignStatus=inactive')).json().total).toBe(4);
    await rt.database.db.update(companies).set({ apiMode: true }).where(eq(companies.id, newAgencies[0]!));
    expect((await report('root', 'all/none/none/-', 'OpenApiStatus=enabled')).json().data).toEqual([
      expect.objectContaining({ id: newAgencies[0], api_mode: true }),
    ]);
    expect((await report('root', 'all/none/none/-', 'OpenApiStatus=generated')).json().total).toBe(0);
  });

  it('is root-only and validates its parameters', async () => {
    for (const who of ['owner', 'sales', 'harbor', 'admin']) {
      expect((await report(who, 'all/none/none/-')).statusCode, who).toBe(404);
    }
    expect((await report('root', 'all/salary/asc/-')).statusCode).toBe(400);
    expect((await report('root', 'all/none/none/-', 'SelectedDate=2024-3')).statusCode).toBe(400);
    expect((await report('root', 'all/none/none/-', 'PerPage=1000')).statusCode).toBe(400);
    expect(
      (await report('bright', 'all/none/none/-'))
        .json()
        .data.map((r: { company_name: string }) => r.company_name),
    ).toEqual([DEMO.brightreach.agency.name]);
  });
});
