import { asMicros, rootFeesResponseSchema } from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { get, PEOPLE, post, type Who, who } from '../../../../test/kits/users.js';
import { customerWithCard, key, sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Root fees between systems (decision 0081): Brightreach (a non-master system) owes the master the
 * root fee frozen on each lead its campaigns delivered in a month. The statement is made once however
 * often and however concurrently the job runs, posted in both systems' books, stays due without a
 * receiving account, and is paid by one transfer under `root-fee:<system>:<month>` — also when the
 * process dies between the gateway's transfer and the posting. Only the systems' owners read it.
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
  }>(
    db(),
    sql`select month, lead_count, amount::int as amount, status, transfer_id, attempt
          from root_fee_statements where system_id = ${systemId} order by month`,
  );
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
      sql`select result_id from sandbox_idempotency where key = ${transferKey} and operation = 'transfer.create'`,
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
});
