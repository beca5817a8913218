import { campaigns, DEMO, eq, queryRows, sql } from '@app/db';
import { addDays, localDate } from '@app/lead-engine';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { saveCard } from '../../../test/kits/cards.js';
import { companyByName, PEOPLE, post, put, who } from '../../../test/kits/users.js';
import { createSandboxAdPlatform } from '../../providers/ad-platform/index.js';
import { adConversionsJob } from './ad-conversions.js';

/*
 * Leads from the ad platform (decision 0051): the visitors the sandbox platform's ads brought to a
 * mirrored locator campaign are polled into the intake (source `ad_platform`) and the ingest job
 * resolves them like the pixel's page views. The platform runs on a test clock: the campaign is made
 * and started "five days ago" there, then the clock comes back to now, so five days of visits exist.
 */

const clock = { offsetMs: 0 };
let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(
    {
      identities: { people: 1_000, seed: 'ad-conversions' },
      adPlatform: (db) => createSandboxAdPlatform({ db, now: () => new Date(Date.now() + clock.offsetMs) }),
    },
    { IN_PROCESS_WORKER: 'false' },
  );
  // The campaign is priced at 0: activating it charges the platform's part to the agency's own card
  // (decision 0065), so Northwind has one, as the demo's first start gives it.
  await saveCard(rt, await who(rt, PEOPLE.northwind), 'tok_visa');
});
afterAll(() => rt?.close());

const pollJob = async () => {
  const handler = rt.handlers.find((h) => h.spec.name === adConversionsJob.name);
  if (!handler) throw new Error('no ad-conversions handler');
  await handler.handle({}, { retryCount: 0, isLastAttempt: true });
};
const intakeRows = (campaignId: number) =>
  queryRows<{ payload: { visit: string; keyword: string } }>(
    rt.database.db,
    sql`select payload from lead_intake where campaign_id = ${campaignId} and source = 'ad_platform'`,
  );

describe('visitors from the ad platform', () => {
  it('polls a running locator campaign’s visitors into the intake once, and ingests them as leads', async () => {
    const owner = await who(rt, PEOPLE.northwind);
    const harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
    const keywords = Array.from({ length: 10 }, (_, i) => `dentist ${i + 1}`);
    clock.offsetMs = -5 * 86_400_000;
    const made = await post(
      rt,
      '/leadspeek/client/create',
      {
        leadspeekType: 'locator',
        clientID: harbor,
        campaignName: 'Dentist searches (ads)',
        locatorkeyword: keywords,
        nationaltargeting: 'T',
        startdatecampaign: addDays(localDate(new Date(), 'America/Chicago'), -6),
      },
      owner.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const id = made.json().data.leadspeekID as number;
    expect(
      (await put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status: 'running' }, owner.token))
        .statusCode,
    ).toBe(200);
    clock.offsetMs = 0;
    // The poll's cursor starts where the mirror began: five days ago on the platform's clock.
    await rt.database.db.execute(
      sql`update locator_mirrors set conversions_until = now() - interval '5 days' where campaign_id = ${id}`,
    );

    await pollJob();
    const rows = await intakeRows(id);
    expect(rows.length).toBeGreaterThan(0);
    expect(new Set(rows.map((r) => r.payload.visit)).size).toBe(rows.length);
    for (const r of rows) expect(keywords).toContain(r.payload.keyword);
    // The cursor moved to the poll's end: polling again brings only visits after it (none so soon).
    await pollJob();
    expect((await intakeRows(id)).length).toBe(rows.length);

    while (await rt.services.leads.ingest.processNextBatch(500)) {}
    expect(await intakeRows(id)).toHaveLength(0);
    const leads = await queryRows<{ source: string; keyword: string }>(
      rt.database.db,
      sql`select source, keyword from leads where campaign_id = ${id}`,
    );
    expect(leads.length).toBeGreaterThan(0);
    for (const lead of leads) {
      expect(lead.source).toBe('ad_platform');
      expect(keywords).toContain(lead.keyword);
    }

    // Paused here (and mirrored there): no more polling.
    expect(
      (await put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status: 'paused' }, owner.token))
        .statusCode,
    ).toBe(200);
    await rt.database.db.execute(
      sql`update locator_mirrors set conversions_until = now() - interval '5 days' where campaign_id = ${id}`,
    );
    await pollJob();
    expect(await intakeRows(id)).toHaveLength(0);
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(row?.adPlatformCampaignId).toMatch(/^cmp_sbx/);
  });
});
