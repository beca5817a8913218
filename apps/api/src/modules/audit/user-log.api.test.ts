import { LOG_DATE_RANGE_INVALID, LOG_DATE_RANGE_ORDER, userLogDownloadPath } from '@app/contracts';
import { and, campaigns, companies, DEMO, DEMO_CAMPAIGNS, eq, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign } from '../../../test/kits/campaigns.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';
import { createUserLogRepository } from './user-log-repository.js';

let rt: TestRuntime;
const ids: Record<string, { id: number; companyId: number; systemId: number }> = {};
const tokens: Record<string, string> = {};
const JANUARY = '2026-01-01 - 2026-01-31';

const PEOPLE = {
  owner: DEMO.northwind.owner.email,
  admin: DEMO.northwind.administrator.email,
  harbor: DEMO.northwind.clients[0].contact.email,
  cedar: DEMO.northwind.clients[1].contact.email,
  summit: DEMO.summit.owner.email,
  root: DEMO.master.rootUser.email,
  sales: DEMO.master.sales.email,
  bright: DEMO.brightreach.rootUser.email,
  coastal: DEMO.brightreach.agency.owner.email,
} as const;

async function log(who: keyof typeof PEOPLE, values: Partial<typeof userLogs.$inferInsert>) {
  const person = ids[who]!;
  await rt.database.db.insert(userLogs).values({
    systemId: person.systemId,
    companyId: person.companyId,
    userId: person.id,
    actorUserId: person.id,
    action: 'test_action',
    category: 'settings',
    // Google's public resolver: the offline table places it in Mountain View, California.
    ip: '8.8.8.8',
    ...values,
  });
}

beforeAll(async () => {
  rt = await startTestRuntime();
  for (const [key, email] of Object.entries(PEOPLE)) {
    const [row] = await rt.database.db.select().from(users).where(eq(users.email, email));
    ids[key] = { id: row!.id, companyId: row!.companyId, systemId: row!.systemId };
  }
  await rt.database.db
    .update(users)
    .set({ city: 'Portland', stateCode: 'OR' })
    .where(eq(users.id, ids.owner!.id));
  // Northwind: twelve settings rows by the owner, one a day, and three client rows at one instant.
  for (let day = 1; day <= 12; day++) {
    await log('owner', {
      description: `NW-MARK ${day}`,
      createdAt: new Date(`2026-01-${String(day).padStart(2, '0')}T15:00:00Z`),
    });
  }
  const sameInstant = new Date('2026-01-05T09:30:00Z');
  await log('harbor', {
    category: 'client',
    action: 'client_note',
    description: '=HYPERLINK("http://evil")',
    createdAt: sameInstant,
  });
  await log('harbor', {
    category: 'client',
    action: 'client_note',
    description: 'a,b "c"\nd;=1+1',
    createdAt: sameInstant,
  });
  await log('harbor', {
    category: 'client',
    action: '+dangerous',
    description: '@SUM(1)',
    createdAt: sameInstant,
  });
  await log('owner', {
    action: 'cost_settings_updated',
    description: 'LABEL-MARK',
    ip: '192.168.1.20',
    createdAt: new Date('2026-02-10T12:00:00Z'),
  });
  await log('summit', { description: 'SUMMIT-MARK', createdAt: new Date('2026-01-03T10:00:00Z') });
  await log('coastal', {
    category: 'brightonly',
    description: 'BRIGHT-MARK',
    createdAt: new Date('2026-01-03T10:00:00Z'),
  });
  await log('root', {
    category: 'auth',
    description: 'ROOT-MARK',
    createdAt: new Date('2026-01-04T10:00:00Z'),
  });

  let n = 20;
  for (const key of Object.keys(PEOPLE) as (keyof typeof PEOPLE)[]) {
    const host = key === 'bright' || key === 'coastal' ? DEMO.brightreach.domain : 'localhost';
    tokens[key] = (await signIn(rt, PEOPLE[key], { host, ip: `10.8.0.${n++}` })).access_token;
  }
});
afterAll(() => rt?.close());

const post = (who: string, path: string, body: unknown) =>
  send(rt, `/api/configuration/user/${path}`, body, { token: tokens[who], ip: '10.8.1.1' });

describe('POST /configuration/user/log-user', () => {
  it('pages an agency’s logs (its own and its clients’), newest first, ten a page', async () => {
    const first = await post('owner', 'log-user', {
      companyID: ids.owner!.companyId,
      page: 1,
      log_date_range: JANUARY,
    });
    expect(first.statusCode, first.body).toBe(200);
    const page1 = first.json();
    expect(page1).toMatchObject({ current_page: 1, per_page: 10, total: 15, last_page: 2, from: 1, to: 10 });
    expect(page1.data[0]).toMatchObject({
      name: DEMO.northwind.owner.name,
      type_user: 'Enterprise',
      // Where the IP is, not the person's profile address (Portland, OR).
      location: 'Mountain View, California, US',
      user_ip: '8.8.8.8',
      action: 'Test action',
      action_id: 'test_action',
      category: 'settings',
      description: 'NW-MARK 12',
      company_name: DEMO.northwind.name,
      create_date: '2026-01-12T15:00:00.000Z',
    });
    const page2 = (
      await post('owner', 'log-user', { companyID: ids.owner!.companyId, page: 2, log_date_range: JANUARY })
    ).json();
    expect(page2).toMatchObject({ current_page: 2, from: 11, to: 15 });
    const all = [...page1.data, ...page2.data];
    const dates = all.map((r: { create_date: string }) => r.create_date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(new Set(all.map((r: { id: number }) => r.id)).size).toBe(15);
    const text = JSON.stringify(all);
    for (const marker of ['SUMMIT-MARK', 'BRIGHT-MARK', 'ROOT-MARK']) expect(text).not.toContain(marker);
  });

  it('filters by user type, user, category, date range and campaign', async () => {
    const company = ids.owner!.companyId;
    const total = async (body: Record<string, unknown>) => {
      const res = await post('owner', 'log-user', { companyID: company, log_date_range: JANUARY, ...body });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().total as number;
    };
    expect(await total({ user_type: 'client' })).toBe(3);
    expect(await total({ user_type: 'Enterprise' })).toBe(12);
    expect(await total({ user_type: 'admin' })).toBe(0);
    expect(await total({ user_type: '9999' })).toBe(15);
    expect(await total({ user_id: ids.owner!.id })).toBe(12);
    expect(await total({ user_id: ids.harbor!.id, user_type: 'all' })).toBe(3);
    expect(await total({ action: 'client' })).toBe(3);
    expect(await total({ action: '9999' })).toBe(15);
    expect(await total({ log_date_range: '2026-01-05 - 2026-01-05' })).toBe(4);
    expect(await total({ log_date_range: '2026-01-10 to 2026-01-31' })).toBe(3);
    expect(await total({ leadspeek_api_id: '9999' })).toBe(15);
    expect(await total({ leadspeek_api_id: '123' })).toBe(0);
    const client = await post('owner', 'log-user', {
      companyID: ids.harbor!.companyId,
      log_date_range: JANUARY,
    });
    expect(client.json().total).toBe(3);
  });

  it('shows the action in words and no location for a private address', async () => {
    const res = await post('owner', 'log-user', {
      companyID: ids.owner!.companyId,
      log_date_range: '2026-02-10 - 2026-02-10',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data).toEqual([
      expect.objectContaining({
        description: 'LABEL-MARK',
        action: 'Cost settings updated',
        action_id: 'cost_settings_updated',
        user_ip: '192.168.1.20',
        location: '',
      }),
    ]);
  });

  it('answers 400 with a clear text for a malformed or reversed date range', async () => {
    for (const [range, message] of [
      ['2026-02-30 - 2026-03-01', LOG_DATE_RANGE_INVALID],
      ['last week', LOG_DATE_RANGE_INVALID],
      ['2026-03-01 - 2026-02-01', LOG_DATE_RANGE_ORDER],
    ]) {
      const res = await post('owner', 'log-user', { companyID: ids.owner!.companyId, log_date_range: range });
      expect(res.statusCode, range).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    const bad = await post('owner', 'log-user', { companyID: ids.owner!.companyId, leadspeek_api_id: 'abc' });
    expect(bad.statusCode).toBe(400);
  });

  it('keeps logs to the caller’s scope: system staff see their system, agencies their tree, others 404', async () => {
    const nw = ids.owner!.companyId;
    const asRoot = await post('root', 'log-user', { companyID: nw, log_date_range: JANUARY });
    expect(asRoot.json().total).toBe(15);
    const system = await post('root', 'log-user', {
      companyID: ids.root!.companyId,
      log_date_range: JANUARY,
      page: 1,
    });
    const page2 = await post('root', 'log-user', {
      companyID: ids.root!.companyId,
      log_date_range: JANUARY,
      page: 2,
    });
    const systemRows = JSON.stringify([system.json(), page2.json()]);
    expect(system.json().total).toBe(17);
    expect(systemRows).toContain('SUMMIT-MARK');
    expect(systemRows).toContain('ROOT-MARK');
    expect(systemRows).not.toContain('BRIGHT-MARK');
    expect((await post('admin', 'log-user', { companyID: nw, log_date_range: JANUARY })).json().total).toBe(
      15,
    );

    const refused: [string, Record<string, unknown>][] = [
      ['summit', { companyID: nw }],
      ['bright', { companyID: nw }],
      ['sales', { companyID: nw }],
      ['harbor', { companyID: ids.harbor!.companyId }],
      ['owner', { companyID: ids.summit!.companyId }],
      ['owner', { companyID: ids.root!.companyId }],
      ['owner', { companyID: 999999 }],
      ['owner', { companyID: nw, user_id: ids.summit!.id }],
      ['owner', { companyID: nw, user_id: ids.coastal!.id }],
    ];
    for (const [who, body] of refused) {
      const res = await post(who, 'log-user', body);
      expect(res.statusCode, `${who} ${JSON.stringify(body)}`).toBe(404);
    }
    expect((await send(rt, '/api/configuration/user/log-user', { companyID: nw })).statusCode).toBe(401);
  });
});

describe('log filter options', () => {
  it('show-user lists the people of the company’s tree by user type', async () => {
    const names = async (user_type: string) => {
      const res = await post('owner', 'show-user', { companyID: ids.owner!.companyId, user_type });
      expect(res.statusCode, res.body).toBe(200);
      return res
        .json()
        .data.map((u: { name: string }) => u.name)
        .sort();
    };
    expect(await names('all')).toEqual(
      [
        DEMO.northwind.owner.name,
        DEMO.northwind.administrator.name,
        ...DEMO.northwind.clients.map((c) => c.contact.name),
      ].sort(),
    );
    expect(await names('Client')).toEqual(DEMO.northwind.clients.map((c) => c.contact.name).sort());
    expect(await names('Enterprise')).toEqual([DEMO.northwind.owner.name]);
    expect(await names('Admin')).toEqual([DEMO.northwind.administrator.name]);
    expect(
      (await post('owner', 'show-user', { companyID: ids.owner!.companyId, user_type: 'boss' })).statusCode,
    ).toBe(400);
    expect(
      (await post('summit', 'show-user', { companyID: ids.owner!.companyId, user_type: 'all' })).statusCode,
    ).toBe(404);
  });

  it('show-campaigns answers the company’s campaigns and checks the company (decision 0094)', async () => {
    const harborName = DEMO.northwind.clients[0].name;
    const [harbor] = await rt.database.db.select().from(companies).where(eq(companies.name, harborName));
    // A removed campaign is still offered (its logs stay), after the live ones.
    const removed = await insertCampaign(rt.database.db, {
      name: 'AAA removed campaign',
      removedAt: new Date(),
    });
    const options = async (who: string, companyID: number) => {
      const res = await post(who, 'show-campaigns', { companyID });
      expect(res.statusCode, res.body).toBe(200);
      return res.json().data as { leadspeek_api_id: string; company_name: string; removed: boolean }[];
    };
    const agency = await options('owner', ids.owner!.companyId);
    const northwindIds = DEMO_CAMPAIGNS.filter((c) =>
      DEMO.northwind.clients.some((client) => client.name === c.client),
    ).map((c) => c.publicId);
    expect(agency.map((c) => c.leadspeek_api_id).sort()).toEqual([...northwindIds, removed.publicId].sort());
    expect(agency.at(-1)).toMatchObject({ leadspeek_api_id: removed.publicId, removed: true });
    expect(agency.find((c) => c.leadspeek_api_id === '40010001')).toMatchObject({
      campaign_name: 'Harbor Dental — website visitors',
      company_name: harborName,
      module: 'local',
      status: 'running',
      removed: false,
    });
    const client = await options('owner', harbor!.id);
    expect(client.every((c) => c.company_name === harborName)).toBe(true);
    expect(client.map((c) => c.leadspeek_api_id)).toContain('40010005');
    expect(client.map((c) => c.leadspeek_api_id)).not.toContain('40020001');
    // The root company: the whole system's, no other system's.
    const system = (await options('root', ids.root!.companyId)).map((c) => c.leadspeek_api_id);
    expect(system).toEqual(expect.arrayContaining(['40010001', '40020001', '40030001']));
    expect(system).not.toContain('40040001');
    expect((await options('bright', ids.bright!.companyId)).map((c) => c.leadspeek_api_id)).toEqual([
      '40040001',
    ]);
    // Another tenant's company, or one out of the caller's reach: 404.
    for (const [who, companyID] of [
      ['summit', ids.owner!.companyId],
      ['bright', ids.owner!.companyId],
      ['coastal', harbor!.id],
      ['owner', ids.summit!.companyId],
    ] as const)
      expect((await post(who, 'show-campaigns', { companyID })).statusCode, who).toBe(404);
    expect((await post('harbor', 'show-campaigns', { companyID: harbor!.id })).statusCode).toBe(404);
  });

  it('the campaign filter finds what was done to that campaign', async () => {
    const [campaign] = await rt.database.db
      .select()
      .from(campaigns)
      .where(eq(campaigns.publicId, '40010002'));
    const renamed = await send(
      rt,
      '/api/leadspeek/client/update',
      { leadspeekID: campaign!.id, campaignName: 'Whitening landing page (renamed)' },
      { token: tokens.owner, method: 'PUT', ip: '10.8.1.1' },
    );
    expect(renamed.statusCode, renamed.body).toBe(200);
    const rows = async (leadspeek_api_id: string) =>
      (await post('owner', 'log-user', { companyID: ids.owner!.companyId, leadspeek_api_id })).json()
        .data as {
        description: string;
      }[];
    const mine = await rows('40010002');
    expect(mine.map((r) => r.description)).toEqual([
      expect.stringContaining('Whitening landing page (renamed) (#40010002)'),
    ]);
    expect((await rows('40010001')).map((r) => r.description).join()).not.toContain('renamed');
  });

  it('log-category lists the categories of the caller’s own logs only', async () => {
    const mine = (await post('owner', 'log-category', {}))
      .json()
      .data.map((c: { category: string }) => c.category);
    expect(mine).toEqual(expect.arrayContaining(['auth', 'client', 'settings']));
    expect(mine).not.toContain('brightonly');
    const bright = (await post('bright', 'log-category', {}))
      .json()
      .data.map((c: { category: string }) => c.category);
    expect(bright).toContain('brightonly');
    // The whole system (read by skipping through the category index): every category once, in order.
    const system = (await post('root', 'log-category', {}))
      .json()
      .data.map((c: { category: string }) => c.category);
    expect(system).toEqual([...new Set(system)].sort());
    expect(system).toEqual(expect.arrayContaining(mine));
    expect(system).not.toContain('brightonly');
    expect((await post('harbor', 'log-category', {})).statusCode).toBe(404);
  });
});

/** RFC 4180 parsing for the assertions (quoted fields, doubled quotes, CRLF records). */
function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let field = '';
  let record: string[] = [];
  let quoted = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"' && text[i + 1] === '"') {
        field += '"';
        i++;
      } else if (ch === '"') quoted = false;
      else field += ch;
    } else if (ch === '"') quoted = true;
    else if (ch === ',') {
      record.push(field);
      field = '';
    } else if (ch === '\r' && text[i + 1] === '\n') {
      record.push(field);
      records.push(record);
      record = [];
      field = '';
      i++;
    } else field += ch;
  }
  return records;
}

describe('GET /configuration/user/log-download/…', () => {
  const download = (who: string, path: string) =>
    rt.app.inject({ url: `/api${path}`, headers: bearer(tokens[who]!), remoteAddress: '10.8.2.2' });

  it('answers an attachment CSV of the filtered logs, quoted and defused', async () => {
    const path = userLogDownloadPath({ companyID: ids.owner!.companyId, dateRange: JANUARY });
    expect(path).toBe(
      `/configuration/user/log-download/${ids.owner!.companyId}/9999/all/9999/2026-01-01%20-%202026-01-31/9999`,
    );
    const res = await download('owner', path);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'attachment; filename="user-logs-northwind-digital-2026-01-01-to-2026-01-31.csv"',
    );
    expect(
      res.body.startsWith(
        '\uFEFFDate,Name,User Type,Company,Location,IP Address,Category,Action,Description\r\n',
      ),
    ).toBe(true);
    const rows = parseCsv(res.body.slice(1));
    expect(rows.length).toBe(16);
    expect(rows[1]).toEqual([
      '2026-01-12T15:00:00.000Z',
      DEMO.northwind.owner.name,
      'Enterprise',
      DEMO.northwind.name,
      'Mountain View, California, US',
      '8.8.8.8',
      'settings',
      'Test action',
      'NW-MARK 12',
    ]);
    const descriptions = rows.map((r) => r[8]);
    expect(descriptions).toContain(`'=HYPERLINK("http://evil")`);
    // A reader splitting on ';' (many locales) would start a cell at '=1+1': defused there too.
    expect(descriptions).toContain(`a,b "c"\nd;'=1+1`);
    expect(res.body).not.toMatch(/[,;|\t\r\n]\s*[=+\-@]/);
    expect(descriptions).toContain("'@SUM(1)");
    expect(rows.map((r) => r[7])).toContain("'+dangerous");
    expect(res.body).not.toContain('SUMMIT-MARK');
    expect(res.body).not.toContain('BRIGHT-MARK');
    const [audit] = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.userId, ids.owner!.id), eq(userLogs.action, 'logs_downloaded')));
    expect(audit?.ip).toBe('10.8.2.2');
  });

  it('applies every segment, takes 9999 or all for all, and checks scope and dates', async () => {
    const nw = ids.owner!.companyId;
    const lines = async (who: string, path: string) => {
      const res = await download(who, path);
      expect(res.statusCode, `${path} ${res.body}`).toBe(200);
      return parseCsv(res.body.slice(1)).length - 1;
    };
    const base = `/configuration/user/log-download`;
    const jan = encodeURIComponent(JANUARY);
    expect(await lines('owner', `${base}/${nw}/client/9999/9999/${jan}/9999`)).toBe(3);
    expect(await lines('owner', `${base}/${nw}/9999/${ids.owner!.id}/settings/${jan}/9999`)).toBe(12);
    expect(await lines('owner', `${base}/${nw}/all/all/client/2026-01-05_2026-01-05/all`)).toBe(3);
    expect(await lines('root', `${base}/9999/9999/9999/9999/${jan}/9999`)).toBe(17);
    expect(await lines('owner', `${base}/9999/9999/9999/9999/${jan}/9999`)).toBe(15);

    const bad = await download('owner', `${base}/${nw}/9999/9999/9999/2026-13-01/9999`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(LOG_DATE_RANGE_INVALID);
    expect((await download('owner', `${base}/${nw}/boss/9999/9999/9999/9999`)).statusCode).toBe(400);
    for (const [who, path] of [
      ['summit', `${base}/${nw}/9999/9999/9999/9999/9999`],
      ['bright', `${base}/${nw}/9999/9999/9999/9999/9999`],
      ['owner', `${base}/${nw}/9999/${ids.coastal!.id}/9999/9999/9999`],
      ['owner', `${base}/abc/9999/9999/9999/9999/9999`],
      ['sales', `${base}/${nw}/9999/9999/9999/9999/9999`],
      ['harbor', `${base}/${ids.harbor!.companyId}/9999/9999/9999/9999/9999`],
    ] as const) {
      const res = await download(who, path);
      expect([404, 400], `${who} ${path}`).toContain(res.statusCode);
      expect(res.body).not.toContain('NW-MARK');
    }
    expect((await rt.app.inject({ url: `/api${base}/${nw}/9999/9999/9999/9999/9999` })).statusCode).toBe(401);
  });

  it('streams in keyset batches without losing or repeating rows that share a timestamp', async () => {
    const repo = createUserLogRepository(rt.database.db);
    const query = {
      systemId: ids.owner!.systemId,
      companyId: ids.owner!.companyId,
      userTypes: null,
      userId: null,
      category: null,
      campaignId: null,
      range: { start: '2026-01-01', end: '2026-01-31' },
    };
    const seen: number[] = [];
    for await (const row of repo.stream(query, 100, 2)) seen.push(Number(row.id));
    expect(seen.length).toBe(15);
    expect(new Set(seen).size).toBe(15);
    const capped: number[] = [];
    for await (const row of repo.stream(query, 5, 2)) capped.push(Number(row.id));
    expect(capped).toEqual(seen.slice(0, 5));
  });
});
