import type { ChildProcess } from 'node:child_process';
import { asCents, centsToDollars } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { crashableDatabase, spawnTestChild } from '../../../../test/crashable-database.js';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { harborPaying } from '../../../../test/kits/harbor-billing.js';
import { runJanitorNow } from '../../../../test/payments.js';
import { testDbKind } from '../../../../test/test-run.js';

/**
 * Issue 21's crash test: the worker process is killed with SIGKILL at random points of the billing
 * runs of 100 Weekly campaigns — as a charge is asked of the sandbox, right after it stored one (our
 * side never hears of it), or a few milliseconds later (inside the charge's record, its follow-up,
 * the next invoice's transaction) — and started again, until a run ends by itself. Then the janitor runs once, as it would a
 * minute later. Afterwards every campaign has its one invoice, paid by one charge, and the ledger
 * equals the sandbox gateway: nothing doubled, nothing lost. The seed is printed with the figures.
 */
const CAMPAIGNS = 100;
const dollars = (cents: number | undefined) => centsToDollars(asCents(cents ?? 0));
const MAX_KILLS = 8;
/** Where the n-th charge dies: before the gateway, after it, or 1-40 ms later (PostgreSQL: see the child). */
const POINTS =
  testDbKind() === 'pglite'
    ? ['before', 'after']
    : ['before', 'after', ...Array.from({ length: 4 }, (_, i) => String(1 + i * 13))];
const DAY = 86_400_000;
const children: ChildProcess[] = [];
let rt: TestRuntime | undefined;
afterAll(async () => {
  for (const child of children)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  await rt?.close();
});

/** A small seeded generator (mulberry32): the kill points of a failing run can be replayed. */
function random(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

/** The child's output so far and its end (the signal, or the exit code). */
function watch(child: ChildProcess) {
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString();
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const ended = new Promise<string>((resolve) =>
    child.once('exit', (code, signal) => resolve(signal ?? `exit ${code}`)),
  );
  return { ended, output: () => output };
}

/** Harbor's 100 Weekly campaigns, each a week and a day into its schedule with three leads in the week. */
async function loadCampaigns(rt: TestRuntime, harbor: number) {
  const db = rt.database.db;
  const activated = new Date(Date.now() - 8 * DAY).toISOString();
  const leadsAt = new Date(Date.now() - 5 * DAY).toISOString();
  await db.execute(sql`
    insert into campaigns (public_id, system_id, agency_id, client_id, module, name, status, payment_term,
                           setup_fee_cents, period_fee_cents, cost_per_lead_micros, activated_at, national)
    select (61000000 + n)::text, c.system_id, c.parent_id, c.id, 'local', 'Crash weekly ' || n, 'running',
           'Weekly', 9900, 4900, 1500000, ${activated}::timestamptz, true
      from companies c, generate_series(1, ${CAMPAIGNS}) as n where c.id = ${harbor}`);
  await db.execute(sql`
    insert into billing_schedules (system_id, campaign_id, activation, term, anchor_date, time_zone, started_at)
    select system_id, id, 1, 'Weekly', (activated_at at time zone time_zone)::date, time_zone, activated_at
      from campaigns where name like 'Crash weekly %'`);
  await db.execute(sql`
    insert into leads (campaign_id, client_id, agency_id, system_id, module, identity_md5, claimed_at, source,
                       client_price_micros, wholesale_micros, root_fee_micros, created_at)
    select c.id, c.client_id, c.agency_id, c.system_id, c.module, md5(c.id || ':' || k), t, 'pixel',
           1500000, 750000, 0, t
      from campaigns c, generate_series(1, 3) as k,
           lateral (select ${leadsAt}::timestamptz + k * interval '1 hour' as t) x
     where c.name like 'Crash weekly %'`);
}

describe('the worker killed at random points of 100 billing runs', () => {
  it('restarted, every campaign has one invoice and one charge, and the ledger equals the gateway', async () => {
    const seed = Number.parseInt(process.env.CRASH_SEED ?? String(Date.now() % 1_000_000), 10);
    const next = random(seed);
    const database = await crashableDatabase();
    // Our runtime runs no worker: it would take up the jobs the killed children left queued.
    const noWorker = { IN_PROCESS_WORKER: 'false' };
    rt = await startTestRuntime({}, noWorker, await database.open());
    const { harbor } = await harborPaying(rt);
    await loadCampaigns(rt, harbor);
    // PGlite allows one process: ours closes before each child opens the folder.
    if (testDbKind() === 'pglite') {
      await rt.close();
      rt = undefined;
    }

    // Kill, restart, until a run ends by itself (at most MAX_KILLS kills, then it runs to the end).
    const kills: string[] = [];
    let finished = false;
    for (let round = 0; !finished; round++) {
      expect(round, 'the rounds are bounded').toBeLessThan(MAX_KILLS + 3);
      // The n-th charge of the process (the worker's own at-start run counts too), at one of the points.
      const atCharge = kills.length < MAX_KILLS ? 1 + Math.floor(next() * 12) : 0;
      const point = POINTS[Math.floor(next() * POINTS.length)] ?? 'after';
      const child = spawnTestChild(
        'billing-crash-child.ts',
        { ...database.env, CRASH_AT_CHARGE: String(atCharge), CRASH_POINT: point },
        children,
      );
      const seen = watch(child);
      const end = await seen.ended;
      if (end === 'SIGKILL') kills.push(`charge ${atCharge} ${point}`);
      else {
        expect(end, seen.output()).toBe('exit 0');
        finished = /^done /m.test(seen.output());
        expect(finished, seen.output()).toBe(true);
      }
    }

    // Started again, the janitor runs once (no grace period), as it would a minute later.
    rt ??= await startTestRuntime({}, noWorker, await database.open());
    await runJanitorNow(rt);
    await rt.services.billing.invoicing.run();
    const db = rt.database.db;

    const [invoices] = await queryRows<{ n: number; paid: number; schedules: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where i.status = 'paid')::int as paid,
                 count(distinct i.schedule_id)::int as schedules
            from invoices i join campaigns c on c.id = i.campaign_id where c.name like 'Crash weekly %'`,
    );
    const [operations] = await queryRows<{ n: number; succeeded: number; keys: number }>(
      db,
      sql`select count(*)::int as n, count(*) filter (where status = 'succeeded')::int as succeeded,
                 count(distinct obligation_key)::int as keys
            from payment_operations where business_key like 'invoice:%'`,
    );
    const [gateway] = await queryRows<{ charges: number; keys: number; amount: number; fees: number }>(
      db,
      sql`select count(*)::int as charges, count(distinct idempotency_key)::int as keys,
                 coalesce(sum(amount), 0)::int as amount, coalesce(sum(application_fee), 0)::int as fees
            from sandbox_charges where idempotency_key like 'invoice:%'`,
    );
    // Each charge against its operation and its posting: amounts, fee, and the platform's part collected
    // into the gateway clearing account.
    const mismatched = await queryRows<{ charge: string; why: string }>(
      db,
      sql`select s.id as charge,
                 case when o.id is null then 'no operation'
                      when o.amount <> s.amount then 'amount'
                      when o.application_fee is distinct from s.application_fee then 'fee'
                      when coalesce(s.application_fee, s.amount) > 0 and p.id is null then 'no posting'
                      else 'posting amount' end as why
            from sandbox_charges s
            left join payment_operations o on o.charge_id = s.id and o.status = 'succeeded'
            left join ledger_postings p on p.id = o.posting_id and p.gateway_object_id = s.id
            left join lateral (select sum(ll.amount) as debit
                                 from ledger_lines ll join ledger_accounts a on a.id = ll.account_id
                                where ll.posting_id = p.id and a.kind = 'gateway_clearing') l on true
           where s.idempotency_key like 'invoice:%'
             and (o.id is null or o.amount <> s.amount or o.application_fee is distinct from s.application_fee
                  or coalesce(l.debit, 0) <> coalesce(s.application_fee, s.amount))`,
    );
    const [ledger] = await queryRows<{ posted: number }>(
      db,
      sql`select coalesce(sum(l.amount), 0)::int as posted
            from payment_operations o join ledger_lines l on l.posting_id = o.posting_id
            join ledger_accounts a on a.id = l.account_id and a.kind = 'gateway_clearing'
           where o.business_key like 'invoice:%' and o.status = 'succeeded'`,
    );
    // A kill between an operation's row and its gateway call leaves an attempt the janitor finds never
    // charged ('not_charged'): the next run charges the invoice under the next attempt's key, and no
    // one is marked payment failed for it.
    const unsettled = await queryRows<{ key: string; status: string; code: string | null }>(
      db,
      sql`select business_key as key, status, failure_code as code from payment_operations
           where business_key like 'invoice:%' and status <> 'succeeded'`,
    );
    const [failures] = await queryRows<{ n: number }>(
      db,
      sql`select count(*)::int as n from payment_failures where obligation_key like 'invoice:%'`,
    );
    console.log(
      `billing crash test (seed ${seed}): ${kills.length} kills (${kills.join('; ')}); ` +
        `${invoices?.n} invoices (${invoices?.paid} paid) for ${invoices?.schedules} schedules; ` +
        `${operations?.succeeded} operations succeeded, ${unsettled.length} attempts never charged; gateway ${gateway?.charges} charges ` +
        `$${dollars(gateway?.amount)} with fees $${dollars(gateway?.fees)}; ledger collected $${dollars(ledger?.posted)}; ` +
        `${mismatched.length} mismatches`,
    );
    expect(kills.length).toBeGreaterThan(1);
    expect(invoices).toEqual({ n: CAMPAIGNS, paid: CAMPAIGNS, schedules: CAMPAIGNS });
    expect(operations).toEqual({ n: CAMPAIGNS + unsettled.length, succeeded: CAMPAIGNS, keys: CAMPAIGNS });
    expect(unsettled.filter((o) => o.status !== 'failed' || o.code !== 'not_charged')).toEqual([]);
    expect(failures?.n).toBe(0);
    expect(gateway?.charges).toBe(CAMPAIGNS);
    expect(gateway?.keys).toBe(CAMPAIGNS);
    expect(mismatched).toEqual([]);
    expect(ledger?.posted).toBe(gateway?.fees);
  }, 600_000);
});
