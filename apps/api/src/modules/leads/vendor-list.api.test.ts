import { queryRows, sql } from '@app/db';
import { addDays, localDate, planDrip, startOfLocalDay } from '@app/lead-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { insertCampaign, outcomes } from '../../../test/kits/campaigns.js';

/*
 * The enhance / b2b daily vendor list (decision 0051) on the real database: one run writes the
 * day's identities into the intake with their drip times, a second run of the day adds nothing, the
 * ingest job takes only the rows whose time has come, and the campaign's limits size the list. The
 * run takes its clock as an argument; "later in the day" is made by moving the rows' times, never by
 * waiting. The in-process worker is off: the test calls the runs itself.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 2_000, seed: 'vendor-list' } },
    { IN_PROCESS_WORKER: 'false' },
  );
});
afterAll(() => rt?.close());

const ZONE = 'America/Chicago';
const lists = () => rt.services.leads.vendorLists;
/** Today in the campaign's zone, and a minute after its local midnight (the list's first sweep). */
const today = () => localDate(new Date(), ZONE);
const earlyToday = () => new Date(startOfLocalDay(today(), ZONE).getTime() + 60_000);

async function intakeOf(campaignId: number) {
  return queryRows<{ id: number; available_at: Date | string; source: string; payload: { id: string } }>(
    rt.database.db,
    sql`select id, available_at, source, payload from lead_intake where campaign_id = ${campaignId}
         order by available_at, id`,
  );
}

const enhance = (fields: Parameters<typeof insertCampaign>[1] = {}) =>
  insertCampaign(rt.database.db, {
    module: 'enhance',
    timeZone: ZONE,
    national: true,
    leadLimit: 30,
    leadLimitFrequency: 'day',
    ...fields,
  });

describe('one run: the day’s list, dripped through business hours', () => {
  it('writes N rows at the drip plan’s times, once; a second run the same day adds nothing', async () => {
    const campaign = await enhance();
    const now = earlyToday();
    expect((await lists().dueRuns(now)).map((r) => r.payload)).toContainEqual({
      campaignId: campaign.id,
      day: today(),
    });

    const first = await lists().run({ campaignId: campaign.id, day: today() }, now);
    expect(first).toEqual({ status: 'written', identities: 30, notSent: 0 });
    const rows = await intakeOf(campaign.id);
    expect(rows).toHaveLength(30);
    expect(new Set(rows.map((r) => r.payload.id)).size).toBe(30);
    for (const r of rows) expect(r.source).toBe('vendor_list');

    // The times are the drip plan's for this campaign and day: 08:00-18:00 local, one per slot.
    const plan = planDrip({
      campaignId: campaign.id,
      day: today(),
      timeZone: ZONE,
      quota: 30,
      items: Array.from({ length: 30 }, (_, i) => i),
      notBefore: now,
    });
    expect(rows.map((r) => new Date(r.available_at).toISOString())).toEqual(
      plan.sends.map((s) => s.at.toISOString()),
    );
    const [start, end] = [plan.window?.start.getTime() ?? 0, plan.window?.end.getTime() ?? 0];
    expect(end - start).toBe(10 * 3_600_000);
    for (const r of rows) {
      const at = new Date(r.available_at).getTime();
      expect(at).toBeGreaterThanOrEqual(start);
      expect(at).toBeLessThan(end);
    }

    // The same day again — a duplicate job, a retry, a later sweep — writes nothing.
    expect(await lists().run({ campaignId: campaign.id, day: today() }, now)).toEqual({
      status: 'already_done',
    });
    const racing = await Promise.all([
      lists().run({ campaignId: campaign.id, day: today() }, now),
      lists().run({ campaignId: campaign.id, day: today() }, now),
    ]);
    for (const outcome of racing) expect(outcome.status).not.toBe('written');
    expect(await intakeOf(campaign.id)).toHaveLength(30);
    expect((await lists().dueRuns(now)).map((r) => r.payload.campaignId)).not.toContain(campaign.id);
    // Tomorrow is another list.
    const tomorrow = new Date(startOfLocalDay(addDays(today(), 1), ZONE).getTime() + 60_000);
    expect((await lists().dueRuns(tomorrow)).map((r) => r.payload)).toContainEqual({
      campaignId: campaign.id,
      day: addDays(today(), 1),
    });
  });

  it('two runs of one new day at once write the list once', async () => {
    const campaign = await enhance({ leadLimit: 12 });
    const outcomes = await Promise.all(
      Array.from({ length: 5 }, () => lists().run({ campaignId: campaign.id, day: today() }, earlyToday())),
    );
    expect(outcomes.filter((o) => o.status === 'written')).toHaveLength(1);
    expect(await intakeOf(campaign.id)).toHaveLength(12);
  });

  it('ingests only the rows whose time has come, through the whole pipeline', async () => {
    // Earlier tests' rows are pushed out of the way (to tomorrow): this test counts its own.
    await rt.database.db.execute(sql`update lead_intake set available_at = now() + interval '2 days'`);
    const campaign = await enhance({ leadLimit: 20, reidentification: 'never' });
    expect((await lists().run({ campaignId: campaign.id, day: today() }, earlyToday())).status).toBe(
      'written',
    );
    const rows = await intakeOf(campaign.id);
    expect(rows).toHaveLength(20);
    // "Now" falls between the 8th and the 9th send: the rows are moved so exactly 8 are due.
    const times = rows.map((r) => new Date(r.available_at).getTime());
    const cut = Math.floor(((times[7] as number) + (times[8] as number)) / 2);
    await rt.database.db.execute(
      sql`update lead_intake set available_at = available_at + (now() - ${new Date(cut).toISOString()}::timestamptz)
           where campaign_id = ${campaign.id}`,
    );
    while (await rt.services.leads.ingest.processNextBatch(500)) {}
    const done = await outcomes(rt.database.db, campaign.id);
    expect(done.leads.length + done.rejections.length).toBe(8);
    expect(done.leads.length).toBeGreaterThan(0);
    expect(await intakeOf(campaign.id)).toHaveLength(12);
    const [source] = await queryRows<{ source: string }>(
      rt.database.db,
      sql`select distinct source from leads where campaign_id = ${campaign.id}`,
    );
    expect(source?.source).toBe('vendor_list');
  });
});

describe('advanced information (decision 0093)', () => {
  it('asks the vendor for the fields the campaign requests and stores them on its leads', async () => {
    await rt.database.db.execute(sql`update lead_intake set available_at = now() + interval '2 days'`);
    const campaign = await enhance({
      leadLimit: 15,
      moduleOptions: { listAdvanceInformationId: ['household_income', 'homeowner', 'not_in_catalogue'] },
    });
    expect((await lists().run({ campaignId: campaign.id, day: today() }, earlyToday())).status).toBe(
      'written',
    );
    const rows = await intakeOf(campaign.id);
    const keys = new Set(
      rows.flatMap((r) => Object.keys((r.payload as { advanced?: Record<string, string> }).advanced ?? {})),
    );
    // Only what was asked (and the catalogue knows); most people have each field.
    expect([...keys].sort()).toEqual(['homeowner', 'household_income']);
    await rt.database.db.execute(
      sql`update lead_intake set available_at = now() - interval '1 second' where campaign_id = ${campaign.id}`,
    );
    while (await rt.services.leads.ingest.processNextBatch(500)) {}
    const stored = await queryRows<{ advanced: Record<string, string> | string }>(
      rt.database.db,
      sql`select advanced from leads where campaign_id = ${campaign.id}`,
    );
    expect(stored.length).toBeGreaterThan(0);
    const values = stored.map((r) => (typeof r.advanced === 'string' ? JSON.parse(r.advanced) : r.advanced));
    expect(values.some((v) => typeof v.household_income === 'string')).toBe(true);
    for (const v of values)
      for (const key of Object.keys(v)) expect(['homeowner', 'household_income']).toContain(key);
  });

  it('asks for none when the campaign requests none', async () => {
    const campaign = await enhance({ leadLimit: 3 });
    await lists().run({ campaignId: campaign.id, day: today() }, earlyToday());
    for (const row of await intakeOf(campaign.id))
      expect((row.payload as { advanced?: unknown }).advanced).toBeUndefined();
  });
});

describe('sized to what the campaign may still take', () => {
  it.each<[string, Parameters<typeof insertCampaign>[1], number]>([
    ['a daily limit', { leadLimit: 7 }, 7],
    ['no limit: the default day’s list', { leadLimit: null }, 100],
    ['a monthly limit: at most a day’s list', { leadLimit: 500, leadLimitFrequency: 'month' }, 100],
    ['a monthly limit nearly used', { leadLimit: 104, leadLimitFrequency: 'month' }, 4],
    ['prepaid leads left', { leadLimit: 50, prepaidLeads: 3 }, 3],
    ['a b2b campaign', { module: 'b2b', leadLimit: 6 }, 6],
  ])('%s', async (_, fields, expected) => {
    const campaign = await enhance(fields);
    if (fields?.leadLimitFrequency === 'month')
      await rt.database.db.execute(
        sql`insert into campaign_limit_counters (campaign_id, period_key, agency_id, count)
            values (${campaign.id}, ${`month:${today().slice(0, 7)}`}, ${campaign.agencyId}, 100)`,
      );
    const outcome = await lists().run({ campaignId: campaign.id, day: today() }, earlyToday());
    expect(outcome).toMatchObject({ status: 'written', identities: expected });
    expect(await intakeOf(campaign.id)).toHaveLength(expected);
  });

  it('counts what the day already took, and asks nothing when the limit is reached', async () => {
    const campaign = await enhance({ leadLimit: 10 });
    await rt.database.db.execute(
      sql`insert into campaign_limit_counters (campaign_id, period_key, agency_id, count)
          values (${campaign.id}, ${`day:${today()}`}, ${campaign.agencyId}, 6)`,
    );
    expect(await lists().run({ campaignId: campaign.id, day: today() }, earlyToday())).toMatchObject({
      identities: 4,
    });
    const full = await enhance({ leadLimit: 10 });
    await rt.database.db.execute(
      sql`insert into campaign_limit_counters (campaign_id, period_key, agency_id, count)
          values (${full.id}, ${`day:${today()}`}, ${full.agencyId}, 10)`,
    );
    expect(await lists().run({ campaignId: full.id, day: today() }, earlyToday())).toMatchObject({
      status: 'written',
      identities: 0,
    });
    expect(await intakeOf(full.id)).toHaveLength(0);
  });

  it('a day already over plans nothing; a campaign not running gets no list and keeps its day open', async () => {
    const late = await enhance();
    const yesterday = addDays(today(), -1);
    expect(await lists().run({ campaignId: late.id, day: yesterday }, new Date())).toMatchObject({
      status: 'written',
      identities: 0,
    });
    const paused = await enhance({ status: 'paused' });
    expect(await lists().run({ campaignId: paused.id, day: today() }, earlyToday())).toEqual({
      status: 'not_running',
    });
    const [left] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from vendor_list_runs where campaign_id = ${paused.id}`,
    );
    expect(left?.n).toBe(0);
    const local = await insertCampaign(rt.database.db, { module: 'local' });
    expect(await lists().run({ campaignId: local.id, day: today() }, earlyToday())).toEqual({
      status: 'not_running',
    });
  });
});
