import { queryRows, sql } from '@app/db';
import { commissionOn, DEFAULT_COMMISSION_BPS } from '@app/pricing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  type HarborPayers,
  harborPaying,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { settableClock } from '../../../lib/clock.js';
import { monthBefore } from './pay-commissions.js';

/*
 * Sales commissions (decision 0080): Northwind's sales representative and account executive each
 * earn 5 % of the platform's part of every campaign charge Northwind's clients paid, once however
 * many runs; nothing on a charge not collected; the month's payout is one transfer to the person's
 * connected account, posted once; a person without such an account keeps the balance owed.
 */

let rt: TestRuntime;
let payers: HarborPayers;
let sales: Who;
let ae: Who;
const clock = settableClock(new Date());

beforeAll(async () => {
  rt = await startTestRuntime({ clock });
  payers = await harborPaying(rt);
  sales = await who(rt, PEOPLE.sales);
  ae = await who(rt, PEOPLE.ae);
});
afterAll(() => rt?.close());

const commissions = () => rt.services.billing.commissions;

/** A Weekly campaign of Harbor started by Northwind: its activation charge collected. */
async function startedCampaign() {
  const { id } = await startedHarborCampaign(rt, payers, {
    PaymentTerm: 'Weekly',
    PlatformFee: '31',
    CostMonth: '49',
    CostSet: '1.50',
  });
  return id;
}

/** What the person's commission payable account holds (credit-normal, in cents). */
async function owedTo(userId: number) {
  const [row] = await queryRows<{ owed: number }>(
    rt.database.db,
    sql`select coalesce(-sum(l.amount), 0)::int as owed
          from ledger_accounts a join ledger_lines l on l.account_id = a.id
         where a.kind = 'commission_payable' and a.user_id = ${userId}`,
  );
  return row?.owed ?? 0;
}

describe('sales commissions', () => {
  it('are earned once per charge and person on the platform part collected, and paid by one transfer a month', async () => {
    await startedCampaign();
    const [charge] = await queryRows<{ id: number; fee: number }>(
      rt.database.db,
      sql`select id::int, application_fee::int as fee from payment_operations
           where business_key like 'campaign-activation:%' and status = 'succeeded' order by id desc limit 1`,
    );
    expect(charge?.fee).toBeGreaterThan(0);
    const share = commissionOn(charge?.fee as never, DEFAULT_COMMISSION_BPS);

    // Five runs at once: one row and one posting per person.
    await Promise.all(Array.from({ length: 5 }, () => commissions().earn()));
    const earned = await queryRows<{ user_id: number; role: string; amount: number; posted: boolean }>(
      rt.database.db,
      sql`select sales_user_id as user_id, role::text as role, amount::int as amount, posting_id is not null as posted
            from sales_commissions where operation_id = ${charge?.id} order by role`,
    );
    expect(earned).toEqual([
      { user_id: ae.id, role: 'account_executive', amount: share, posted: true },
      { user_id: sales.id, role: 'sales_rep', amount: share, posted: true },
    ]);
    expect(await owedTo(sales.id)).toBeGreaterThanOrEqual(share);
    expect((await commissions().earn()).earned).toBe(0);

    // A declined charge earns nothing: only collected money counts.
    const [declined] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from sales_commissions s join payment_operations o on o.id = s.operation_id
           where o.status <> 'succeeded'`,
    );
    expect(declined?.n).toBe(0);

    // The sales representative connects a payout account; the account executive has none.
    const opened = await post(
      rt,
      '/general/create-sales-connected-account',
      { userID: sales.id, idsys: sales.system },
      sales.token,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const [account] = await queryRows<{ account_id: string }>(
      rt.database.db,
      sql`select account_id from payment_accounts where user_id = ${sales.id} and detached_at is null`,
    );
    await sandboxOf(rt).submitOnboarding(account?.account_id as string);
    await sandboxOf(rt).finishVerification(account?.account_id as string, 'verified');
    await vi.waitFor(
      async () => {
        const res = await get(
          rt,
          `/general/check-sales-connected-account/${sales.id}/${sales.system}`,
          sales.token,
        );
        if (res.json().status !== 'completed') throw new Error('waiting for the account');
      },
      { timeout: 20_000, interval: 100 },
    );

    const owedBefore = await owedTo(sales.id);
    const aeOwed = await owedTo(ae.id);
    const runs = await Promise.all(Array.from({ length: 5 }, () => commissions().payOut()));
    expect(runs.reduce((n: number, r) => n + r.paid, 0)).toBeGreaterThanOrEqual(1);
    const period = monthBefore(clock.now());
    const key = `commission-payout:${sales.id}:${period}`;
    const [payout] = await queryRows<{ status: string; amount: number; transfer_id: string }>(
      rt.database.db,
      sql`select status, amount::int as amount, transfer_id from commission_payouts where idempotency_key = ${key}`,
    );
    expect(payout).toMatchObject({ status: 'paid', amount: owedBefore });
    const transfers = await queryRows<{ id: string; amount: number }>(
      rt.database.db,
      sql`select id, amount::int as amount from sandbox_transfers where destination_account_id = ${account?.account_id}`,
    );
    expect(transfers).toEqual([{ id: payout?.transfer_id, amount: owedBefore }]);
    const [postings] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from ledger_postings where business_key = ${key}`,
    );
    expect(postings?.n).toBe(1);
    expect(await owedTo(sales.id)).toBe(0);
    // No account, no transfer: the account executive is still owed all of it.
    expect(await owedTo(ae.id)).toBe(aeOwed);
    expect(await commissions().payOut()).toMatchObject({ paid: 0, failed: 0, waiting: 1 });

    // Another charge next month earns again; the next month's payout pays only that.
    clock.set(new Date(clock.now().getTime() + 32 * 86_400_000));
    await startedCampaign();
    await commissions().earn();
    const owedNow = await owedTo(sales.id);
    expect(owedNow).toBe(share);
    expect((await commissions().payOut()).paid).toBe(1);
    expect(await owedTo(sales.id)).toBe(0);
  });
});
