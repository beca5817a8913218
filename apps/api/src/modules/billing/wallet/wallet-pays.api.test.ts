import { asCents, centsToDollars, PREPAID_REFUND_TEXTS, parseDollarsToCents } from '@app/contracts';
import {
  billingLots,
  campaigns,
  DEMO,
  eq,
  invoices,
  paymentFailures,
  prepaidRefunds,
  queryRows,
  sql,
} from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
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
import { walletLotExpiry } from '../lots/wallet-lots.js';

/*
 * The Data Wallet pays what the agency owes for its clients' campaigns before its card (decision
 * 0085): all of a charge or none of it, once per obligation however often or concurrently asked,
 * never beside a card charge for the same obligation, and a decline it pays is settled. A prepaid
 * refund of what it paid gives the money back into it (decision 0087).
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
});

/** A lead claim as the engine makes it: the lots locked, billed from them (`leads` must be left). */
const claim = (id: number, leads: number, firstLeadId: number) =>
  rt.database.db.transaction(async (tx) => {
    const left = (await rt.services.billing.prepaid.lockLeft([id], tx)).get(id) ?? 0;
    expect(left).toBeGreaterThanOrEqual(leads);
    await rt.services.billing.prepaid.use([{ campaignId: id, leads, firstLeadId }], tx);
  });
const leadsLeft = async (id: number) => (await rt.services.billing.prepaid.left([id])).get(id) ?? 0;
const refundBody = (publicId: string) => ({
  leadspeek_api_id: publicId,
  company_id: northwind,
  ip_user: '127.0.0.1',
  timezone: 'UTC',
  payment_type: 'Prepaid',
});
const refund = (publicId: string) =>
  post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token);
const estimateOf = (publicId: string) =>
  get(rt, `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`, owner.token);
const sandboxRefundCount = async () =>
  (await queryRows<{ n: number }>(rt.database.db, sql`select count(*)::int as n from sandbox_refunds`))[0]?.n;
/** The wallet credits a campaign's refunds posted: their postings, each with what it gave the wallet. */
const walletCreditsOf = (campaignId: number) =>
  queryRows<{ business_key: string; cause_kind: string; amount: number }>(
    rt.database.db,
    sql`select p.business_key, p.cause_kind, -l.amount::int as amount
          from ledger_postings p
          join ledger_lines l on l.posting_id = p.id
          join ledger_accounts a on a.id = l.account_id and a.kind = 'wallet'
         where p.business_key like ${`prepaid-refund:${campaignId}:%`}`,
  );
const refundLotsOf = async (campaignId: number) =>
  (await rt.database.db.select().from(billingLots).where(eq(billingLots.origin, 'refund'))).filter((l) =>
    l.sourceKey.startsWith(`prepaid-refund:${campaignId}:`),
  );

/**
 * A manual-bill Prepaid campaign of 20 leads whose activation the wallet paid, `used` leads claimed,
 * stopped: what the wallet paid, and what refunding the unused leads gives back (their wholesale).
 */
async function walletPaidBlock(used: number, firstLeadId: number) {
  const top = await chargeWallet(rt, owner, chargeBody(northwind, '500', { stop_continual: 'T' }));
  expect(top.statusCode, top.body).toBe(200);
  const { id, publicId, started } = await startedHarborCampaign(rt, payers, {
    PaymentTerm: 'Prepaid',
    PlatformFee: '99',
    CostMonth: '0',
    CostSet: '1.50',
    leadsbuy: 20,
  });
  expect(started.json().data.charge).toMatchObject({ payer: 'agency', amount: '0' });
  expect(started.json().data.charge.wallet_amount).not.toBe('0');
  if (used > 0) await claim(id, used, firstLeadId);
  expect((await moveCampaign(rt, owner, id, 'stopped')).statusCode).toBe(200);
  const [paid] = await walletPaymentsOf(`campaign-activation:${id}:1`);
  const [lot] = await rt.database.db.select().from(billingLots).where(eq(billingLots.campaignId, id));
  if (!paid || !lot?.wholesaleMicros) throw new Error('no wallet payment or block');
  const back = Math.min(Math.floor(((20 - used) * lot.wholesaleMicros) / 10_000), paid.amount);
  expect(back).toBeGreaterThan(0);
  return { id, publicId, lot, paid: paid.amount, back };
}

describe('a prepaid refund gives what the wallet paid back into it (decision 0087)', () => {
  it('refunds a manual-bill block the wallet paid into the wallet: a new lot, no gateway refund', async () => {
    const { id, publicId, lot, paid, back } = await walletPaidBlock(5, 9_100_001);
    const before = await walletCents();
    const viewBefore = (await walletView(rt, owner, northwind)).json();
    const refundsBefore = await sandboxRefundCount();
    const cents = centsToDollars(asCents(back));
    const estimate = await estimateOf(publicId);
    expect(estimate.json()).toMatchObject({
      refusal: null,
      leads_left: 15,
      client_refund: '0',
      agency_card_refund: '0',
      agency_wallet_refund: cents,
      wholesale_back: cents,
      agency_markup_back: '0',
      blocks: [{ unused_leads: 15, agency_card_refund: '0', agency_wallet_refund: cents }],
    });

    const res = await refund(publicId);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      message: PREPAID_REFUND_TEXTS.refunded,
      refund: { leads_left: 15, agency_wallet_refund: cents, agency_card_refund: '0' },
    });
    expect(await leadsLeft(id)).toBe(0);
    expect(await walletCents()).toBe(before + back);
    expect(await sandboxRefundCount()).toBe(refundsBefore);
    const key = `prepaid-refund:${id}:lot-${lot.id}:wallet-credit`;
    expect(await walletCreditsOf(id)).toEqual([{ business_key: key, cause_kind: 'refund', amount: back }]);
    // A lot of its own: what came back, expiring 12 months after the refund, like a top-up bought now.
    const [credited] = await refundLotsOf(id);
    expect(credited).toMatchObject({
      kind: 'wallet',
      origin: 'refund',
      companyId: northwind,
      quantity: back,
      sourceKey: key,
      lapsedAt: null,
    });
    expect(credited?.expiresAt).toEqual(walletLotExpiry(credited?.boughtAt as Date));
    expect(credited?.boughtAt).toEqual(clock.now());
    const [row] = await rt.database.db.select().from(prepaidRefunds).where(eq(prepaidRefunds.campaignId, id));
    expect(row).toMatchObject({
      status: 'refunded',
      walletCents: back,
      walletAgencyId: northwind,
      calls: [],
    });

    // The wallet's history: money in (a top-up's type), named as the campaign's refund, with its expiry;
    // the month's top-ups are still only what was bought.
    const view = (await walletView(rt, owner, northwind)).json();
    const ofCampaign = view.transaction_history.filter((l: { title: string }) =>
      l.title.includes(`#${publicId}`),
    );
    // The block's payment, then its refund.
    expect(ofCampaign).toEqual([
      expect.objectContaining({ transaction_type: 'charge', amount: centsToDollars(asCents(paid)) }),
      expect.objectContaining({
        transaction_type: 'topup',
        amount: cents,
        expired_at: credited?.expiresAt?.toISOString(),
      }),
    ]);
    expect(ofCampaign[1].title).toContain('back into the Data Wallet');
    expect(view.total_amount).toBe(viewBefore.total_amount);
    // Northwind's billing history, Data Wallet tab: the refund credited, no gateway object behind it.
    const lines: { title: string; cause: string; amount: string; description: string; gateway: unknown }[] =
      [];
    for (let page = 1; ; page += 1) {
      const res = await get(
        rt,
        `/billing/history/company/${northwind}?account=wallet&page=${page}`,
        owner.token,
      );
      expect(res.statusCode, res.body).toBe(200);
      lines.push(...res.json().data);
      if (page >= res.json().last_page) break;
    }
    expect(lines.filter((l) => l.description.includes(`#${publicId}`) && l.cause === 'refund')).toEqual([
      expect.objectContaining({ title: `Refund — ${DEMO.northwind.name}`, amount: cents, gateway: null }),
    ]);

    const again = await refund(publicId);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PREPAID_REFUND_TEXTS.alreadyRefunded);
    expect(await walletCents()).toBe(before + back);
  });

  it('20 refund requests at once: one refund, the wallet credited once', async () => {
    const { id, publicId, back } = await walletPaidBlock(0, 0);
    const before = await walletCents();
    const answers = await Promise.all(Array.from({ length: 20 }, () => refund(publicId)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    expect((await walletCreditsOf(id)).map((c) => c.amount)).toEqual([back]);
    expect(await refundLotsOf(id)).toHaveLength(1);
    expect(await walletCents()).toBe(before + back);
  });

  it('a crash in the transaction that credits the wallet: the refund stays pending, the janitor credits once', async () => {
    const { id, publicId, back } = await walletPaidBlock(2, 9_200_001);
    const before = await walletCents();
    // The process dies after the credit's posting was written, before its transaction commits.
    const realPost = rt.services.ledger.post.bind(rt.services.ledger);
    const crash = vi.spyOn(rt.services.ledger, 'post').mockImplementation(async (input, tx) => {
      const done = await realPost(input, tx);
      if (input.cause.businessKey.endsWith(':wallet-credit')) throw new Error('process killed');
      return done;
    });
    const cut = await refund(publicId);
    crash.mockRestore();
    expect(cut.statusCode).toBe(500);
    expect(await leadsLeft(id)).toBe(0);
    expect(await walletCreditsOf(id)).toEqual([]);
    expect(await refundLotsOf(id)).toEqual([]);
    expect(await walletCents()).toBe(before);
    const busy = await refund(publicId);
    expect(busy.statusCode).toBe(409);
    expect(busy.json().error.message).toBe(PREPAID_REFUND_TEXTS.inProgress);
    expect((await estimateOf(publicId)).json().refusal).toBe(PREPAID_REFUND_TEXTS.inProgress);

    // Janitors racing each other: the row is marked once, and with it the wallet credited once.
    const later = new Date(clock.now().getTime() + 3_600_000);
    const { finishPending } = rt.services.billing.prepaidRefunds;
    await Promise.all([finishPending(later), finishPending(later), finishPending(later)]);
    expect(await finishPending(later)).toBe(0);
    expect((await walletCreditsOf(id)).map((c) => c.amount)).toEqual([back]);
    expect(await refundLotsOf(id)).toHaveLength(1);
    expect(await walletCents()).toBe(before + back);
    expect((await estimateOf(publicId)).json().refusal).toBe(PREPAID_REFUND_TEXTS.alreadyRefunded);
  });
});
