import { asCents } from '@app/contracts';
import { companies, eq, minimumSpendPlans, minimumSpendSettings, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  chargeBody,
  chargeWallet,
  openWallet,
  walletAgency,
  walletBalance,
} from '../../../../test/kits/data-wallet.js';
import { sandboxChargesWithKey } from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, type Who, who } from '../../../../test/kits/users.js';
import { runJanitorNow } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';
import { minimumSpendJob } from '../index.js';

/*
 * Minimum spend's monthly shortfall on a settable clock (decision 0077): months count from the
 * agency's first acceptance of the Minimum Spend Addendum, end at Chicago midnight on the monthly
 * anniversary (Jan 31 → Feb 28 → Mar 31), and each month is written and charged once however many
 * runs overlap. Spent is the wholesale the ledger shows the system earned from the agency.
 */

let rt: TestRuntime;
let clock: SettableClock;
let planId: number;
/** The sandbox's knob: when set, the answer of a stored charge is lost (the process "dies" there). */
let loseAnswer = false;
const at = (iso: string) => clock.set(new Date(iso));

beforeAll(async () => {
  clock = settableClock(new Date('2027-01-31T18:00:00Z'));
  rt = await startTestRuntime({
    clock,
    sandbox: {
      async afterCharge() {
        if (loseAnswer) throw new Error('socket hang up');
      },
    },
  });
  const root = await who(rt, PEOPLE.root);
  const [plan] = await rt.database.db
    .insert(minimumSpendPlans)
    .values({ systemId: root.system, name: 'Test $500 × 3', months: 3, flatMonthCents: asCents(50_000) })
    .returning({ id: minimumSpendPlans.id });
  if (!plan) throw new Error('no plan');
  planId = plan.id;
});
afterAll(() => rt?.close());

const runJob = async () => {
  const handler = rt.handlers.find((h) => h.spec.name === minimumSpendJob.name);
  if (!handler) throw new Error('no minimum-spend handler');
  await handler.handle({}, { retryCount: 0, isLastAttempt: true });
};
const runConcurrently = (times: number) => Promise.all(Array.from({ length: times }, runJob));

/** A master-system agency on the test plan with a card of `card`, having accepted the addendum now. */
async function agencyOnPlan(card: string, options: { excluded?: boolean } = {}) {
  const agency = await walletAgency(rt, card);
  await rt.database.db
    .update(companies)
    .set({ planMinSpendId: planId, excludeMinimumSpend: options.excluded ?? false })
    .where(eq(companies.id, agency.company));
  await accept(agency, 'minimum_spend');
  return agency;
}

async function accept(agency: Who, document: string) {
  const res = await post(
    rt,
    '/general/user-service-agreement-confirm',
    { user_id: agency.id, document_type: document },
    agency.token,
  );
  expect(res.statusCode, res.body).toBe(200);
}

/** Wholesale the system earned from the agency now: a charge posted as campaign charges post them. */
async function wholesaleCharge(agency: Who, cents: number, key: string) {
  const { ledger } = rt.services;
  const system = { type: 'system' } as const;
  const receivable = await ledger.accountFor({
    systemId: agency.system,
    kind: 'receivable',
    owner: { type: 'company', companyId: agency.company },
  });
  const revenue = await ledger.accountFor({ systemId: agency.system, kind: 'revenue', owner: system });
  await ledger.post({
    systemId: agency.system,
    cause: { kind: 'charge', description: 'Invoice (test)', businessKey: key, companyId: agency.company },
    lines: [
      { accountId: receivable.id, amount: asCents(cents) },
      { accountId: revenue.id, amount: asCents(-cents) },
    ],
  });
}

const monthsOf = (agencyId: number) =>
  queryRows<{
    month_index: number;
    start_date: string;
    end_date: string;
    minimum: number;
    spent: number;
    shortfall: number;
    status: string;
    failure_code: string | null;
  }>(
    rt.database.db,
    sql`select month_index, start_date::text as start_date, end_date::text as end_date, minimum::int as minimum,
          spent::int as spent, shortfall::int as shortfall, status, failure_code
        from minimum_spend_charges where agency_id = ${agencyId} order by month_index`,
  );
const noticesTo = (agencyId: number) =>
  queryRows<{ subject: string; text_body: string }>(
    rt.database.db,
    sql`select subject, text_body from email_messages where company_id = ${agencyId}
          and subject like 'Minimum spend%' order by id`,
  );
const failuresOf = (agencyId: number) =>
  queryRows<{ obligation_key: string; amount: number; settled_at: Date | null }>(
    rt.database.db,
    sql`select obligation_key, amount::int as amount, settled_at from payment_failures
          where payer_company_id = ${agencyId} order by id`,
  );

describe('the monthly shortfall', () => {
  let paying: Who & { email: string };
  let excluded: Who & { email: string };
  let declining: Who & { email: string };
  let unsigned: Who & { email: string };

  it('charges each agency once per month across two anniversaries, however many runs overlap', async () => {
    at('2027-01-31T18:00:00Z');
    paying = await agencyOnPlan('tok_visa');
    excluded = await agencyOnPlan('tok_visa', { excluded: true });
    declining = await agencyOnPlan('tok_chargeCustomerFail');
    // On the plan, never accepted the addendum: no minimum-spend months.
    unsigned = await walletAgency(rt, 'tok_visa');
    await rt.database.db
      .update(companies)
      .set({ planMinSpendId: planId })
      .where(eq(companies.id, unsigned.company));

    at('2027-02-10T15:00:00Z');
    await wholesaleCharge(paying, 12_000, `test-minspend-wholesale:${paying.company}:1`);

    // The first month ends at Chicago midnight of Feb 28 (06:00 UTC): a minute before, nothing.
    at('2027-02-28T05:59:00Z');
    await runConcurrently(5);
    expect(await monthsOf(paying.company)).toEqual([]);

    at('2027-02-28T06:30:00Z');
    await runConcurrently(5);
    expect(await monthsOf(paying.company)).toEqual([
      {
        month_index: 0,
        start_date: '2027-01-31',
        end_date: '2027-02-28',
        minimum: 50_000,
        spent: 12_000,
        shortfall: 38_000,
        status: 'paid',
        failure_code: null,
      },
    ]);
    expect(await sandboxChargesWithKey(rt, `minspend:${paying.company}:2027-01-31`)).toEqual([
      { amount: 38_000, fee: null },
    ]);
    await runConcurrently(5);
    expect(await sandboxChargesWithKey(rt, `minspend:${paying.company}:2027-01-31`)).toHaveLength(1);

    // The second month: Feb 28 → Mar 31 (Chicago midnight is 05:00 UTC after the DST change).
    at('2027-03-10T15:00:00Z');
    await wholesaleCharge(paying, 60_000, `test-minspend-wholesale:${paying.company}:2`);
    at('2027-03-31T04:59:00Z');
    await runConcurrently(5);
    expect(await monthsOf(paying.company)).toHaveLength(1);
    at('2027-03-31T05:00:00Z');
    await runConcurrently(5);
    const months = await monthsOf(paying.company);
    expect(months[1]).toEqual({
      month_index: 1,
      start_date: '2027-02-28',
      end_date: '2027-03-31',
      minimum: 50_000,
      spent: 60_000,
      shortfall: 0,
      status: 'none',
      failure_code: null,
    });
    // Spent ≥ minimum: no charge for the month.
    expect(await sandboxChargesWithKey(rt, `minspend:${paying.company}:2027-02-28`)).toEqual([]);
    // The shortfall's ledger posting, once, on the agency's charges-and-payments account.
    const postings = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from ledger_postings where cause_kind = 'minimum_spend'
            and company_id = ${paying.company}`,
    );
    expect(postings[0]?.n).toBe(1);
  });

  it('sends the paying agency one notice with the figures', async () => {
    const notices = await noticesTo(paying.company);
    expect(notices.map((n) => n.subject)).toEqual(['Minimum spend: shortfall charged']);
    const text = notices[0]?.text_body ?? '';
    expect(text).toContain('Your minimum spend for 2027-01-31 to 2027-02-28 was $500.00.');
    expect(text).toContain('Wholesale spent in that period: $120.00.');
    expect(text).toContain('Shortfall: $380.00.');
    expect(text).toContain('We charged the shortfall of $380.00 to your card.');
  });

  it('never writes or charges a month for an excluded agency or one that did not accept the addendum', async () => {
    expect(await monthsOf(excluded.company)).toEqual([]);
    expect(await monthsOf(unsigned.company)).toEqual([]);
    expect(await sandboxChargesWithKey(rt, `minspend:${excluded.company}:2027-01-31`)).toEqual([]);
    expect(await noticesTo(excluded.company)).toEqual([]);
  });

  it('records a declined shortfall as the payment failure of the agency, once, with a notice', async () => {
    const months = await monthsOf(declining.company);
    expect(months.map((m) => [m.month_index, m.shortfall, m.status, m.failure_code])).toEqual([
      [0, 50_000, 'failed', 'generic_decline'],
      [1, 50_000, 'failed', 'generic_decline'],
    ]);
    expect(await failuresOf(declining.company)).toEqual([
      { obligation_key: `minspend:${declining.company}:2027-01-31`, amount: 50_000, settled_at: null },
      { obligation_key: `minspend:${declining.company}:2027-02-28`, amount: 50_000, settled_at: null },
    ]);
    const notices = await noticesTo(declining.company);
    expect(notices.map((n) => n.subject)).toEqual([
      'Minimum spend: we could not charge the shortfall',
      'Minimum spend: we could not charge the shortfall',
    ]);
  });

  it("shows the shortfall in the agency's billing history and its CSV", async () => {
    const history = await get(rt, `/billing/history/company/${paying.company}`, paying.token);
    expect(history.statusCode, history.body).toBe(200);
    const lines = history.json().data as { title: string; amount: string; cause: string }[];
    const name = (await rt.database.db.select().from(companies).where(eq(companies.id, paying.company)))[0]
      ?.name;
    expect(lines.filter((l) => l.cause === 'minimum_spend').map((l) => [l.title, l.amount])).toEqual(
      expect.arrayContaining([
        [`Minimum spend shortfall — ${name}`, '380.00'],
        [`Paid by card — ${name}`, '-380.00'],
      ]),
    );
    const csv = await get(rt, `/billing/history-download/company/${paying.company}`, paying.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.body).toContain('Minimum spend shortfall');
    expect(csv.body).toContain('2027-01-31 to 2027-02-28');
  });
});

describe('which minimum applies', () => {
  it("an agency's own plan ends after its months; without one, the root setting, then the default plan", async () => {
    at('2027-04-05T12:00:00Z');
    const agency = await walletAgency(rt, 'tok_visa');
    await accept(agency, 'minimum_spend');
    const root = await who(rt, PEOPLE.root);
    const setting = {
      enabled: true,
      firstMonthCents: asCents(10_000),
      secondMonthCents: asCents(20_000),
      monthlyCents: asCents(30_000),
    };
    await rt.database.db
      .insert(minimumSpendSettings)
      .values({ systemId: root.system, ...setting })
      .onConflictDoUpdate({ target: minimumSpendSettings.systemId, set: setting });

    // Chicago midnight of May 5 (CDT: 05:00 UTC): month 0 at the root setting's first month.
    at('2027-05-05T05:00:00Z');
    await runConcurrently(3);
    expect((await monthsOf(agency.company)).map((m) => [m.minimum, m.shortfall, m.status])).toEqual([
      [10_000, 10_000, 'paid'],
    ]);
    expect(await sandboxChargesWithKey(rt, `minspend:${agency.company}:2027-04-05`)).toEqual([
      { amount: 10_000, fee: null },
    ]);

    // A default plan wins over the root setting from the next month on.
    await rt.database.db.insert(minimumSpendPlans).values({
      systemId: root.system,
      name: 'Test default',
      months: 12,
      flatMonthCents: asCents(70_000),
      isDefault: true,
    });
    at('2027-06-05T05:00:00Z');
    await runConcurrently(3);
    expect((await monthsOf(agency.company)).map((m) => [m.month_index, m.minimum, m.status])).toEqual([
      [0, 10_000, 'paid'],
      [1, 70_000, 'paid'],
    ]);
    // The first agency's own plan ($500 × 3 months) asked nothing in its fourth month.
    const paying = (
      await queryRows<{ agency_id: number }>(
        rt.database.db,
        sql`select agency_id from minimum_spend_charges where start_date = '2027-01-31' and status = 'paid'`,
      )
    )[0]?.agency_id;
    const months = await monthsOf(paying ?? 0);
    expect(months.map((m) => [m.month_index, m.minimum, m.status])).toEqual([
      [0, 50_000, 'paid'],
      [1, 50_000, 'none'],
      [2, 50_000, 'paid'],
      [3, 0, 'none'],
    ]);
  });
});

describe('a charge whose answer was lost', () => {
  it('is recorded by the janitor, the month marked paid by its follow-up, and never charged twice', async () => {
    at('2027-06-10T12:00:00Z');
    const agency = await agencyOnPlan('tok_visa');
    // Every other agency's month that ends before this one's is written and charged first.
    at('2027-07-09T12:00:00Z');
    await runJob();
    at('2027-07-10T05:30:00Z');
    loseAnswer = true;
    await expect(runJob()).rejects.toThrow('socket hang up');
    loseAnswer = false;
    const key = `minspend:${agency.company}:2027-06-10`;
    expect(await sandboxChargesWithKey(rt, key)).toEqual([{ amount: 50_000, fee: null }]);
    expect((await monthsOf(agency.company)).map((m) => m.status)).toEqual(['open']);

    // A run before the janitor finds the operation pending: no second gateway call.
    await runJob();
    expect(await sandboxChargesWithKey(rt, key)).toHaveLength(1);

    clock.advance(60_000);
    await Promise.all([runJanitorNow(rt), runJanitorNow(rt)]);
    expect((await monthsOf(agency.company)).map((m) => [m.shortfall, m.status])).toEqual([[50_000, 'paid']]);
    await runConcurrently(3);
    expect(await sandboxChargesWithKey(rt, key)).toHaveLength(1);
    expect((await noticesTo(agency.company)).map((n) => n.subject)).toEqual([
      'Minimum spend: shortfall charged',
    ]);
    const postings = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from ledger_postings where business_key = ${key}`,
    );
    expect(postings[0]?.n).toBe(1);
  });
});

describe('a shortfall the Data Wallet covers', () => {
  it("is paid from the wallet, not the card, and is not counted as the next month's spend", async () => {
    await openWallet(rt);
    at('2027-08-03T12:00:00Z');
    const agency = await agencyOnPlan('tok_visa');
    const topUp = await chargeWallet(rt, agency, chargeBody(agency.company, '500', { stop_continual: 'T' }));
    expect(topUp.statusCode, topUp.body).toBe(200);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(50_000);

    // Month 0 ends at Chicago midnight of Sep 3: nothing spent, the $500 shortfall, from the wallet.
    at('2027-09-03T05:30:00Z');
    await runConcurrently(3);
    const first = `minspend:${agency.company}:2027-08-03`;
    expect((await monthsOf(agency.company)).map((m) => [m.spent, m.shortfall, m.status])).toEqual([
      [0, 50_000, 'paid'],
    ]);
    expect(await sandboxChargesWithKey(rt, first)).toEqual([]);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(0);
    const spends = await queryRows<{ cause_kind: string }>(
      rt.database.db,
      sql`select cause_kind from ledger_postings where business_key = ${`wallet-pays:${first}`}`,
    );
    expect(spends).toEqual([{ cause_kind: 'minimum_spend' }]);
    const notices = await noticesTo(agency.company);
    expect(notices.map((n) => n.subject)).toEqual(['Minimum spend: shortfall paid from your Data Wallet']);
    expect(notices[0]?.text_body).toContain('We paid the shortfall of $500.00 from your Data Wallet.');

    // Month 1: the wallet's payment of month 0 is no spend; the wallet is empty, so the card pays.
    at('2027-10-03T05:30:00Z');
    await runConcurrently(3);
    expect((await monthsOf(agency.company)).map((m) => [m.spent, m.shortfall, m.status])).toEqual([
      [0, 50_000, 'paid'],
      [0, 50_000, 'paid'],
    ]);
    expect(await sandboxChargesWithKey(rt, `minspend:${agency.company}:2027-09-03`)).toEqual([
      { amount: 50_000, fee: null },
    ]);
    // The wallet's history lists the shortfall it paid as a charge.
    const history = await get(
      rt,
      `/configuration/agencies/prepaid/get-transaction-history-direct-payment?company_id=${agency.company}&date=2027-09`,
      agency.token,
    );
    expect(history.statusCode, history.body).toBe(200);
    expect(JSON.stringify(history.json())).toContain('"transaction_type":"charge"');
  });
});
