import { asCents } from '@app/contracts';
import { DEMO, eq, prepaidRefunds, queryRows, sql } from '@app/db';
import { commissionOn, commissionReversal, DEFAULT_COMMISSION_BPS } from '@app/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { chargeBody, chargeWallet, openWallet } from '../../../../test/kits/data-wallet.js';
import {
  type HarborPayers,
  harborPaying,
  moveCampaign,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { companyByName, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Commissions on Data Wallet spends (decision 0089): the money was collected at the top-up and is
 * campaign wholesale when the wallet pays an agency's charge, so the spend earns each linked sales
 * person their share once — however many runs at once — at the rate in force when it was spent. The
 * top-up earns nothing (money held, not spent), and neither does a minimum-spend shortfall the
 * wallet pays (cause `minimum_spend`), as a card-paid one does not. A prepaid refund that gives a
 * wallet-paid block back into the wallet reverses the commission on that part, once.
 */

let rt: TestRuntime;
let clock: SettableClock;
let payers: HarborPayers;
let root: Who;
let sales: Who;
let ae: Who;
let northwind: number;

const commissions = () => rt.services.billing.commissions;

/** The wallet spend posted for a business key: its posting id and what it moved. */
async function spendOf(businessKey: string) {
  const [row] = await queryRows<{ id: number; amount: number; cause: string }>(
    rt.database.db,
    sql`select p.id::int as id, p.cause_kind as cause,
               (select sum(l.amount) from ledger_lines l where l.posting_id = p.id and l.amount > 0)::int as amount
          from ledger_postings p where p.business_key = ${businessKey}`,
  );
  if (!row) throw new Error(`no posting ${businessKey}`);
  return row;
}

const earnedOnSpend = (postingId: number) =>
  queryRows<{ user_id: number; amount: number; rate: number; base: number; posted: boolean }>(
    rt.database.db,
    sql`select sales_user_id as user_id, amount::int as amount, rate_bps as rate, base::int as base,
               posting_id is not null as posted
          from sales_commissions where spend_posting_id = ${postingId} and kind = 'earned'
         order by sales_user_id`,
  );

/** A direct wallet spend of the agency (as a payment of campaign wholesale, or of a shortfall). */
const spend = (key: string, cents: number, causeKind?: 'wallet_spend' | 'minimum_spend') =>
  rt.database.db.transaction((tx) =>
    rt.services.billing.wallet.spend(
      {
        systemId: root.system,
        agencyId: northwind,
        amount: asCents(cents),
        businessKey: key,
        description: `Test spend ${key}`,
        ...(causeKind ? { causeKind } : {}),
      },
      tx,
    ),
  );

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  payers = await harborPaying(rt);
  root = await who(rt, PEOPLE.root);
  sales = await who(rt, PEOPLE.sales);
  ae = await who(rt, PEOPLE.ae);
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Northwind',
  });
  await saveCard(rt, payers.owner, token);
  await openWallet(rt);
  const topUp = await chargeWallet(rt, payers.owner, chargeBody(northwind, '1000', { stop_continual: 'T' }));
  expect(topUp.statusCode, topUp.body).toBe(200);
  const manualBill = await put(
    rt,
    '/payment/set-billing-method',
    { companyID: northwind, manualBill: 'T' },
    root.token,
  );
  expect(manualBill.statusCode, manualBill.body).toBe(200);
});
afterAll(() => rt?.close());

describe('commissions on Data Wallet spends', () => {
  it('are earned once per spend and person, under five runs at once, and not on the top-up', async () => {
    const { id, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    expect(started.json().data.charge.wallet_amount).not.toBe('0');
    const paid = await spendOf(`wallet-pays:campaign-activation:${id}:1`);
    expect(paid).toMatchObject({ cause: 'wallet_spend' });
    expect(paid.amount).toBeGreaterThan(0);

    await Promise.all(Array.from({ length: 5 }, () => commissions().earn()));
    const share = commissionOn(asCents(paid.amount), DEFAULT_COMMISSION_BPS);
    expect(share).toBeGreaterThan(0);
    expect(await earnedOnSpend(paid.id)).toEqual(
      [sales.id, ae.id]
        .sort((a, b) => a - b)
        .map((user_id) => ({
          user_id,
          amount: share,
          rate: DEFAULT_COMMISSION_BPS,
          base: paid.amount,
          posted: true,
        })),
    );
    const [postings] = await queryRows<{ n: number; total: number }>(
      rt.database.db,
      sql`select count(*)::int as n, coalesce(sum(l.amount), 0)::int as total
            from ledger_postings p join ledger_lines l on l.posting_id = p.id
            join ledger_accounts a on a.id = l.account_id and a.kind = 'commission_payable'
           where p.business_key like ${`commission-wallet:${paid.id}:%`}`,
    );
    expect(postings).toEqual({ n: 2, total: -2 * share });
    expect((await commissions().earn()).earned).toBe(0);

    // The top-up was a card charge of its own cause: money held, not wholesale; it earned nothing.
    const [topUps] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from sales_commissions s join payment_operations o on o.id = s.operation_id
           where o.cause_kind <> 'charge'`,
    );
    expect(topUps?.n).toBe(0);
  });

  it('earns nothing on a minimum-spend shortfall the wallet pays', async () => {
    const shortfall = await spend('wallet-pays:minspend:test', 2_500, 'minimum_spend');
    expect(shortfall.status).toBe('spent');
    const posting = await spendOf('wallet-pays:minspend:test');
    expect(posting.cause).toBe('minimum_spend');
    await commissions().earn();
    const [rows] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from sales_commissions where spend_posting_id = ${posting.id}`,
    );
    expect(rows?.n).toBe(0);
  });

  it('uses the rate in force when the wallet paid: a change applies to spends after it', async () => {
    // Spent before the change, earned after it: the rate of its moment.
    await spend('wallet-test:before-change', 10_000);
    clock.advance(60_000);
    const changed = await put(rt, '/configuration/commissions/rate', { rate: '7.25' }, root.token);
    expect(changed.statusCode, changed.body).toBe(200);
    clock.advance(60_000);
    await spend('wallet-test:after-change', 10_000);
    await commissions().earn();

    const before = await earnedOnSpend((await spendOf('wallet-test:before-change')).id);
    const after = await earnedOnSpend((await spendOf('wallet-test:after-change')).id);
    expect(before.map((r) => [r.rate, r.amount])).toEqual([
      [DEFAULT_COMMISSION_BPS, 500],
      [DEFAULT_COMMISSION_BPS, 500],
    ]);
    expect(after.map((r) => [r.rate, r.amount])).toEqual([
      [725, 725],
      [725, 725],
    ]);
  });

  it('are reversed once on the part a prepaid refund gives back into the wallet', async () => {
    const { id, publicId } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      leadsbuy: 20,
      topupoptions: 'onetime',
    });
    const paid = await spendOf(`wallet-pays:campaign-activation:${id}:1`);
    await commissions().earn();
    const earned = await earnedOnSpend(paid.id);
    expect(earned).toHaveLength(2);
    expect(earned[0]?.amount).toBeGreaterThan(0);

    expect((await moveCampaign(rt, payers.owner, id, 'stopped')).statusCode).toBe(200);
    const refunded = await post(
      rt,
      '/leadspeek/client/refund-topup',
      {
        leadspeek_api_id: publicId,
        company_id: northwind,
        ip_user: '127.0.0.1',
        timezone: 'UTC',
        payment_type: 'Prepaid',
      },
      payers.owner.token,
    );
    expect(refunded.statusCode, refunded.body).toBe(200);
    const [refund] = await rt.database.db
      .select()
      .from(prepaidRefunds)
      .where(eq(prepaidRefunds.campaignId, id));
    expect(refund?.walletCents).toBeGreaterThan(0);
    // The refund names the spend it gives back to, and how much.
    expect(refund?.walletParts).toEqual([{ spendPostingId: paid.id, amount: refund?.walletCents }]);

    // The job's runs at once (earn, then reverse): one reversal per person on the wallet's part.
    await Promise.all(
      Array.from({ length: 5 }, () =>
        commissions()
          .earn()
          .then(() => commissions().reverse()),
      ),
    );
    const reversals = await queryRows<{ user_id: number; amount: number; base: number; posted: boolean }>(
      rt.database.db,
      sql`select sales_user_id as user_id, amount::int as amount, base::int as base, posting_id is not null as posted
            from sales_commissions
           where spend_posting_id = ${paid.id} and kind = 'reversed' and refund_key = ${refund?.businessKey}
           order by sales_user_id`,
    );
    expect(reversals).toEqual(
      earned.map((e) => ({
        user_id: e.user_id,
        amount: -commissionReversal(asCents(refund?.walletCents ?? 0), e.rate, asCents(e.amount), asCents(0)),
        base: refund?.walletCents,
        posted: true,
      })),
    );
    expect(reversals[0]?.amount).toBeLessThan(0);
    const [postings] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from ledger_postings
           where business_key like ${`commission-reversal:${refund?.businessKey}:wallet-${paid.id}:%`}`,
    );
    expect(postings?.n).toBe(2);
    expect((await commissions().reverse()).reversed).toBe(0);
  });
});
