import {
  CAMPAIGN_SETUP_CLIENTS_ONLY,
  CONTACT_NEEDS_FRANCHISE,
  CONTACT_NEEDS_TEAM,
  END_BEFORE_START,
  TIMEZONE_INVALID,
} from '@app/contracts';
import { and, campaigns, companies, companyGroups, DEMO, desc, eq, userLogs, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, insertLead } from '../../../test/kits/campaigns.js';
import { multipart } from '../../../test/multipart.js';
import { bearer, send, signIn } from '../../../test/sign-in.js';

/*
 * Decision 0094: profile step 2's people of the company, setupcomplete's time zone and a client's
 * campaign setup, and the person's time zone as the days of their reports across campaigns.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
});
afterAll(() => rt?.close());

async function session(email: string) {
  const { access_token } = await signIn(rt, email);
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json();
  return {
    token: access_token,
    me,
    update: (fields: Record<string, string | number>) => {
      const body = multipart(fields);
      return rt.app.inject({
        method: 'POST',
        url: '/api/user/update',
        payload: body.payload,
        headers: { ...body.headers, ...bearer(access_token) },
      });
    },
    setup: (body: Record<string, unknown>) =>
      send(
        rt,
        '/api/leadspeek/user/setupcomplete',
        { usrID: me.id, statuscomplete: 'T', ...body },
        {
          token: access_token,
          method: 'PUT',
        },
      ),
    user: async () => (await rt.app.inject({ url: '/api/user', headers: bearer(access_token) })).json(),
  };
}

const contactsOfCompany = async (id: number) =>
  (await rt.database.db.select().from(companies).where(eq(companies.id, id)))[0]?.contacts;

describe('profile step 2: the people of the company', () => {
  const step2 = (id: number, extra: Record<string, string> = {}) => ({
    profilestep: '2',
    id,
    company: DEMO.northwind.name,
    industry: 'Marketing',
    ...extra,
  });
  const everyone = {
    franchize: 'T',
    franchizedirector: 'T',
    directorname: 'Dana Director',
    directoremail: 'Dana@Northwind.test',
    directorphone: '+1 (312) 555-0199',
    officemanager: 'T',
    managername: 'Omar Office',
    manageremail: 'omar@northwind.test',
    managerphone: '',
    team: 'T',
    teammanager: 'T',
    teamname: 'Tess Team',
    teamemail: 'tess@northwind.test',
    teamphone: '3125550177',
  };

  it('stores the director, office manager and team manager, answers them in the session, logs the change', async () => {
    const owner = await session(DEMO.northwind.owner.email);
    const res = await owner.update(step2(owner.me.id, everyone));
    expect(res.statusCode, res.body).toBe(200);
    expect(await owner.user()).toMatchObject({
      franchize: 'T',
      franchizedirector: 'T',
      director_name: 'Dana Director',
      director_email: 'dana@northwind.test',
      director_phone: '+1 (312) 555-0199',
      officemanager: 'T',
      manager_name: 'Omar Office',
      manager_email: 'omar@northwind.test',
      manager_phone: '',
      team: 'T',
      teammanager: 'T',
      team_name: 'Tess Team',
      team_email: 'tess@northwind.test',
      team_phone: '3125550177',
    });
    const [log] = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.userId, owner.me.id), eq(userLogs.action, 'company_profile_updated')))
      .orderBy(desc(userLogs.id))
      .limit(1);
    expect(log?.description).toContain('director');
    expect(log?.description).toContain('Dana Director');

    // A switch turned off keeps nothing of its person.
    const off = await owner.update(
      step2(owner.me.id, { ...everyone, officemanager: 'F', team: 'F', teammanager: 'F' }),
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(await contactsOfCompany(owner.me.company_id)).toEqual({
      franchize: true,
      team: false,
      director: { name: 'Dana Director', email: 'dana@northwind.test', phone: '+1 (312) 555-0199' },
      officeManager: null,
      teamManager: null,
    });
    expect(await owner.user()).toMatchObject({ officemanager: 'F', manager_name: '', teammanager: 'F' });
  });

  it('refuses what does not hold together with a clear error and changes nothing', async () => {
    const owner = await session(DEMO.summit.owner.email);
    const before = await contactsOfCompany(owner.me.company_id);
    for (const [extra, field, message] of [
      [
        { franchizedirector: 'T', directorname: 'D', directoremail: 'd@x.test' },
        'franchizedirector',
        CONTACT_NEEDS_FRANCHISE,
      ],
      [
        { team: 'F', teammanager: 'T', teamname: 'T', teamemail: 't@x.test' },
        'teammanager',
        CONTACT_NEEDS_TEAM,
      ],
      [
        { franchize: 'T', franchizedirector: 'T', directoremail: 'd@x.test' },
        'directorname',
        'Director Name is required.',
      ],
      [
        { officemanager: 'T', managername: 'M', manageremail: 'not-an-email' },
        'manageremail',
        'Please enter a valid e-mail address.',
      ],
      [{ officemanager: 'T', managername: 'M', manageremail: '' }, 'manageremail', 'E-mail is required.'],
      [
        { officemanager: 'T', managername: 'M', manageremail: 'm@x.test', managerphone: 'call me' },
        'managerphone',
        'Please enter valid phone number',
      ],
      [{ franchize: 'maybe' }, 'franchize', undefined],
    ] as const) {
      const res = await owner.update(step2(owner.me.id, extra as Record<string, string>));
      expect(res.statusCode, JSON.stringify(extra)).toBe(400);
      const { error } = res.json();
      expect(Object.keys(error.fields)).toContain(field);
      if (message) expect(error.fields[field]).toBe(message);
    }
    expect((await owner.update(step2(owner.me.id, { bogusfield: 'x' }))).statusCode).toBe(400);
    expect(await contactsOfCompany(owner.me.company_id)).toEqual(before);
  });
});

describe('setupcomplete: the time zone and a client’s campaign setup', () => {
  it('stores a valid time zone and refuses another', async () => {
    const owner = await session(DEMO.summit.owner.email);
    const bad = await owner.setup({ timezone: 'Mars/Olympus' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe(TIMEZONE_INVALID);
    expect((await owner.user()).time_zone).toBeNull();
    expect((await owner.setup({ timezone: 'Europe/Berlin' })).statusCode).toBe(200);
    expect((await owner.user()).time_zone).toBe('Europe/Berlin');
  });

  it('keeps the campaign fields for clients, with the reason', async () => {
    const owner = await session(DEMO.summit.owner.email);
    const res = await owner.setup({ phoneenabled: 'T' });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe(CAMPAIGN_SETUP_CLIENTS_ONLY);
  });

  it('applies a client’s setup to its campaigns awaiting it, by module, and stores it', async () => {
    const client = await session(DEMO.northwind.clients[1].contact.email);
    const db = rt.database.db;
    const cedarName = DEMO.northwind.clients[1].name;
    const [northwindGroup] = await db
      .insert(companyGroups)
      .values({ companyId: client.me.company_parent, name: 'Cedar setup group' })
      .returning();
    // New campaigns the agency made for Cedar, waiting for its setup; the demo's are set up already.
    const waiting = [
      await insertCampaign(db, {
        clientName: cedarName,
        name: 'Waiting site',
        module: 'local',
        status: 'stopped',
      }),
      await insertCampaign(db, {
        clientName: cedarName,
        name: 'Waiting search',
        module: 'locator',
        keywords: ['roof repair'],
        status: 'stopped',
      }),
      await insertCampaign(db, {
        clientName: cedarName,
        name: 'Waiting list',
        module: 'enhance',
        status: 'stopped',
      }),
    ];
    const done = await insertCampaign(db, {
      clientName: cedarName,
      name: 'Already set up',
      setupComplete: true,
    });
    const removed = await insertCampaign(db, {
      clientName: cedarName,
      name: 'Removed',
      removedAt: new Date(),
    });
    const res = await client.setup({
      timezone: 'America/Denver',
      companyGroupID: northwindGroup!.id,
      startdatecampaign: '2027-02-01',
      enddatecampaign: '2027-03-31',
      phoneenabled: 'T',
      homeaddressenabled: 'F',
      requireemailaddress: 'T',
      phoneenabledsiteid: 'F',
      homeaddressenabledsiteid: 'T',
      requireemailaddresssiteid: 'F',
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db.select().from(campaigns).where(eq(campaigns.clientId, client.me.company_id));
    const demo = rows.filter((r) => waiting.some((w) => w.id === r.id));
    expect(demo).toHaveLength(3);
    for (const r of demo) {
      const local = r.module === 'local';
      expect(r, r.name).toMatchObject({
        setupComplete: true,
        companyGroupId: northwindGroup!.id,
        startDate: '2027-02-01',
        endDate: '2027-03-31',
        timeZone: 'America/Denver',
        requirePhone: !local,
        requireAddress: local,
        requireEmail: !local,
      });
    }
    // Set up already (the demo's too), or removed: untouched.
    const untouched = rows.filter((r) => !waiting.some((w) => w.id === r.id));
    expect(untouched.map((r) => r.id)).toEqual(expect.arrayContaining([done.id, removed.id]));
    for (const r of untouched)
      expect(r).toMatchObject({ companyGroupId: null, startDate: null, timeZone: 'America/Chicago' });
    const me = await client.user();
    expect(me.time_zone).toBe('America/Denver');
    expect(me.campaign_setup).toMatchObject({ companyGroupID: northwindGroup!.id, phoneenabledsiteid: 'F' });
    const logs = await db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.userId, client.me.id), eq(userLogs.action, 'campaign_updated')));
    expect(logs.map((l) => l.campaignId).sort()).toEqual(demo.map((r) => Number(r.publicId)).sort());
  });

  it('refuses another company’s group (404) and dates out of order (400), changing nothing', async () => {
    const client = await session(DEMO.northwind.clients[0].contact.email);
    const db = rt.database.db;
    const [summit] = await db.select().from(companies).where(eq(companies.name, DEMO.summit.name));
    const [summitGroup] = await db
      .insert(companyGroups)
      .values({ companyId: summit!.id, name: 'Summit only' })
      .returning();
    const [brightAgency] = await db
      .select()
      .from(companies)
      .where(eq(companies.name, DEMO.brightreach.agency.name));
    const [brightGroup] = await db
      .insert(companyGroups)
      .values({ companyId: brightAgency!.id, name: 'Bright only' })
      .returning();
    const snapshot = async () =>
      (await db.select().from(campaigns).where(eq(campaigns.clientId, client.me.company_id)))
        .map((r) => [r.id, r.companyGroupId, r.startDate, r.endDate, r.requirePhone, r.setupComplete])
        .sort();
    // A campaign whose own end comes before the start asked for: the refusal names it.
    await insertCampaign(db, { name: 'Ends early', endDate: '2026-06-30' });
    const before = await snapshot();
    for (const group of [summitGroup!.id, brightGroup!.id, 2_000_000_000])
      expect(
        (await client.setup({ companyGroupID: group, phoneenabled: 'T' })).statusCode,
        String(group),
      ).toBe(404);
    const reversed = await client.setup({ startdatecampaign: '2027-05-01', enddatecampaign: '2027-04-01' });
    expect(reversed.statusCode).toBe(400);
    expect(reversed.json().error.message).toBe(END_BEFORE_START);
    const late = await client.setup({ startdatecampaign: '2027-01-01' });
    expect(late.statusCode).toBe(400);
    expect(late.json().error.message).toContain('Ends early');
    expect(await snapshot()).toEqual(before);
    const [stored] = await db.select().from(users).where(eq(users.id, client.me.id));
    expect(stored?.campaignSetup).toBeNull();
  });

  it('20 setups at once: each waiting campaign is set up by one of them, with one log line', async () => {
    // Cedar: its campaigns waiting before were set up by the test above.
    const client = await session(DEMO.northwind.clients[1].contact.email);
    const clientName = DEMO.northwind.clients[1].name;
    const waiting = await insertCampaign(rt.database.db, { clientName, name: 'Raced', status: 'stopped' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        client.setup({ startdatecampaign: `2027-04-${String(i + 1).padStart(2, '0')}` }),
      ),
    );
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, waiting.id));
    expect(row?.setupComplete).toBe(true);
    const logs = await rt.database.db
      .select()
      .from(userLogs)
      .where(and(eq(userLogs.action, 'campaign_updated'), eq(userLogs.campaignId, Number(waiting.publicId))));
    expect(logs).toHaveLength(1);
    // The one that wrote it is the one its log line names.
    expect(logs[0]?.description).toContain('Campaign setup completed');
  });

  it('saves without completing: statuscomplete F applies the fields and leaves the campaigns awaiting setup', async () => {
    const client = await session(DEMO.summit.clients[0].contact.email);
    const waiting = await insertCampaign(rt.database.db, {
      clientName: DEMO.summit.clients[0].name,
      name: 'Peak waiting',
      status: 'stopped',
    });
    const res = await client.setup({ statuscomplete: 'F', requireemailaddresssiteid: 'T' });
    expect(res.statusCode, res.body).toBe(200);
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, waiting.id));
    expect(row).toMatchObject({ requireEmail: true, setupComplete: false });
  });
});

describe('a person’s time zone is the days of their reports across campaigns', () => {
  it('counts Report Analytics’ leads and the lead report’s invoice days in the stored zone, over the browser’s', async () => {
    const root = await session(DEMO.master.rootUser.email);
    const harbor = await session(DEMO.northwind.clients[0].contact.email);
    // 03:00 UTC on 20 March is still the 19th in Chicago.
    const campaign = await insertCampaign(rt.database.db, { name: 'Zone test', timeZone: 'UTC' });
    await insertLead(rt.database.db, campaign, { createdAt: new Date('2026-03-20T03:00:00Z') });
    const leadsOn = async (who: typeof root) => {
      const res = await rt.app.inject({
        url: `/api/configuration/report-analytics/2026-03-19/2026-03-20/${who.me.company_root_id}/0`,
        headers: { ...bearer(who.token), 'x-timezone': 'UTC' },
      });
      expect(res.statusCode, res.body).toBe(200);
      const body = res.json();
      return { zone: body.range.time_zone, series: body.leads.series };
    };
    expect(await leadsOn(root)).toEqual({
      zone: 'UTC',
      series: [
        { date: '2026-03-19', value: 0 },
        { date: '2026-03-20', value: 1 },
      ],
    });
    expect((await root.setup({ timezone: 'America/Chicago' })).statusCode).toBe(200);
    const again = await session(DEMO.master.rootUser.email);
    expect(await leadsOn(again)).toEqual({
      zone: 'America/Chicago',
      series: [
        { date: '2026-03-19', value: 1 },
        { date: '2026-03-20', value: 0 },
      ],
    });

    const invoiceOn19th = () =>
      rt.app.inject({
        url: `/api/leadspeek/report/invoice/${harbor.me.company_id}/0/2026-03-19/2026-03-19`,
        headers: { ...bearer(harbor.token), 'x-timezone': 'UTC' },
      });
    expect((await invoiceOn19th()).json().data.total).toBe('0');
    expect((await harbor.setup({ timezone: 'America/Chicago' })).statusCode).toBe(200);
    expect((await invoiceOn19th()).json().data.total).toBe('0.50');
  });
});
