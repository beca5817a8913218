import { createHash } from 'node:crypto';
import { asMicros } from '@app/contracts';
import { agencyPrices, and, eq, leads, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { campaignState, insertCampaign, outcomes } from '../../../test/kits/campaigns.js';
import { createDrainLoop } from '../../jobs/drain-loop.js';

/*
 * The claim of decision 0037 §1 under concurrency, through the ingest service on the real database
 * (the in-process worker is off: the test runs the batches itself, several at once, so on
 * PostgreSQL their claim transactions race on separate connections).
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime(
    { identities: { people: 500, seed: 'ingest-claims' } },
    { IN_PROCESS_WORKER: 'false' },
  );
});
afterAll(() => rt.close());

const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const person = (email: string, extra: Record<string, unknown> = {}) => ({
  id: `vendor-${email}`,
  emailMd5: md5(email.toLowerCase()),
  firstName: 'Test',
  lastName: 'Person',
  emails: [email],
  phones: ['512-555-0101'],
  address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
  company: null,
  ...extra,
});

async function feed(campaignId: number, identities: ReturnType<typeof person>[]) {
  await rt.services.leads.intake.insert(
    identities.map((payload) => ({ campaignId, source: 'vendor_callback' as const, payload })),
  );
}

/** Runs `parallel` batch loops of `size` rows at once until the intake is empty. */
async function drain(parallel = 10, size = 10) {
  const lane = async () => {
    // Lanes race on one campaign, past the lease's campaign hold (decision 0122).
    while (await rt.services.leads.ingest.processNextBatch(size, { anyCampaign: true })) {}
  };
  await Promise.all(Array.from({ length: parallel }, lane));
  const [left] = await queryRows<{ n: number }>(
    rt.database.db,
    sql`select count(*)::int as n from lead_intake`,
  );
  expect(left?.n).toBe(0);
}

describe('at most once per campaign + identity', () => {
  it('stores one lead from 100 parallel deliveries of one identity to one campaign', async () => {
    const campaign = await insertCampaign(rt.database.db, { reidentification: '30' });
    const one = person('Same.Person@example.com');
    await feed(
      campaign.id,
      Array.from({ length: 100 }, () => one),
    );
    await drain();
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(1);
    expect(leads[0]?.identity_md5).toBe(md5('same.person@example.com'));
    expect(rejections).toHaveLength(99);
    // Lost claims and stale facts both name the repeat: never a second lead.
    for (const r of rejections) expect(['already_stored', 'reidentified_campaign']).toContain(r.reason);
    const [claims] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from lead_claims where campaign_id = ${campaign.id}`,
    );
    expect(claims?.n).toBe(1);
  });

  it('freezes the three prices of @app/pricing on the lead', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      module: 'enhance',
      paymentTerm: 'Monthly',
      costPerLeadMicros: asMicros(1_250_000),
    });
    await feed(campaign.id, [person('priced@example.com')]);
    await drain(1, 10);
    const [lead] = await rt.database.db.select().from(leads).where(eq(leads.campaignId, campaign.id));
    if (!lead) throw new Error('no lead stored');
    const [wholesale] = await rt.database.db
      .select()
      .from(agencyPrices)
      .where(
        and(
          eq(agencyPrices.companyId, campaign.agencyId),
          eq(agencyPrices.module, 'enhance'),
          eq(agencyPrices.term, 'Monthly'),
        ),
      );
    // Northwind's own enhance/Monthly wholesale, and the client price floored at it when lower.
    expect(lead.wholesaleMicros).toBe(wholesale?.costPerLeadMicros ?? 0);
    expect(lead.clientPriceMicros).toBe(Math.max(1_250_000, lead.wholesaleMicros));
    expect(lead.rootFeeMicros).toBe(0); // an agency of the master system owes no root fee
  });
});

describe('ingest lanes while rows keep arriving (decisions 0055, 0122)', () => {
  it('stores each identity once, with one delivery row, from a stream of repeats worked by four lanes', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      reidentification: '30',
      reportSentTo: ['lanes@harbor.test'],
    });
    const people = Array.from({ length: 60 }, (_, i) => person(`lanes-${i}@example.com`));
    // Four lanes, small batches, so the rounds interleave.
    const loop = createDrainLoop({
      settings: { lanes: 4, batchSize: 15, gatherMs: 20, idlePollMs: 50 },
      step: async (limit) =>
        (await rt.services.leads.ingest.processNextBatch(limit, { anyCampaign: true }))?.rows ?? 0,
      onError: (err) => {
        throw err;
      },
    });
    loop.start();
    // Every person three times, in rounds fed while the run works.
    const feeding = (async () => {
      for (let round = 0; round < 6; round++) {
        await feed(
          campaign.id,
          [...people.slice(round * 10, round * 10 + 10), ...people.slice(0, 20)].slice(0, 30),
        );
        await new Promise((resolve) => setTimeout(resolve, 40));
      }
    })();
    await feeding;
    await vi.waitFor(
      async () =>
        expect(
          await queryRows(rt.database.db, sql`select 1 from lead_intake where campaign_id = ${campaign.id}`),
        ).toHaveLength(0),
      { timeout: 30_000, interval: 50 },
    );
    await loop.stop();

    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(60);
    expect(new Set(leads.map((l) => l.identity_md5)).size).toBe(60);
    expect(rejections).toHaveLength(6 * 30 - 60);
    for (const r of rejections) expect(['already_stored', 'reidentified_campaign']).toContain(r.reason);
    const [deliveries] = await queryRows<{ n: number; leads: number }>(
      rt.database.db,
      sql`select count(*)::int as n, count(distinct d.lead_id)::int as leads
            from lead_deliveries d join leads l on l.id = d.lead_id where l.campaign_id = ${campaign.id}`,
    );
    expect(deliveries).toEqual({ n: 60, leads: 60 });
  });
});

describe('lead limit', () => {
  it('stores exactly 10 of 100 parallel candidates with a limit of 10 and pauses the campaign on run', async () => {
    const campaign = await insertCampaign(rt.database.db, { leadLimit: 10, leadLimitFrequency: 'day' });
    await feed(
      campaign.id,
      Array.from({ length: 100 }, (_, i) => person(`limit-${i}@example.com`)),
    );
    await drain();
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(10);
    expect(rejections).toHaveLength(90);
    // Refused by the limit, or, in a lane whose batch began after another lane's claim had paused the
    // campaign, because it no longer runs (seen when the machine is busy): never anything else.
    const reasons = rejections.map((r) => `${r.step}:${r.reason}`);
    for (const reason of reasons)
      expect(['limit:limit_reached_day', 'campaign:campaign_not_running']).toContain(reason);
    expect(reasons).toContain('limit:limit_reached_day');
    const state = await campaignState(rt.database.db, campaign.id);
    expect(state).toMatchObject({ status: 'paused_on_run', pause_reason: 'limit' });
    expect(state.moves).toEqual([{ event: 'pause_on_run', to_status: 'paused_on_run', reason: 'limit' }]);
  });
});

describe('one batch, one claim transaction (decision 0052)', () => {
  it('gives a repeat within the batch no lead, and leaves no claim for a candidate the limit refused', async () => {
    const campaign = await insertCampaign(rt.database.db, {
      reidentification: '30',
      leadLimit: 2,
      leadLimitFrequency: 'lifetime',
    });
    const people = ['batch-a', 'batch-a', 'batch-b', 'batch-c', 'batch-d'].map((n) =>
      person(`${n}@example.com`),
    );
    await feed(campaign.id, people);
    await drain(1, 50); // one batch holds all five
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads.map((l) => l.identity_md5)).toEqual([people[0]?.emailMd5, people[2]?.emailMd5]);
    expect(rejections.map((r) => r.reason)).toEqual([
      'already_stored',
      'limit_reached_lifetime',
      'limit_reached_lifetime',
    ]);
    const claims = await queryRows<{ identity_md5: string }>(
      rt.database.db,
      sql`select identity_md5 from lead_claims where campaign_id = ${campaign.id} order by identity_md5`,
    );
    expect(claims.map((c) => c.identity_md5).sort()).toEqual(leads.map((l) => l.identity_md5).sort());
    const [counter] = await queryRows<{ count: number }>(
      rt.database.db,
      sql`select count from campaign_limit_counters where campaign_id = ${campaign.id}`,
    );
    expect(counter?.count).toBe(2);
  });
});

describe('one batch, one outcome (decision 0055)', () => {
  it('stores nothing of a batch whose transaction fails, and everything once when its rows come back', async () => {
    const campaign = await insertCampaign(rt.database.db, { reidentification: '30' });
    const listed = person('atomic-listed@example.com');
    await rt.database.db.execute(
      sql`insert into suppression_entries (scope, owner_id, md5) values ('campaign', ${campaign.id}, ${listed.emailMd5})`,
    );
    await feed(campaign.id, [listed, person('atomic-a@example.com'), person('atomic-b@example.com')]);
    // A database error as the rejections are written, after the leads were claimed (a trigger
    // stands in for any failure; before, the leads were committed by then and came back later as
    // repeats).
    await rt.database.db.execute(
      sql.raw(`create function fail_rejection_insert() returns trigger language plpgsql as $$
                 begin raise exception 'rejection insert failed'; end $$`),
    );
    await rt.database.db.execute(
      sql.raw(`create trigger fail_rejection_insert before insert on lead_rejections for each row
                 when (new.campaign_id = ${campaign.id}) execute function fail_rejection_insert()`),
    );
    await expect(rt.services.leads.ingest.processNextBatch(50)).rejects.toThrow();
    // Nothing of the batch: no lead, no claim, not even the pipeline's rejection; the rows stay.
    expect(await outcomes(rt.database.db, campaign.id)).toEqual({ leads: [], rejections: [] });
    const [left] = await queryRows<{ n: number; claims: number }>(
      rt.database.db,
      sql`select (select count(*)::int from lead_intake where campaign_id = ${campaign.id}) as n,
                 (select count(*)::int from lead_claims where campaign_id = ${campaign.id}) as claims`,
    );
    expect(left).toEqual({ n: 3, claims: 0 });

    await rt.database.db.execute(sql.raw('drop trigger fail_rejection_insert on lead_rejections'));
    await rt.database.db.execute(sql.raw('drop function fail_rejection_insert()'));
    // The lease runs out (made so here rather than waited for): the same rows, stored once.
    await rt.database.db.execute(
      sql`update lead_intake set lease_until = now() - interval '1 second' where campaign_id = ${campaign.id}`,
    );
    await drain(1, 50);
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(2);
    expect(rejections).toEqual([
      { step: 'suppression', reason: 'suppressed_campaign', identity_md5: listed.emailMd5 },
    ]);
  });
});

describe('prepaid balance', () => {
  it('never goes below zero under concurrency and pauses the campaign on run (balance)', async () => {
    const campaign = await insertCampaign(rt.database.db, { paymentTerm: 'Prepaid', prepaidLeads: 7 });
    await feed(
      campaign.id,
      Array.from({ length: 60 }, (_, i) => person(`prepaid-${i}@example.com`)),
    );
    await drain();
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(7);
    expect(
      rejections.every(
        (r) => r.reason === 'prepaid_balance_exhausted' || r.reason === 'campaign_not_running',
      ),
    ).toBe(true);
    expect(
      rejections.some((r) => r.reason === 'prepaid_balance_exhausted' || r.reason === 'campaign_not_running'),
    ).toBe(true);
    // What is left is a ledger sum (decision 0072): the block's 7 leads, less one use per lead stored.
    expect((await rt.services.billing.prepaid.left([campaign.id])).get(campaign.id)).toBe(0);
    const uses = await queryRows<{ leads: number }>(
      rt.database.db,
      sql`select sum(l.amount)::int as leads from ledger_lines l join ledger_postings p on p.id = l.posting_id
           where p.cause_kind = 'prepaid_use' and p.business_key like ${`prepaid-use:${campaign.id}:%`} and l.amount > 0`,
    );
    expect(uses[0]?.leads).toBe(7);
    expect(await campaignState(rt.database.db, campaign.id)).toMatchObject({
      status: 'paused_on_run',
      pause_reason: 'balance',
    });
  });
});

describe('re-identification across a client’s campaigns', () => {
  it('delivers a person to one campaign of the client, then refuses the other within the window', async () => {
    const first = await insertCampaign(rt.database.db, {
      reidentification: '30',
      reidentifyAcrossClient: true,
      clientName: 'Cedar Home Services',
    });
    const second = await insertCampaign(rt.database.db, {
      reidentification: '30',
      reidentifyAcrossClient: true,
      clientName: 'Cedar Home Services',
    });
    const shared = person('shared.client@example.com');
    await feed(first.id, [shared]);
    await drain(1, 10);
    await feed(second.id, [shared]);
    await drain(1, 10);
    expect((await outcomes(rt.database.db, first.id)).leads).toHaveLength(1);
    const other = await outcomes(rt.database.db, second.id);
    expect(other.leads).toHaveLength(0);
    expect(other.rejections).toEqual([
      { step: 'reidentification', reason: 'reidentified_client', identity_md5: shared.emailMd5 },
    ]);
  });

  it('races both campaigns at once and still stores the person once for the client', async () => {
    const a = await insertCampaign(rt.database.db, { reidentification: '7', reidentifyAcrossClient: true });
    const b = await insertCampaign(rt.database.db, { reidentification: '7', reidentifyAcrossClient: true });
    const shared = person('race.client@example.com');
    await feed(
      a.id,
      Array.from({ length: 20 }, () => shared),
    );
    await feed(
      b.id,
      Array.from({ length: 20 }, () => shared),
    );
    await drain();
    const total =
      (await outcomes(rt.database.db, a.id)).leads.length +
      (await outcomes(rt.database.db, b.id)).leads.length;
    expect(total).toBe(1);
  });
});

describe('suppression', () => {
  it('stores the rejection with its step and reason when a key is on the campaign’s list', async () => {
    const campaign = await insertCampaign(rt.database.db);
    const listed = person('Listed@Example.com');
    await rt.database.db.execute(
      sql`insert into suppression_entries (scope, owner_id, md5) values ('campaign', ${campaign.id}, ${md5('listed@example.com')})`,
    );
    await feed(campaign.id, [listed, person('free@example.com')]);
    await drain(1, 10);
    const { leads, rejections } = await outcomes(rt.database.db, campaign.id);
    expect(leads).toHaveLength(1);
    expect(rejections).toEqual([
      { step: 'suppression', reason: 'suppressed_campaign', identity_md5: md5('listed@example.com') },
    ]);
  });

  it('refuses a person on the system’s opt-out list before any other step', async () => {
    const campaign = await insertCampaign(rt.database.db);
    await rt.database.db.execute(
      sql`insert into suppression_entries (scope, owner_id, md5) values ('opt_out', ${campaign.systemId}, ${md5('gone@example.com')})`,
    );
    await feed(campaign.id, [person('gone@example.com')]);
    await drain(1, 10);
    expect((await outcomes(rt.database.db, campaign.id)).rejections).toEqual([
      { step: 'opt_out', reason: 'opted_out', identity_md5: md5('gone@example.com') },
    ]);
  });
});

describe('a campaign that does not run', () => {
  it('stores the rejection and no lead', async () => {
    const campaign = await insertCampaign(rt.database.db, { status: 'paused' });
    await feed(campaign.id, [person('paused@example.com')]);
    await drain(1, 10);
    expect(await outcomes(rt.database.db, campaign.id)).toEqual({
      leads: [],
      rejections: [
        { step: 'campaign', reason: 'campaign_not_running', identity_md5: md5('paused@example.com') },
      ],
    });
  });
});

describe('leases by campaign (decision 0122)', () => {
  it('gives a second batch the other campaigns’ rows while a first batch holds its campaign', async () => {
    const first = await insertCampaign(rt.database.db);
    const second = await insertCampaign(rt.database.db);
    await feed(
      first.id,
      [1, 2, 3, 4, 5].map((i) => person(`hold-a-${i}@example.com`)),
    );
    await feed(
      second.id,
      [1, 2, 3, 4, 5].map((i) => person(`hold-b-${i}@example.com`)),
    );
    const { intake } = rt.services.leads;
    try {
      const campaignsOf = (rows: Awaited<ReturnType<typeof intake.lease>>) => [
        ...new Set(rows.map((r) => r.campaignId)),
      ];
      // The oldest rows: three of the first campaign's five.
      const a = await intake.lease(3);
      expect(a).toHaveLength(3);
      expect(campaignsOf(a)).toEqual([first.id]);
      // The first campaign is held: its two other rows wait, the second campaign's are taken.
      const b = await intake.lease(10);
      expect(b).toHaveLength(5);
      expect(campaignsOf(b)).toEqual([second.id]);
      // Only a lease that ignores the hold takes the first campaign's rest.
      expect(await intake.lease(10)).toEqual([]);
      const c = await intake.lease(10, { anyCampaign: true });
      expect(c).toHaveLength(2);
      expect(campaignsOf(c)).toEqual([first.id]);
    } finally {
      await rt.database.db.execute(
        sql`delete from lead_intake where campaign_id in (${first.id}, ${second.id})`,
      );
    }
  });
});
