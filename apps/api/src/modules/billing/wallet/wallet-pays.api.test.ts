import { asCents, PREPAID_REFUND_TEXTS, parseDollarsToCents } from '@app/contracts';
import { campaigns, DEMO, eq, invoices, paymentFailures, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { chargeBody, chargeWallet, openWallet, walletView } from '../../../../test/kits/data-wallet.js';
import {
  type HarborPayers,
  harborPaying,
  moveCampaign,
  sandboxChargesWithKey,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * The Data Wallet pays what the agency owes for its clients' campaigns before its card (decision
 * 0085): all of a charge or none of it, once per obligation however often or concurrently asked,
 * never beside a card charge for the same obligation, and a decline it pays is settled.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let clock: SettableClock;
let payers: HarborPayers;
let owner: Who;
let northwind: number;
let systemId: number;
/** A campaign whose activation the agency's card paid (the wallet did not cover it). */
let cardPaidCampaign: number;

/** The wallet's balance in cents, as the modal reads it. */
const walletCents = async () => {
  const res = await walletView(rt, owner, northwind);
  expect(res.statusCode, res.body).toBe(200);
  const cents = parseDollarsToCents(String(res.json().balance_amount).replace(/,/g, ''));
  if (cents === null) throw new Error(`not a balance: ${res.json().balance_amount}`);
  return cents;
};

/** The wallet's spends for one obligation: their postings and what each took. */
const walletPaymentsOf = (obligationKey: string) =>
  queryRows<{ id: number; amount: number }>(
    rt.database.db,
    sql`select p.id::int as id, l.amount::int as amount
          from ledger_postings p
          join ledger_lines l on l.posting_id = p.id
          join ledger_accounts a on a.id = l.account_id and a.kind = 'wallet'
         where p.business_key = ${`wallet-pays:${obligationKey}`}`,
  );

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  payers = await harborPaying(rt);
  owner = payers.owner;
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  systemId = owner.system;
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Northwind',
  });
  await saveCard(rt, owner, token);
  await openWallet(rt);
  const topUp = await chargeWallet(rt, owner, chargeBody(northwind, '1000', { stop_continual: 'T' }));
  expect(topUp.statusCode, topUp.body).toBe(200);
  const root = await who(rt, PEOPLE.root);
  const on = await put(
    rt,
    '/payment/set-billing-method',
    { companyID: northwind, manualBill: 'T' },
    root.token,
  );
  expect(on.statusCode, on.body).toBe(200);
});
afterAll(() => rt?.close());

describe('the Data Wallet pays the agency', () => {
  it("pays a manual-bill activation and invoice in full instead of the agency's card", async () => {
    const start = await walletCents();
    const { id, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    const answer = started.json().data.charge;
    expect(answer).toMatchObject({ payer: 'agency', amount: '0', charge_id: null, agency_amount: '0' });
    expect(answer.wallet_amount).not.toBe('0');
    expect(await sandboxChargesWithKey(rt, `campaign-activation:${id}:1`)).toEqual([]);
    const [activation] = await walletPaymentsOf(`campaign-activation:${id}:1`);
    expect(activation?.amount).toBeGreaterThan(0);
    expect(await walletCents()).toBe(start - (activation?.amount ?? 0));
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw new Error('no campaign');
    for (let i = 0; i < 3; i++)
      await insertLead(rt.database.db, row, {
        createdAt: new Date(clock.now().getTime() + i * 60_000),
        clientPriceMicros: 1_500_000 as never,
        wholesaleMicros: 300_000 as never,
        rootFeeMicros: 0 as never,
      });
    const before = await walletCents();
    clock.advance(8 * DAY);
    await Promise.all([rt.services.billing.invoicing.run(), rt.services.billing.invoicing.run()]);

    const [invoice] = await rt.database.db.select().from(invoices).where(eq(invoices.campaignId, id));
    expect(invoice).toMatchObject({ payer: 'agency', status: 'paid', leadCount: 3, chargeId: null });
    const total = invoice?.total ?? asCents(0);
    expect(total).toBeGreaterThan(90); // three leads at $0.30 and the period's wholesale fee
    const key = `invoice:${id}:1:0`;
    expect(await sandboxChargesWithKey(rt, key)).toEqual([]);
    expect(await walletPaymentsOf(key)).toEqual([{ id: expect.any(Number), amount: total }]);
    expect(await walletCents()).toBe(before - total);
  });

  it('leaves the whole charge to the card when the wallet does not cover it, and takes nothing', async () => {
    // Spend the wallet down to a dollar, as earlier invoices would have.
    const left = await walletCents();
    await rt.database.db.transaction((tx) =>
      rt.services.billing.wallet.spend(
        {
          systemId,
          agencyId: northwind,
          amount: asCents(left - 100),
          businessKey: `test-spend:${left}`,
          description: 'Spent by the test',
        },
        tx,
      ),
    );
    const { id, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    cardPaidCampaign = id;
    expect(started.json().data.charge).toMatchObject({ payer: 'agency', wallet_amount: '0' });
    expect(await sandboxChargesWithKey(rt, `campaign-activation:${id}:1`)).toHaveLength(1);
    expect(await walletPaymentsOf(`campaign-activation:${id}:1`)).toEqual([]);
    clock.advance(8 * DAY);
    await rt.services.billing.invoicing.run();
    const [invoice] = await rt.database.db.select().from(invoices).where(eq(invoices.campaignId, id));
    expect(invoice).toMatchObject({ payer: 'agency', status: 'paid' });
    const key = `invoice:${id}:1:0`;
    expect((await sandboxChargesWithKey(rt, key)).map((c) => c.amount)).toEqual([invoice?.total]);
    expect(await walletPaymentsOf(key)).toEqual([]);
    expect(await walletCents()).toBe(100);
  });

  it('pays one obligation once under 20 requests at once and settles the decline it left', async () => {
    const top = await chargeWallet(rt, owner, chargeBody(northwind, '500', { stop_continual: 'T' }));
    expect(top.statusCode, top.body).toBe(200);
    const before = await walletCents();
    const obligationKey = `invoice:test-wallet:${Date.now()}`;
    await rt.services.payments.failures.recordUnattempted({
      systemId,
      payerCompanyId: northwind,
      campaignId: null,
      obligationKey,
      amount: asCents(1_234),
      reason: 'Northwind has no card on file.',
    });
    const input = {
      systemId,
      agencyId: northwind,
      amount: asCents(1_234),
      obligationKey,
      description: 'Invoice paid by the test',
      followUp: null,
    };
    const outcomes = await Promise.all(
      Array.from({ length: 20 }, () => rt.services.billing.agencyWallet.pay(input)),
    );
    expect(new Set(outcomes)).toEqual(new Set(['paid']));
    expect((await walletPaymentsOf(obligationKey)).map((p) => p.amount)).toEqual([1_234]);
    expect(await walletCents()).toBe(before - 1_234);
    const [failure] = await rt.database.db
      .select()
      .from(paymentFailures)
      .where(eq(paymentFailures.obligationKey, obligationKey));
    expect(failure).toMatchObject({ settlement: 'wallet', settledByOperationId: null });
    expect(failure?.settledAt).not.toBeNull();
  });

  it('stays out of an obligation a card charge already paid, and of one it cannot cover', async () => {
    const id = cardPaidCampaign;
    const before = await walletCents();
    const { pay } = rt.services.billing.agencyWallet;
    // The activation's charge to the agency's card went through under this obligation.
    const paidByCard = `campaign-activation:${id}:1`;
    expect((await sandboxChargesWithKey(rt, paidByCard)).length).toBe(1);
    const base = { systemId, agencyId: northwind, description: 'Test', followUp: null };
    expect(await pay({ ...base, amount: asCents(100), obligationKey: paidByCard })).toBe('not_covered');
    expect(await pay({ ...base, amount: asCents(before + 1), obligationKey: `test-too-much:${id}` })).toBe(
      'not_covered',
    );
    expect(await walletPaymentsOf(paidByCard)).toEqual([]);
    expect(await walletCents()).toBe(before);
  });
  it('keeps the leads of a block the wallet paid when asked to refund them, and says so', async () => {
    const top = await chargeWallet(rt, owner, chargeBody(northwind, '500', { stop_continual: 'T' }));
    expect(top.statusCode, top.body).toBe(200);
    const { id, publicId, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      leadsbuy: 20,
    });
    expect(started.json().data.charge.wallet_amount).not.toBe('0');
    expect((await moveCampaign(rt, owner, id, 'stopped')).statusCode).toBe(200);
    const before = await walletCents();
    const estimate = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(estimate.json()).toMatchObject({ refusal: PREPAID_REFUND_TEXTS.walletPaid, leads_left: 20 });
    const refused = await post(
      rt,
      '/leadspeek/client/refund-topup',
      {
        leadspeek_api_id: publicId,
        company_id: northwind,
        ip_user: '127.0.0.1',
        timezone: 'UTC',
        payment_type: 'Prepaid',
      },
      owner.token,
    );
    // Refused as the campaign's state refuses it (409, like "already refunded"): nothing changes.
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(PREPAID_REFUND_TEXTS.walletPaid);
    expect(await walletCents()).toBe(before);
    const again = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(again.json()).toMatchObject({ leads_left: 20 });
  });
});
