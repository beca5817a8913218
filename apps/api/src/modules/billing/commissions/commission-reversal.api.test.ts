import { queryRows, sql } from '@app/db';
import { commissionReversal, DEFAULT_COMMISSION_BPS } from '@app/pricing';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  type HarborPayers,
  harborPaying,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { settableClock } from '../../../lib/clock.js';

/*
 * Commissions reversed on refund (decisions 0080, 0084): a prepaid campaign's activation earns its
 * agency's sales people their share; the commission is paid out; the campaign is stopped and its unused
 * leads refunded; the commission on the platform part refunded is reversed once however many runs at
 * once, and the next payout nets it: no transfer while the balance is negative, then the difference.
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

/** A started Prepaid campaign of Harbor: 20 leads at $1.50 and $99 setup, one block only. */
const prepaidCampaign = () =>
  startedHarborCampaign(rt, payers, {
    PaymentTerm: 'Prepaid',
    PlatformFee: '99',
    CostMonth: '0',
    CostSet: '1.50',
    leadsbuy: 20,
    topupoptions: 'onetime',
  });

async function owedTo(userId: number) {
  const [row] = await queryRows<{ owed: number }>(
    rt.database.db,
    sql`select coalesce(-sum(l.amount), 0)::int as owed
          from ledger_accounts a join ledger_lines l on l.account_id = a.id
         where a.kind = 'commission_payable' and a.user_id = ${userId}`,
  );
  return row?.owed ?? 0;
}

const earnedOn = async (campaignId: number, userId: number) => {
  const [row] = await queryRows<{ amount: number; rate: number }>(
    rt.database.db,
    sql`select s.amount::int as amount, s.rate_bps as rate from sales_commissions s
          join payment_operations o on o.id = s.operation_id
         where o.business_key = ${`campaign-activation:${campaignId}:1`} and s.sales_user_id = ${userId}
           and s.kind = 'earned'`,
  );
  return row;
};

const transfersTo = (accountId: string) =>
  queryRows<{ amount: number }>(
    rt.database.db,
    sql`select amount::int as amount from sandbox_transfers where destination_account_id = ${accountId} order by created_at`,
  );

async function connectSalesAccount(): Promise<string> {
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
  const id = account?.account_id as string;
  await sandboxOf(rt).submitOnboarding(id);
  await sandboxOf(rt).finishVerification(id, 'verified');
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
  return id;
}

describe('commissions on refunded money', () => {
  it('are reversed once per refund under concurrent runs, and the next payouts net the reversal', async () => {
    const account = await connectSalesAccount();
    const { id, publicId } = await prepaidCampaign();
    await commissions().earn();
    const earned = await earnedOn(id, sales.id);
    expect(earned?.amount).toBeGreaterThan(0);
    expect(await earnedOn(id, ae.id)).toMatchObject({ amount: earned?.amount });

    // Paid out this month: the sales representative is owed nothing now.
    expect((await commissions().payOut()).paid).toBe(1);
    expect(await owedTo(sales.id)).toBe(0);
    expect(await transfersTo(account)).toEqual([{ amount: earned?.amount }]);

    // Stopped and its 20 unused leads refunded.
    const stopped = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: id, status: 'stopped' },
      payers.owner.token,
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    const refunded = await post(
      rt,
      '/leadspeek/client/refund-topup',
      {
        leadspeek_api_id: publicId,
        company_id: payers.harbor,
        ip_user: '127.0.0.1',
        timezone: 'America/Chicago',
        payment_type: 'Prepaid',
      },
      payers.owner.token,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refund] = await queryRows<{ key: string; back: number }>(
      rt.database.db,
      sql`select business_key as key,
                 (select coalesce(sum(case when c->>'connectedAccountId' is null then (c->>'amount')::int
                                          else (c->>'applicationFeeBack')::int end), 0)
                    from jsonb_array_elements(calls) c)::int as back
            from prepaid_refunds where campaign_id = ${id} and status = 'refunded'`,
    );
    expect(refund?.back).toBeGreaterThan(0);
    const expected = commissionReversal(
      refund?.back as never,
      earned?.rate ?? DEFAULT_COMMISSION_BPS,
      earned?.amount as never,
      0 as never,
    );
    expect(expected).toBeGreaterThan(0);

    // The job's runs at once (earn, then reverse): one reversal per person, one posting each.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        commissions()
          .earn()
          .then(() => commissions().reverse()),
      ),
    );
    const reversals = await queryRows<{ user_id: number; amount: number; posted: boolean }>(
      rt.database.db,
      sql`select sales_user_id as user_id, amount::int as amount, posting_id is not null as posted
            from sales_commissions where kind = 'reversed' and refund_key = ${refund?.key} order by sales_user_id`,
    );
    expect(reversals).toEqual(
      [ae.id, sales.id]
        .sort((a, b) => a - b)
        .map((user_id) => ({ user_id, amount: -expected, posted: true })),
    );
    const [postings] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from ledger_postings where business_key like ${`commission-reversal:${refund?.key}:%`}`,
    );
    expect(postings?.n).toBe(2);
    expect((await commissions().reverse()).reversed).toBe(0);
    expect(await owedTo(sales.id)).toBe(-expected);

    // Next month the balance is negative: no transfer, carried forward.
    clock.set(new Date(clock.now().getTime() + 32 * 86_400_000));
    expect(await commissions().payOut()).toMatchObject({ paid: 0, failed: 0 });
    expect(await transfersTo(account)).toHaveLength(1);

    // A new charge earns again; the payout pays what is owed net of the reversal.
    const next = await prepaidCampaign();
    await commissions().earn();
    const share = (await earnedOn(next.id, sales.id))?.amount ?? 0;
    expect(share).toBeGreaterThan(expected);
    expect(await owedTo(sales.id)).toBe(share - expected);
    expect((await commissions().payOut()).paid).toBe(1);
    expect((await transfersTo(account)).map((t) => t.amount)).toEqual([earned?.amount, share - expected]);
    expect(await owedTo(sales.id)).toBe(0);
  });
});
