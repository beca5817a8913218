import { MODULE_CATALOGUE, reconciliationResponseSchema } from '@app/contracts';
import { betaTesters, companyModules, DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { png } from '../../../test/ad-creatives.js';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { saveCard } from '../../../test/kits/cards.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import { multipart } from '../../../test/multipart.js';
import { sandboxOf } from '../../../test/payments.js';
import { bearer } from '../../../test/sign-in.js';
import { type SettableClock, settableClock } from '../../lib/clock.js';

/*
 * A Simplifi campaign's budget charges (issue 24, decision 0110): the first period at activation, a
 * renewal per period however often and however concurrently it runs, beside a daily-budget raise,
 * each charged once; the ledger's ad budget equals what the paid charges bought.
 */

let rt: TestRuntime;
let clock: SettableClock;
let owner: Who;
let harbor: number;
const SIMPLIFI = MODULE_CATALOGUE.simplifi.beta.featureId;

beforeAll(async () => {
  clock = settableClock(new Date('2026-01-31T18:00:00Z'));
  rt = await startTestRuntime({ clock }, { IN_PROCESS_WORKER: 'false' });
  owner = await who(rt, PEOPLE.northwind);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  const northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  const { db } = rt.database;
  await db
    .insert(companyModules)
    .values({ companyId: harbor, module: 'simplifi', enabled: true })
    .onConflictDoUpdate({
      target: [companyModules.companyId, companyModules.module],
      set: { enabled: true },
    });
  await db.insert(betaTesters).values({ featureId: SIMPLIFI, companyId: northwind }).onConflictDoNothing();
  const accepted = await put(
    rt,
    `/marketing-services-agreement-feature/${owner.id}/${SIMPLIFI}`,
    {
      feature_id: SIMPLIFI,
      feature_name: 'Simplifi ID',
      user_id: owner.id,
      is_marketing_services_agreement_feature: 'T',
      company_name: DEMO.northwind.name,
      company_id: northwind,
    },
    owner.token,
  );
  expect(accepted.statusCode, accepted.body).toBe(200);
  // Harbor Dental's card, on Northwind's connected account: it pays the budget.
  const client = await who(rt, PEOPLE.client);
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Harbor Dental',
  });
  await saveCard(rt, client, token);
});

/** Harbor Dental's card replaced by one of a test number (4000000000000341 saves, then declines). */
async function harborCard(number: string) {
  const token = await sandboxOf(rt).createCardToken({
    number,
    expMonth: 12,
    expYear: 2040,
    holderName: 'Harbor Dental',
  });
  await saveCard(rt, await who(rt, PEOPLE.client), token);
}

const statusOf = async (id: number) =>
  (await get(rt, `/leadspeek/simplifi/details?leadspeekID=${id}`, owner.token)).json().data as {
    status: string;
    pause_reason: string | null;
  };
afterAll(() => rt?.close());

const chargeRows = (campaignId: number) =>
  queryRows<{
    reason: string;
    period_start: string;
    amount_cents: number;
    platform_cents: number;
    status: string;
  }>(
    rt.database.db,
    sql`select reason, period_start, amount_cents::int as amount_cents, platform_cents::int as platform_cents,
               status
          from ad_budget_charges where campaign_id = ${campaignId} order by id`,
  );

const budgetInLedger = async (campaignId: number) => {
  const rows = await queryRows<{ balance: number }>(
    rt.database.db,
    sql`select coalesce(-sum(l.amount), 0)::int as balance from ledger_lines l
          join ledger_accounts a on a.id = l.account_id
          where a.kind = 'ad_budget' and a.reference = ${`campaign-${campaignId}`}`,
  );
  return rows[0]?.balance ?? 0;
};

async function newCampaign(daily = '10', monthly = '300') {
  const made = await post(
    rt,
    '/leadspeek/simplifi',
    {
      clientID: harbor,
      campaignName: `Display ${Math.random().toString(36).slice(2, 8)}`,
      maxBid: '5',
      monthlyBudget: monthly,
      dailyBudget: daily,
      goalType: 'cpc',
      goalValue: '2.50',
      agencyMarkup: 20,
      clickUrl: 'https://harbordental.example/',
    },
    owner.token,
  );
  expect(made.statusCode, made.body).toBe(200);
  return made.json().data as { leadspeekID: number; leadspeek_api_id: string };
}

describe('Simplifi budget charges', () => {
  it('refuses a budget below the minimums or a monthly budget under the daily one, and makes nothing', async () => {
    const res = await post(
      rt,
      '/leadspeek/simplifi',
      {
        clientID: harbor,
        campaignName: 'Too small',
        maxBid: '5',
        monthlyBudget: '5',
        dailyBudget: '10',
        goalType: 'cpm',
        goalValue: '0',
        agencyMarkup: 20,
        clickUrl: 'https://harbordental.example/',
      },
      owner.token,
    );
    expect(res.statusCode).toBe(400);
    expect(res.json().error.message).toBe('The monthly budget must be at least the daily budget.');
    const [count] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from campaigns where name = 'Too small'`,
    );
    expect(count?.n).toBe(0);
  });

  it('charges the first period at activation, then one renewal per period however often it runs', async () => {
    const c = await newCampaign();
    const activated = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'running' },
      owner.token,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    expect(activated.json().data.charge).toMatchObject({ amount: '300.00', payer: 'client', sandbox: true });
    expect(activated.json().data.charge.charge_id).toBeTruthy();
    expect(await chargeRows(c.leadspeekID)).toEqual([
      {
        reason: 'activation',
        period_start: '2026-01-31',
        amount_cents: 30_000,
        platform_cents: 24_000,
        status: 'paid',
      },
    ]);
    expect(await budgetInLedger(c.leadspeekID)).toBe(30_000);

    // Within the period the renewal charges nothing.
    await rt.services.adCampaigns.renewDue();
    expect(await chargeRows(c.leadspeekID)).toHaveLength(1);

    // A month on (Jan 31 → Feb 28): five renewals at once and a daily-budget raise beside them.
    clock.set(new Date('2026-02-28T18:00:00Z'));
    const [raise] = await Promise.all([
      post(
        rt,
        '/leadspeek/simplifi/charge-campaign-by-remaining-days',
        { leadspeekID: c.leadspeekID, dailyBudget: '20' },
        owner.token,
      ),
      ...Array.from({ length: 5 }, () => rt.services.adCampaigns.renewDue()),
    ]);
    await rt.services.adCampaigns.renewDue();
    const rows = await chargeRows(c.leadspeekID);
    console.log('charges after 6 renewal runs and a raise:', JSON.stringify(rows));
    expect(rows.filter((r) => r.reason === 'renewal' || r.reason === 'activation')).toHaveLength(2);
    expect(rows.filter((r) => r.period_start === '2026-02-28' && r.reason === 'renewal')).toEqual([
      {
        reason: 'renewal',
        period_start: '2026-02-28',
        amount_cents: 30_000,
        platform_cents: 24_000,
        status: 'paid',
      },
    ]);
    expect(raise?.statusCode, raise?.body).toBe(200);
    const raises = rows.filter((r) => r.reason === 'raise');
    expect(raises.length).toBeLessThanOrEqual(1);
    const paid = rows.filter((r) => r.status === 'paid').reduce((s, r) => s + r.amount_cents, 0);
    expect(await budgetInLedger(c.leadspeekID)).toBe(paid);

    // The same raise asked again charges nothing more.
    const again = await post(
      rt,
      '/leadspeek/simplifi/charge-campaign-by-remaining-days',
      { leadspeekID: c.leadspeekID, dailyBudget: '20' },
      owner.token,
    );
    expect(again.statusCode).toBe(409);
    expect((await chargeRows(c.leadspeekID)).length).toBe(rows.length);

    // Twenty raises to $30 a day at once: one charge, whoever wins; the others are told to wait or
    // that the budget is raised already.
    const raises30 = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(
          rt,
          '/leadspeek/simplifi/charge-campaign-by-remaining-days',
          { leadspeekID: c.leadspeekID, dailyBudget: '30' },
          owner.token,
        ),
      ),
    );
    const codes = raises30.map((r) => r.statusCode);
    expect(
      codes.every((code) => code === 200 || code === 409),
      JSON.stringify(codes),
    ).toBe(true);
    const raised = (await chargeRows(c.leadspeekID)).filter((r) => r.reason === 'raise');
    console.log(
      '20 concurrent raises to $30:',
      JSON.stringify(codes),
      'raise charges:',
      JSON.stringify(raised),
    );
    expect(raised.filter((r) => r.status === 'paid')).toHaveLength(raises.length + 1);

    const details = await get(rt, `/leadspeek/simplifi/details?leadspeekID=${c.leadspeekID}`, owner.token);
    expect(details.statusCode, details.body).toBe(200);
    expect(details.json().data.dailyBudget).toBe('30.00');
    // Listed with the other modules' campaigns, under its own module.
    const northwind = (await companyByName(rt, DEMO.northwind.name)).id;
    const listed = await get(
      rt,
      `/leadspeek/client/all/simplifi/${northwind}/0/none/none/-?PerPage=100`,
      owner.token,
    );
    expect(listed.statusCode, listed.body).toBe(200);
    expect(
      listed
        .json()
        .data.map((r: { leadspeekID: number; leadspeekType: string }) => [r.leadspeekID, r.leadspeekType]),
    ).toContainEqual([c.leadspeekID, 'simplifi']);
  });

  it('runs at the sandbox platform, pulls its days, spends the budget in the ledger and reports them', async () => {
    clock.set(new Date('2026-03-10T15:00:00Z'));
    const c = await newCampaign('40', '1200');
    // Its ad: a display campaign serves only with one (uploaded to the campaign, pushed by the sync).
    const form = multipart(
      { kind: 'image', campaign_id: c.leadspeekID, name: 'Spring 300x250' },
      { field: 'file', bytes: png(300, 250), name: 'spring.png', type: 'image/png' },
    );
    const uploaded = await rt.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...form.headers, ...bearer(owner.token) },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const activated = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'running' },
      owner.token,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    await rt.services.adCampaigns.sync.syncDue();
    const synced = await get(rt, `/leadspeek/simplifi/details?leadspeekID=${c.leadspeekID}`, owner.token);
    expect(synced.json().data.platform).toMatchObject({ name: 'sandbox', synced: true });
    expect(synced.json().data.platform.campaign_id).toBeTruthy();
    // An ad added to the running campaign is made at the platform by the next sync run.
    const later = multipart(
      { kind: 'image', campaign_id: c.leadspeekID, name: 'Spring 728x90' },
      { field: 'file', bytes: png(728, 90), name: 'leaderboard.png', type: 'image/png' },
    );
    const added = await rt.app.inject({
      method: 'POST',
      url: '/api/media/upload',
      headers: { ...later.headers, ...bearer(owner.token) },
      payload: later.payload,
    });
    expect(added.statusCode, added.body).toBe(200);
    await rt.services.adCampaigns.sync.syncDue();
    const ads = await rt.services.adPlatform.listAds(synced.json().data.platform.campaign_id);
    expect(ads.map((a) => a.name).sort()).toEqual(['Spring 300x250', 'Spring 728x90']);

    // Three days on, the days before today are pulled and spent from the budget.
    clock.set(new Date('2026-03-13T15:00:00Z'));
    await rt.services.adCampaigns.stats.pullDue();
    const report = await get(
      rt,
      `/leadspeek/simplifi/campaign-reports/${c.leadspeekID}?client_now_date=2026-03-13&date_range=last_7_days`,
      owner.token,
    );
    expect(report.statusCode, report.body).toBe(200);
    const body = report.json();

    expect(body.days).toHaveLength(7);
    expect(body.totals.impressions).toBeGreaterThan(0);
    const spentBefore = await queryRows<{ spent: number }>(
      rt.database.db,
      sql`select coalesce(sum(client_spend_cents), 0)::int as spent from ad_campaign_stats
          where campaign_id = ${c.leadspeekID} and ad_id = '' and day < '2026-03-13'`,
    );
    expect(spentBefore[0]?.spent).toBeGreaterThan(0);
    expect(await budgetInLedger(c.leadspeekID)).toBe(120_000 - (spentBefore[0]?.spent ?? 0));
    // Pulled again: nothing is spent twice.
    clock.set(new Date('2026-03-13T16:00:00Z'));
    await rt.services.adCampaigns.stats.pullDue();
    expect(await budgetInLedger(c.leadspeekID)).toBe(120_000 - (spentBefore[0]?.spent ?? 0));

    const csv = await get(
      rt,
      `/leadspeek/simplifi/campaign-reports/${c.leadspeekID}?client_now_date=2026-03-13&date_range=last_7_days&format=csv`,
      owner.token,
    );
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.body).toContain('Total');

    const stats = await get(rt, `/leadspeek/simplifi/stats?campaign_ids=${c.leadspeekID}`, owner.token);
    expect(stats.statusCode, stats.body).toBe(200);
    expect(stats.json().data[0].totals.impressions).toBe(body.totals.impressions);
    // Stopped: today's figures read, what is left refunded to Harbor Dental's card — the client's
    // price back, the platform's part of it back from the application fee — and the budget emptied.
    const leftBefore = await budgetInLedger(c.leadspeekID);
    const stopped = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'stopped' },
      owner.token,
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    const [refund] = await queryRows<{
      amount_cents: number;
      status: string;
      calls: { amount: number; applicationFeeBack: number; refundId: string }[];
    }>(
      rt.database.db,
      sql`select amount_cents::int as amount_cents, status, calls from ad_budget_refunds where campaign_id = ${c.leadspeekID}`,
    );
    const [today] = await queryRows<{ spent: number }>(
      rt.database.db,
      sql`select coalesce(sum(client_spend_cents - posted_spend_cents), 0)::int as spent from ad_campaign_stats
          where campaign_id = ${c.leadspeekID} and ad_id = ''`,
    );
    expect(refund?.status).toBe('refunded');
    expect(refund?.amount_cents).toBe(leftBefore - (today?.spent ?? 0));
    expect(await budgetInLedger(c.leadspeekID)).toBe(today?.spent ?? 0);
    const [atGateway] = await queryRows<{ amount: number; fee_back: number }>(
      rt.database.db,
      sql`select coalesce(sum(amount), 0)::int as amount, coalesce(sum(application_fee_refunded), 0)::int as fee_back
            from sandbox_refunds
           where id in (${sql.join(
             (refund?.calls ?? []).map((call) => sql`${call.refundId}`),
             sql`, `,
           )})`,
    );
    expect(atGateway?.amount).toBe(refund?.amount_cents);
    expect(atGateway?.fee_back).toBe(refund?.calls.reduce((s2, call) => s2 + call.applicationFeeBack, 0));
    // Stopping again (archived, say) refunds nothing more.
    expect(
      (await get(rt, `/leadspeek/simplifi/details?leadspeekID=${c.leadspeekID}`, owner.token)).json().data
        .refunds,
    ).toHaveLength(1);

    // Per ad: the two ads' rows add up to the campaign's figures.
    expect(body.ads).toHaveLength(2);
    expect(body.ads.reduce((sum: number, ad: { impressions: number }) => sum + ad.impressions, 0)).toBe(
      body.totals.impressions,
    );
  });

  it('a declined renewal pauses the campaign for payment; a new card pays the period and resumes it', async () => {
    clock.set(new Date('2026-04-02T15:00:00Z'));
    await harborCard('4242424242424242');
    const c = await newCampaign();
    const activated = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'running' },
      owner.token,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    await harborCard('4000000000000341');
    clock.set(new Date('2026-05-02T15:00:00Z'));
    await rt.services.adCampaigns.renewDue();
    expect(await statusOf(c.leadspeekID)).toMatchObject({
      status: 'paused_on_run',
      pause_reason: 'payment_failed',
    });
    expect((await chargeRows(c.leadspeekID)).map((r) => [r.reason, r.period_start, r.status])).toEqual([
      ['activation', '2026-04-02', 'paid'],
      ['renewal', '2026-05-02', 'failed'],
    ]);
    // Paused, it is not tried again every hour.
    await rt.services.adCampaigns.renewDue();
    expect((await chargeRows(c.leadspeekID)).at(-1)?.status).toBe('failed');

    // A new card settles what the payer owes (decision 0075): the failed renewal is charged again
    // (a new attempt under the same obligation) and the campaign paused for it runs again.
    await harborCard('4242424242424242');
    expect(await statusOf(c.leadspeekID)).toMatchObject({ status: 'running' });
    expect((await chargeRows(c.leadspeekID)).map((r) => [r.reason, r.period_start, r.status])).toEqual([
      ['activation', '2026-04-02', 'paid'],
      ['renewal', '2026-05-02', 'paid'],
    ]);
    expect(await budgetInLedger(c.leadspeekID)).toBe(60_000);
  });

  it("targets the audiences it names: made at the platform once, with the keys, and the campaign's", async () => {
    clock.set(new Date('2026-06-01T15:00:00Z'));
    const form = multipart(
      { companyID: harbor, name: 'Past patients', kind: 'email' },
      {
        field: 'audiencefile',
        name: 'patients.csv',
        type: 'text/csv',
        bytes: Buffer.from('email\nann@example.com\nbob@example.com\ncy@example.com\n'),
      },
    );
    const uploaded = await rt.app.inject({
      method: 'POST',
      url: '/api/leadspeek/simplifi/audience/upload',
      headers: { ...form.headers, ...bearer(owner.token) },
      payload: form.payload,
    });
    expect(uploaded.statusCode, uploaded.body).toBe(200);
    const audienceId = uploaded.json().data.id as number;
    await rt.services.adAudiences.mergeAudience(audienceId);

    const c = await newCampaign();
    const targeted = await put(
      rt,
      `/leadspeek/simplifi/${c.leadspeekID}`,
      { audienceIds: [audienceId] },
      owner.token,
    );
    expect(targeted.statusCode, targeted.body).toBe(200);
    expect(targeted.json().data.audiences).toEqual([{ id: audienceId, name: 'Past patients', size: 3 }]);
    const activated = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'running' },
      owner.token,
    );
    expect(activated.statusCode, activated.body).toBe(200);
    await rt.services.adCampaigns.sync.syncDue();
    const details = (
      await get(rt, `/leadspeek/simplifi/details?leadspeekID=${c.leadspeekID}`, owner.token)
    ).json();
    const platformCampaign = await rt.services.adPlatform.getCampaign(details.data.platform.campaign_id);
    const [linked] = await queryRows<{ platform_audience_id: string }>(
      rt.database.db,
      sql`select platform_audience_id from ad_audiences where id = ${audienceId}`,
    );
    expect(linked?.platform_audience_id).toBeTruthy();
    expect(platformCampaign?.audienceIds).toEqual([linked?.platform_audience_id]);
    const atPlatform = await rt.services.adPlatform.getAudience(linked?.platform_audience_id ?? '');
    expect(atPlatform?.size).toBe(3);

    // Another agency's audience id: not found, nothing changes.
    const foreign = await put(
      rt,
      `/leadspeek/simplifi/${c.leadspeekID}`,
      { audienceIds: [999_999] },
      owner.token,
    );
    expect(foreign.statusCode).toBe(404);
    // Targeting none takes it off.
    const none = await put(rt, `/leadspeek/simplifi/${c.leadspeekID}`, { audienceIds: [] }, owner.token);
    expect(none.json().data.audiences).toEqual([]);
    // Targeted again, then stopped and removed: the removed campaign lets go of its audiences.
    await put(rt, `/leadspeek/simplifi/${c.leadspeekID}`, { audienceIds: [audienceId] }, owner.token);
    await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: c.leadspeekID, status: 'stopped' },
      owner.token,
    );
    const removed = await put(rt, '/leadspeek/client/remove', { leadspeekID: c.leadspeekID }, owner.token);
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await rt.services.adAudiences.campaignAudiences.ofCampaign(c.leadspeekID)).toEqual([]);
  });

  it('leaves the ledger equal to the sandbox gateway: reconciliation finds 0 differences', async () => {
    // Every budget charge, raise, declined and settled renewal and refund above, checked record by record.
    await rt.services.billing.reconciliation.reconcileAll();
    const root = await who(rt, PEOPLE.root);
    const res = await get(rt, '/configuration/reconciliation', root.token);
    expect(res.statusCode, res.body).toBe(200);
    const [run] = reconciliationResponseSchema.parse(res.json()).runs;
    console.log(
      `reconciliation after the Simplifi charges and refunds: ${run?.checked} records, ${run?.difference_count} differences, gateway net ${run?.gateway_totals.net_cents} = ledger net ${run?.ledger_totals.net_cents}`,
    );
    expect(run).toMatchObject({ gateway: 'sandbox', difference_count: 0, differences: [] });
    expect(run?.gateway_totals.refunds_cents).toBeGreaterThan(0);
    expect(run?.gateway_totals.net_cents).toBe(run?.ledger_totals.net_cents);
  });
});
