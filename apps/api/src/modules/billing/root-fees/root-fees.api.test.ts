import {
  asMicros,
  billingHistoryResponseSchema,
  centsToDollars,
  rootFeesResponseSchema,
} from '@app/contracts';
import { DEMO, eq, queryRows, rootFeeCharges, rootFeeStatements, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { get, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { customerWithCard, key, sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Root fees between systems (decisions 0081, 0088): Brightreach (a non-master system) owes the master
 * the root fee frozen on each lead its campaigns delivered in a month, and on each setup and period
 * fee they were charged. The statement is made once however often and however concurrently the job
 * runs, posted in both systems' books, stays due without a receiving account, and is paid by one
 * transfer under `root-fee:<system>:<month>` — also when the process dies between the gateway's
 * transfer and the posting. Months the job missed are stated by its next run, 24 at most a run; a
 * refused transfer is tried again on the invoices' retry schedule. Only the systems' owners read it,
 * on the Root Fees screen and in their billing history.
 */

let rt: TestRuntime;
let clock: SettableClock;
let root: Who;
let otherRoot: Who;
/** The sandbox's knob: when set, the answer of a stored transfer is lost (the process "dies" there). */
let loseTransferAnswer = false;

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({
    clock,
    sandbox: {
      async afterTransfer() {
        if (loseTransferAnswer) throw new Error('socket hang up');
      },
    },
  });
  root = await who(rt, PEOPLE.root);
  otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
});
afterAll(() => rt?.close());

const rootFees = () => rt.services.billing.rootFees;
const db = () => rt.database.db;
/** `YYYY-MM` of a date (UTC). */
const monthOf = (d: Date) => d.toISOString().slice(0, 7);
/** An instant of a `YYYY-MM` month, `offset` months on (UTC): its `day` at `hour`. */
function inMonthOf(month: string, offset: number, day = 1, hour = 0) {
  const [year, number] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(year, number - 1 + offset, day, hour));
}
/** The `YYYY-MM` month `offset` months after `month`. */
const monthAfter = (month: string, offset: number) => monthOf(inMonthOf(month, offset));
const DAY = 86_400_000;

async function brightreachCampaign() {
  const [campaign] = await queryRows<{
    id: number;
    clientId: number;
    agencyId: number;
    systemId: number;
    module: string;
  }>(
    db(),
    sql`select k.id, k.client_id as "clientId", k.agency_id as "agencyId", k.system_id as "systemId", k.module::text as module
          from campaigns k where k.system_id = ${otherRoot.system} order by k.id limit 1`,
  );
  if (!campaign) throw new Error('no Brightreach campaign');
  return campaign;
}

async function statementsOf(systemId: number) {
  return queryRows<{
    month: string;
    lead_count: number;
    amount: number;
    status: string;
    transfer_id: string | null;
    attempt: number;
    fee_lines: unknown;
  }>(
    db(),
    sql`select month, lead_count, amount::int as amount, status, transfer_id, attempt, fee_lines
          from root_fee_statements where system_id = ${systemId} order by month`,
  );
}

/** The root fees kept of a campaign's charges, with the month of the statement that counted each. */
const chargesOf = (campaignId: number) =>
  db()
    .select({
      kind: rootFeeCharges.kind,
      sourceKey: rootFeeCharges.sourceKey,
      invoiceId: rootFeeCharges.invoiceId,
      setupFee: rootFeeCharges.setupFee,
      periodFee: rootFeeCharges.periodFee,
      chargedAt: rootFeeCharges.chargedAt,
      countedIn: rootFeeStatements.month,
    })
    .from(rootFeeCharges)
    .leftJoin(rootFeeStatements, eq(rootFeeStatements.id, rootFeeCharges.statementId))
    .where(eq(rootFeeCharges.campaignId, campaignId))
    .orderBy(rootFeeCharges.id);

/** The master's receiving account on Brightreach's gateway (connected in the payment test). */
async function receivingAccountId() {
  const [row] = await queryRows<{ account_id: string }>(
    db(),
    sql`select p.account_id from payment_accounts p join systems y on y.root_company_id = p.company_id
         where y.id = ${otherRoot.system} and p.detached_at is null`,
  );
  if (!row) throw new Error('no receiving account');
  return row.account_id;
}

/** The transfers the sandbox made under keys starting so (a refused request keeps no key, as Stripe's). */
const transferRequests = (prefix: string) =>
  queryRows<{ key: string; result_id: string }>(
    db(),
    sql`select key, result_id from idempotency_keys
         where operation = 'transfer.create' and key like ${`${prefix}%`} and result_id is not null order by key`,
  );

/** Money the platform's sandbox balance receives: a charge no system claims. */
async function fundPlatform(amount: number) {
  const payer = await customerWithCard(sandboxOf(rt), 'tok_visa');
  await sandboxOf(rt).createCharge({
    idempotencyKey: key('funds'),
    customerId: payer.id,
    amount: amount as never,
    currency: 'usd',
    description: 'Platform funds',
  });
}

/** A ledger account's lines summed (debit positive), by kind, system and reference. */
async function sumOf(systemId: number, kind: string, reference = '') {
  const [row] = await queryRows<{ sum: number }>(
    db(),
    sql`select coalesce(sum(l.amount), 0)::int as sum from ledger_accounts a
          join ledger_lines l on l.account_id = a.id
         where a.system_id = ${systemId} and a.kind = ${kind} and a.reference = ${reference}`,
  );
  return row?.sum ?? 0;
}

const postingsLike = async (pattern: string) =>
  (
    await queryRows<{ n: number }>(
      db(),
      sql`select count(*)::int as n from ledger_postings where business_key like ${pattern}`,
    )
  )[0]?.n ?? 0;

async function read(by: Who, query = '') {
  const res = await get(rt, `/configuration/root-fees${query}`, by.token);
  return {
    status: res.statusCode,
    body: res.statusCode === 200 ? rootFeesResponseSchema.parse(res.json()) : null,
  };
}

describe('root fees between systems', () => {
  /** The month the leads are delivered in: the clock's; the statement is made once the clock is past it. */
  let month: string;

  it("states a month's leads at their frozen root fees once, however many runs at once, in both systems' books", async () => {
    const campaign = await brightreachCampaign();
    const now = clock.now();
    month = monthOf(now);
    const inMonth = (day: number) =>
      new Date(Math.min(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), day, 12), now.getTime() - 60_000));
    // 3 leads at $0.333333 and 2 at $1.25 (one line each, cents once per line), a test lead at the
    // same fee that nobody bought, and a lead of the master system's, which owes no root fee.
    for (const day of [1, 2, 3])
      await insertLead(db(), campaign, { createdAt: inMonth(day), rootFeeMicros: asMicros(333_333) });
    for (const day of [1, 2])
      await insertLead(db(), campaign, { createdAt: inMonth(day), rootFeeMicros: asMicros(1_250_000) });
    await insertLead(db(), campaign, {
      createdAt: inMonth(1),
      rootFeeMicros: asMicros(1_250_000),
      source: 'test',
    });

    // Still inside the month: nothing is stated.
    expect(await rootFees().makeStatements()).toEqual({ made: 0 });

    clock.set(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 2, 6)));
    const runs = await Promise.all(Array.from({ length: 4 }, () => rootFees().makeStatements()));
    expect(runs.reduce((n, r) => n + r.made, 0)).toBe(1);
    // 3 × 0.333333 = 0.999999 → 100 cents; 2 × 1.25 = 250 cents.
    const [statement] = (await statementsOf(otherRoot.system)).filter((s) => s.month === month);
    expect(statement).toMatchObject({ lead_count: 5, amount: 350, status: 'due', transfer_id: null });
    // The master owes itself nothing: no statement of its own.
    expect(await statementsOf(root.system)).toEqual([]);

    // Brightreach's books: an expense against what it owes; the master's: a receivable against revenue.
    expect(await sumOf(otherRoot.system, 'root_fee_expense')).toBe(350);
    expect(await sumOf(otherRoot.system, 'root_fee_payable')).toBe(-350);
    expect(await sumOf(root.system, 'root_fee_receivable', `system-${otherRoot.system}`)).toBe(350);
    expect(await sumOf(root.system, 'root_fee_revenue')).toBe(-350);
    expect(await postingsLike(`root-fee:${otherRoot.system}:${month}:accrued%`)).toBe(2);

    // Run again (the monthly job, a restart): nothing new.
    expect(await rootFees().makeStatements()).toEqual({ made: 0 });
    expect(await postingsLike(`root-fee:${otherRoot.system}:${month}:%`)).toBe(2);
  });

  it('stays due without a receiving account, shown as such to both roots', async () => {
    expect(await rootFees().payStatements()).toMatchObject({ paid: 0, failed: 0 });
    const theirs = await read(otherRoot);
    expect(theirs.status).toBe(200);
    expect(theirs.body?.view).toBe('paying');
    const [system] = theirs.body?.systems ?? [];
    expect(system).toMatchObject({
      system_id: otherRoot.system,
      system_name: DEMO.brightreach.systemName,
      receiving_account: { status: '', payouts_enabled: false },
      owed_cents: 350,
    });
    expect(system?.statements.find((s) => s.month === month)).toMatchObject({
      lead_count: 5,
      amount_cents: 350,
      status: 'due',
      status_label: 'Due',
      lines: [
        { leads: 2, unit_price_micros: 1_250_000, amount_cents: 250 },
        { leads: 3, unit_price_micros: 333_333, amount_cents: 100 },
      ],
    });
    const ours = await read(root);
    expect(ours.body?.view).toBe('master');
    expect(ours.body?.systems.map((s) => s.system_id)).toEqual([otherRoot.system]);
    expect(ours.body?.systems[0]?.owed_cents).toBe(350);
  });

  it('is paid by one transfer under its key, also when the process dies between the transfer and the posting', async () => {
    // The master's owner asks for the paying system's receiving account link and completes it; the
    // paying system, which would name its own bank account, never gets the link.
    const linkFor = (by: Who, body: unknown) =>
      post(rt, '/configuration/root-fees/receiving-account-link', body, by.token);
    expect((await linkFor(otherRoot, { system_id: otherRoot.system })).statusCode).toBe(404);
    expect((await linkFor(root, { system_id: root.system })).statusCode).toBe(400);
    expect((await linkFor(root, { system_id: 999_999 })).statusCode).toBe(404);
    expect((await linkFor(root, {})).statusCode).toBe(400);
    const link = await linkFor(root, { system_id: otherRoot.system });
    expect(link.statusCode, link.body).toBe(200);
    expect(link.json().url).toContain('/sandbox/onboarding/');
    const [account] = await queryRows<{ account_id: string; business_name: string }>(
      db(),
      sql`select p.account_id, s.business_name from payment_accounts p join sandbox_accounts s on s.id = p.account_id
           join systems y on y.root_company_id = p.company_id
           where y.id = ${otherRoot.system} and p.detached_at is null`,
    );
    expect(account?.business_name).toBe(DEMO.master.root.name);
    await sandboxOf(rt).submitOnboarding(account!.account_id);
    await sandboxOf(rt).finishVerification(account!.account_id, 'verified');
    await vi.waitFor(
      async () => {
        const { body } = await read(otherRoot);
        if (!body?.systems[0]?.receiving_account.payouts_enabled) throw new Error('waiting for the account');
      },
      { timeout: 20_000, interval: 100 },
    );
    // The platform's balance at the sandbox pays transfers: a charge no system claims funds it.
    const payer = await customerWithCard(sandboxOf(rt), 'tok_visa');
    await sandboxOf(rt).createCharge({
      idempotencyKey: key('funds'),
      customerId: payer.id,
      amount: 10_000 as never,
      currency: 'usd',
      description: 'Platform funds',
    });

    // The gateway makes the transfer, and the answer is lost: the statement stays due, nothing posted.
    loseTransferAnswer = true;
    await expect(rootFees().payStatements()).rejects.toThrow('socket hang up');
    loseTransferAnswer = false;
    const transferKey = `root-fee:${otherRoot.system}:${month}`;
    const transfers = () =>
      queryRows<{ id: string; amount: number; destination_account_id: string }>(
        db(),
        sql`select t.id, t.amount::int as amount, t.destination_account_id from sandbox_transfers t
             where t.destination_account_id = ${account!.account_id}`,
      );
    expect(await transfers()).toHaveLength(1);
    expect((await statementsOf(otherRoot.system)).find((s) => s.month === month)?.status).toBe('due');
    expect(await postingsLike(transferKey)).toBe(0);

    // The next runs (two at once) finish it: the same transfer, posted once in each system's books.
    await Promise.all([rootFees().payStatements(), rootFees().payStatements()]);
    const [transfer, ...more] = await transfers();
    expect(more).toEqual([]);
    expect(transfer).toMatchObject({ amount: 350, destination_account_id: account!.account_id });
    const keyed = await queryRows<{ result_id: string }>(
      db(),
      sql`select result_id from idempotency_keys where key = ${transferKey} and operation = 'transfer.create'`,
    );
    expect(keyed).toEqual([{ result_id: transfer!.id }]);
    expect((await statementsOf(otherRoot.system)).find((s) => s.month === month)).toMatchObject({
      status: 'paid',
      transfer_id: transfer!.id,
    });
    const [posting] = await queryRows<{ gateway: string; gateway_object_id: string }>(
      db(),
      sql`select gateway, gateway_object_id from ledger_postings where business_key = ${transferKey}`,
    );
    expect(posting).toEqual({ gateway: 'sandbox', gateway_object_id: transfer!.id });
    expect(await postingsLike(`root-fee:${otherRoot.system}:${month}:received`)).toBe(1);
    expect(await sumOf(otherRoot.system, 'root_fee_payable')).toBe(0);
    expect(await sumOf(root.system, 'root_fee_receivable', `system-${otherRoot.system}`)).toBe(0);
    expect(await sumOf(root.system, 'root_fee_received', `system-${otherRoot.system}`)).toBe(350);
    expect(await rootFees().payStatements()).toMatchObject({ paid: 0, failed: 0 });
    expect((await read(otherRoot)).body?.systems[0]?.owed_cents).toBe(0);

    // Reconciliation still finds the ledger equal to the gateway, in both systems.
    for (const systemId of [otherRoot.system, root.system]) {
      const runs = await rt.services.billing.reconciliation.reconcileSystem(systemId);
      expect(runs.length).toBeGreaterThan(0);
      for (const run of runs) expect(run.differences, `system ${systemId}`).toBe(0);
    }
    // Brightreach's run counted the transfer (its posting names it); the master's does not count it twice.
    const transfersSeen = async (systemId: number) =>
      (
        await queryRows<{ transfers: number }>(
          db(),
          sql`select (totals->'gateway'->>'transfers')::int as transfers from reconciliation_runs
               where system_id = ${systemId} order by id desc limit 1`,
        )
      )[0]?.transfers;
    expect(await transfersSeen(otherRoot.system)).toBe(350);
    expect(await transfersSeen(root.system)).toBe(0);
  });

  it('is read by the systems owners only: their own system, or every paying system for the master', async () => {
    for (const email of [PEOPLE.northwind, PEOPLE.client, PEOPLE.sales, PEOPLE.northwindAdmin]) {
      const person = await who(rt, email);
      expect((await read(person)).status, email).toBe(404);
    }
    const otherAgency = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
    expect((await read(otherAgency)).status).toBe(404);
    // Brightreach's root reads its own system, never the master's.
    expect((await read(otherRoot, `?system_id=${otherRoot.system}`)).status).toBe(200);
    expect((await read(otherRoot, `?system_id=${root.system}`)).status).toBe(404);
    // The master's root reads every paying system, and names one; not itself, nor a system that is not.
    expect((await read(root, `?system_id=${otherRoot.system}`)).body?.systems).toHaveLength(1);
    expect((await read(root, `?system_id=${root.system}`)).status).toBe(404);
    expect((await read(root, '?system_id=999999')).status).toBe(404);
    expect((await read(root, '?system_id=abc')).status).toBe(400);
    const link = await post(
      rt,
      '/configuration/root-fees/receiving-account-link',
      { system_id: otherRoot.system },
      (await who(rt, PEOPLE.northwind)).token,
    );
    expect(link.statusCode).toBe(404);
  });

  it('counts the root fee of activation and period fees at the price frozen when charged, once; the job run 5 times at once states and pays each month once', async () => {
    const t1 = clock.now(); // the 2nd of the month after the leads'
    const m1 = monthOf(t1);
    const m2 = monthAfter(m1, 1);
    // The master's root prices of a local Monthly campaign: a $20 setup fee and $10 a period.
    const rootPrices = (setup: string, period: string) =>
      put(
        rt,
        '/configuration/setting',
        {
          companyID: root.company,
          comsetname: 'costagency',
          comsetval: {
            local: {
              Monthly: {
                PlatformFee: setup,
                MinCostMonth: period,
                Costperlead: DEMO.master.wholesaleCostPerLead.local,
                LeadspeekCostperleadAdvanced: DEMO.master.wholesaleCostPerLead.local,
              },
            },
          },
        },
        root.token,
      );
    const saved = await rootPrices('20', '10');
    expect(saved.statusCode, saved.body).toBe(200);

    // Bayview Realty pays by card on its agency Coastal's account; Coastal prices and starts a Monthly campaign.
    const bayview = await who(rt, DEMO.brightreach.agency.client.contact.email, DEMO.brightreach.domain);
    const coastal = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
    await saveCard(
      rt,
      bayview,
      await sandboxOf(rt).createCardToken({
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        holderName: DEMO.brightreach.agency.client.contact.name,
      }),
    );
    const made = await post(
      rt,
      '/leadspeek/client/create',
      {
        leadspeekType: 'local',
        clientID: bayview.company,
        campaignName: 'Bayview open houses',
        urlCode: DEMO.brightreach.agency.client.site,
      },
      bayview.token,
    );
    expect(made.statusCode, made.body).toBe(200);
    const campaignId = made.json().data.leadspeekID as number;
    const priced = await put(
      rt,
      '/configuration/user/costmodule',
      {
        leadspeekID: campaignId,
        PaymentTerm: 'Monthly',
        PlatformFee: '99',
        CostMonth: '49',
        CostSet: '1.50',
        LimitLead: 0,
        LimitLeadFreq: 'day',
      },
      coastal.token,
    );
    expect(priced.statusCode, priced.body).toBe(200);
    const started = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: campaignId, status: 'running' },
      coastal.token,
    );
    expect(started.statusCode, started.body).toBe(200);

    // The activation's root fee is kept where it completed, at the root prices it was charged at.
    expect(await chargesOf(campaignId)).toEqual([
      {
        kind: 'activation',
        sourceKey: `campaign-activation:${campaignId}:1`,
        invoiceId: null,
        setupFee: 2_000,
        periodFee: 1_000,
        chargedAt: t1,
        countedIn: null,
      },
    ]);

    // The master raises its prices: the activation keeps its own; the first period invoice, written
    // once its period ends, charges the next period's fee at the new root price ($12).
    expect((await rootPrices('25', '12')).statusCode).toBe(200);
    const t2 = inMonthOf(m1, 1, 10, 12); // past the first period's end (the 2nd, Chicago)
    clock.set(t2);
    await rt.services.billing.invoicing.run();
    await Promise.all([rt.services.billing.invoicing.run(), rt.services.billing.invoicing.run()]);
    const [invoice, ...others] = await queryRows<{ id: number }>(
      db(),
      sql`select id::int as id from invoices where campaign_id = ${campaignId} and kind = 'period'`,
    );
    expect(others).toEqual([]);
    expect(await chargesOf(campaignId)).toEqual([
      expect.objectContaining({ kind: 'activation', setupFee: 2_000, periodFee: 1_000 }),
      {
        kind: 'period_fee',
        sourceKey: `invoice:${invoice!.id}`,
        invoiceId: invoice!.id,
        setupFee: 0,
        periodFee: 1_200,
        chargedAt: t2,
        countedIn: null,
      },
    ]);

    // No run of the job states them until two months have ended: the next run states both, and five
    // runs at once state and pay each month once.
    clock.set(inMonthOf(m1, 2, 1, 2));
    const runs = await Promise.all(Array.from({ length: 5 }, () => rootFees().run()));
    expect(runs.reduce((n, r) => n + r.made, 0)).toBeLessThanOrEqual(2);
    const statements = await statementsOf(otherRoot.system);
    expect(statements.find((s) => s.month === m1)).toMatchObject({
      lead_count: 0,
      amount: 3_000,
      status: 'paid',
      fee_lines: [
        { kind: 'setup_fee', count: 1, amount: 2_000 },
        { kind: 'period_fee', count: 1, amount: 1_000 },
      ],
    });
    expect(statements.find((s) => s.month === m2)).toMatchObject({
      lead_count: 0,
      amount: 1_200,
      status: 'paid',
      fee_lines: [{ kind: 'period_fee', count: 1, amount: 1_200 }],
    });
    expect((await chargesOf(campaignId)).map((c) => c.countedIn)).toEqual([m1, m2]);
    // One transfer a month under its key, one posting of each kind.
    for (const [m, amount] of [
      [m1, 3_000],
      [m2, 1_200],
    ] as const) {
      const [request, ...again] = await transferRequests(`root-fee:${otherRoot.system}:${m}`);
      expect(again).toEqual([]);
      expect(request?.key).toBe(`root-fee:${otherRoot.system}:${m}`);
      const [transfer] = await queryRows<{ amount: number; destination_account_id: string }>(
        db(),
        sql`select amount::int as amount, destination_account_id from sandbox_transfers where id = ${request!.result_id}`,
      );
      expect(transfer).toEqual({ amount, destination_account_id: await receivingAccountId() });
      expect(await postingsLike(`root-fee:${otherRoot.system}:${m}%`)).toBe(4);
    }
    expect(await sumOf(otherRoot.system, 'root_fee_payable')).toBe(0);
    expect(await sumOf(root.system, 'root_fee_received', `system-${otherRoot.system}`)).toBe(
      350 + 3_000 + 1_200,
    );
    // Another run finds nothing to state or pay.
    expect(await rootFees().run()).toMatchObject({ made: 0, paid: 0, failed: 0 });

    // Both roots read the fees on the screen, named.
    const shown = (await read(otherRoot)).body?.systems[0]?.statements.find((s) => s.month === m1);
    expect(shown).toMatchObject({
      amount_cents: 3_000,
      fee_lines: [
        { kind: 'setup_fee', label: 'Setup fees', count: 1, amount_cents: 2_000 },
        { kind: 'period_fee', label: 'Period fees', count: 1, amount_cents: 1_000 },
      ],
      status: 'paid',
      next_attempt_at: null,
    });
  });

  it('states every month not stated since the system started owing, 24 a run, oldest first, once', async () => {
    const campaign = await brightreachCampaign();
    // A lead delivered 30 months before the first stated month: those months were never stated.
    const first = monthAfter(month, -30);
    await insertLead(db(), campaign, {
      createdAt: inMonthOf(first, 0, 15, 12),
      rootFeeMicros: asMicros(500_000),
    });
    const earlier = async () =>
      (await statementsOf(otherRoot.system)).filter((s) => s.month < month).map((s) => s.month);
    const monthsFrom = (n: number) => Array.from({ length: n }, (_, i) => monthAfter(first, i));

    await rootFees().makeStatements();
    expect(await earlier()).toEqual(monthsFrom(24));
    await Promise.all([rootFees().makeStatements(), rootFees().makeStatements()]);
    expect(await earlier()).toEqual(monthsFrom(30));
    expect(await rootFees().makeStatements()).toEqual({ made: 0 });

    const statements = (await statementsOf(otherRoot.system)).filter((s) => s.month < month);
    expect(statements[0]).toMatchObject({ month: first, lead_count: 1, amount: 50, status: 'due' });
    expect(statements.slice(1).every((s) => s.status === 'nothing_due' && s.amount === 0)).toBe(true);
    expect(await postingsLike(`root-fee:${otherRoot.system}:${first}:accrued%`)).toBe(2);
    expect(await postingsLike(`root-fee:${otherRoot.system}:${monthAfter(first, 1)}:%`)).toBe(0);
    // It is paid like any month.
    await rootFees().payStatements();
    expect((await statementsOf(otherRoot.system))[0]).toMatchObject({ month: first, status: 'paid' });
  });

  it('tries a refused transfer again on the invoices retry schedule, shows when, and pays once accepted', async () => {
    const campaign = await brightreachCampaign();
    const m3 = monthOf(clock.now());
    // A month the platform's balance cannot pay: one lead at a $60,000 root fee.
    await insertLead(db(), campaign, {
      createdAt: inMonthOf(m3, 0, 2, 12),
      rootFeeMicros: asMicros(60_000_000_000),
    });
    const t = inMonthOf(m3, 1, 1, 2);
    clock.set(t);
    const keyOf = `root-fee:${otherRoot.system}:${m3}`;
    // Every transfer the gateway is asked for this month, by key, refused or not.
    const asked = vi.spyOn(sandboxOf(rt), 'transfer');
    const askedKeys = () =>
      asked.mock.calls.map(([input]) => input.idempotencyKey).filter((k) => k.startsWith(keyOf));
    const statement = async () =>
      (await statementsOf(otherRoot.system)).find((s) => s.month === m3) as Awaited<
        ReturnType<typeof statementsOf>
      >[number];
    const shown = async () =>
      (await read(otherRoot)).body?.systems[0]?.statements.find((s) => s.month === m3);

    expect(await rootFees().run()).toMatchObject({ made: 1, failed: 1 });
    expect(await statement()).toMatchObject({ amount: 6_000_000, status: 'failed', attempt: 1 });
    expect(await shown()).toMatchObject({
      status: 'failed',
      status_label: 'Transfer refused',
      failure: 'You have insufficient funds in your Stripe account.',
      attempt: 1,
      next_attempt_at: new Date(t.getTime() + DAY).toISOString(),
    });

    // Not before its time: runs an hour on, and a minute before the day is up, ask nothing.
    for (const wait of [3_600_000, DAY - 60_000]) {
      clock.set(new Date(t.getTime() + wait));
      await Promise.all([rootFees().run(), rootFees().run()]);
    }
    expect(askedKeys()).toEqual([keyOf]);

    // +1, +3 and +5 days from the first refusal, each under its attempt's key; then the next month.
    for (const [days, attempt, next] of [
      [1, 2, new Date(t.getTime() + 3 * DAY)],
      [3, 3, new Date(t.getTime() + 5 * DAY)],
      [5, 4, inMonthOf(m3, 2)],
    ] as const) {
      clock.set(new Date(t.getTime() + days * DAY));
      await Promise.all(Array.from({ length: 3 }, () => rootFees().run()));
      expect(await statement(), `day ${days}`).toMatchObject({ status: 'failed', attempt });
      expect((await shown())?.next_attempt_at, `day ${days}`).toBe(next.toISOString());
    }
    clock.set(new Date(t.getTime() + 20 * DAY));
    await rootFees().run();
    expect(await statement()).toMatchObject({ status: 'failed', attempt: 4 });

    // The balance is funded; when the next month begins, the fifth attempt is accepted.
    await fundPlatform(6_000_000);
    clock.set(inMonthOf(m3, 2, 1, 0));
    await Promise.all(Array.from({ length: 5 }, () => rootFees().run()));
    const paid = await statement();
    expect(paid).toMatchObject({ status: 'paid', attempt: 5 });
    // Asked under each attempt's own key, in turn; only the last made a transfer. A run that finds the
    // accepted attempt still unrecorded (another run between the gateway and its posting) asks again
    // under the same key, which the gateway answers with the same transfer: keys, not calls, are counted.
    expect([...new Set(askedKeys())]).toEqual([
      keyOf,
      `${keyOf}:attempt-2`,
      `${keyOf}:attempt-3`,
      `${keyOf}:attempt-4`,
      `${keyOf}:attempt-5`,
    ]);
    asked.mockRestore();
    expect(await transferRequests(keyOf)).toEqual([
      { key: `${keyOf}:attempt-5`, result_id: paid.transfer_id },
    ]);
    expect(await postingsLike(`${keyOf}:attempt-5`)).toBe(1);
    expect(await postingsLike(`${keyOf}:received`)).toBe(1);
    expect(await shown()).toMatchObject({ status: 'paid', next_attempt_at: null });
    expect(await sumOf(otherRoot.system, 'root_fee_payable')).toBe(0);
  });

  it("lists the root-fee accounts in a system's billing history to its owners only", async () => {
    const history = async (by: Who, companyId: number, query = '') => {
      const res = await get(rt, `/billing/history/company/${companyId}${query}`, by.token);
      return {
        status: res.statusCode,
        body: res.statusCode === 200 ? billingHistoryResponseSchema.parse(res.json()) : null,
      };
    };
    const kinds = (body: { accounts: { kind: string; reference: string }[] } | null) =>
      (body?.accounts ?? []).map((a) => (a.reference ? `${a.kind}:${a.reference}` : a.kind));
    const owed = await sumOf(otherRoot.system, 'root_fee_expense');

    // Brightreach's owner: what it owes the master and its expense, beside its other accounts.
    const theirs = await history(otherRoot, otherRoot.company);
    expect(theirs.status).toBe(200);
    expect(kinds(theirs.body)).toEqual(expect.arrayContaining(['root_fee_payable', 'root_fee_expense']));
    expect(theirs.body?.accounts.find((a) => a.kind === 'root_fee_expense')).toMatchObject({
      label: 'Root fees',
      balance: centsToDollars(owed as never),
    });
    const payable = await history(otherRoot, otherRoot.company, '?account=root_fee_payable');
    expect(payable.body?.account).toMatchObject({
      kind: 'root_fee_payable',
      balance: centsToDollars(0 as never),
    });
    // Each month owed: accrued, then paid (the months with nothing due post nothing).
    const owingMonths = (await statementsOf(otherRoot.system)).filter((s) => s.amount > 0).length;
    expect(payable.body?.total).toBe(owingMonths * 2);
    expect(payable.body?.data.every((line) => line.cause === 'root_fee')).toBe(true);

    // The master's owner: what each paying system owes and paid it, and its root-fee revenue.
    const ours = await history(root, root.company);
    expect(kinds(ours.body)).toEqual(
      expect.arrayContaining([
        `root_fee_receivable:system-${otherRoot.system}`,
        `root_fee_received:system-${otherRoot.system}`,
        'root_fee_revenue',
      ]),
    );
    expect(
      (await history(root, root.company, `?account=root_fee_received&reference=system-${otherRoot.system}`))
        .body?.account?.balance,
    ).toBe(centsToDollars(owed as never));

    // Brightreach's administrator reads the system's other accounts, not these; others read none of it.
    const adminEmail = 'root-fees.admin@brightreach.test';
    await db().execute(sql`insert into users (system_id, company_id, user_type, email, name, password_hash, profile_setup_completed)
      select system_id, company_id, 'admin', ${adminEmail}, 'Root Fees Admin', password_hash, true
        from users where id = ${otherRoot.id}`);
    const admin = await who(rt, adminEmail, DEMO.brightreach.domain);
    const adminView = await history(admin, otherRoot.company);
    expect(adminView.status).toBe(200);
    expect(kinds(adminView.body)).toContain('gateway_clearing');
    expect(kinds(adminView.body).some((k) => k.startsWith('root_fee'))).toBe(false);
    expect((await history(admin, otherRoot.company, '?account=root_fee_payable')).status).toBe(404);
    const coastal = await who(rt, PEOPLE.otherAgency, DEMO.brightreach.domain);
    expect((await history(coastal, otherRoot.company, '?account=root_fee_payable')).status).toBe(404);
    expect((await history(otherRoot, root.company)).status).toBe(404);
  });
});
