import { asCents, centsToDollars, PREPAID_REFUND_TEXTS } from '@app/contracts';
import { billingLots, DEMO, eq, prepaidRefunds, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { chargeBody, chargeWallet, openWallet, walletBalance } from '../../../../test/kits/data-wallet.js';
import { harborCampaign, harborPaying, sandboxChargesWithKey } from '../../../../test/kits/harbor-billing.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';

/*
 * Refunds of prepaid blocks (decision 0078): the estimate's figures, one refund however many ask at
 * once, a refund racing a lead claim (the balance never below zero), the reads from the lots, and who
 * may call them (another tenant's campaign answers 404 like a missing one); a block the agency's
 * Data Wallet paid part of gives that part back into the wallet (decision 0087).
 */

let rt: TestRuntime;
let client: Who;
let owner: Who;
let harbor: number;

beforeAll(async () => {
  rt = await startTestRuntime();
  ({ client, owner, harbor } = await harborPaying(rt));
});
afterAll(() => rt?.close());

const left = async (id: number) => (await rt.services.billing.prepaid.left([id])).get(id) ?? 0;
/** A lead claim as the engine makes it: the lots locked, billed from them if leads are left, else refused. */
const claim = (id: number, leads: number, firstLeadId: number) =>
  rt.database.db.transaction(async (tx) => {
    const l = (await rt.services.billing.prepaid.lockLeft([id], tx)).get(id) ?? 0;
    if (l < leads) return 'refused' as const;
    await rt.services.billing.prepaid.use([{ campaignId: id, leads, firstLeadId }], tx);
    return 'billed' as const;
  });
const move = (id: number, status: 'running' | 'stopped') =>
  put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status }, owner.token);

/** A Prepaid campaign of 20 leads at $1.50 (setup $99), started, `used` leads claimed. */
async function runningCampaign(used: number, firstLeadId: number) {
  const made = await harborCampaign(
    rt,
    { client, owner, harbor },
    {
      PaymentTerm: 'Prepaid',
      PlatformFee: '99',
      CostMonth: '0',
      CostSet: '1.50',
      leadsbuy: 20,
      topupoptions: 'continual',
    },
  );
  expect((await move(made.id, 'running')).statusCode).toBe(200);
  if (used > 0) expect(await claim(made.id, used, firstLeadId)).toBe('billed');
  return made;
}
/** The same, stopped. */
async function stoppedCampaign(used: number, firstLeadId: number) {
  const made = await runningCampaign(used, firstLeadId);
  expect((await move(made.id, 'stopped')).statusCode).toBe(200);
  return made;
}
const refundBody = (publicId: string) => ({
  leadspeek_api_id: publicId,
  company_id: harbor,
  ip_user: '127.0.0.1',
  timezone: 'America/Chicago',
  payment_type: 'Prepaid',
});
const refundsOfCharge = async (key: string) =>
  (
    (await rt.database.db.execute(
      sql`select r.id, r.amount::int as amount, r.application_fee_refunded::int as fee from sandbox_refunds r
           join sandbox_charges c on c.id = r.charge_id where c.idempotency_key = ${key}`,
    )) as unknown as { rows: { id: string; amount: number; fee: number }[] }
  ).rows;

describe('estimate', () => {
  it("shows the unused leads at the client's price and the platform's wholesale of them back", async () => {
    const { id, publicId } = await stoppedCampaign(5, 7_000_001);
    const [charge] = await sandboxChargesWithKey(rt, `campaign-activation:${id}:1`);
    const [lot] = await rt.database.db.select().from(billingLots).where(eq(billingLots.campaignId, id));
    expect(charge && lot).toBeTruthy();
    const res = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(res.statusCode, res.body).toBe(200);
    // 15 leads at $1.50 = $22.50 of a $129.00 charge (setup $99 + 20 × $1.50); the fee back: the
    // leads' wholesale, down to the cent (decision 0082), never more than the client's refund.
    expect(charge?.amount).toBe(12_900);
    const wholesale = Math.floor((15 * (lot?.wholesaleMicros ?? 0)) / 10_000);
    const feeBack = Math.min(wholesale, 2_250);
    expect(res.json()).toMatchObject({
      leadspeek_api_id: publicId,
      refusal: null,
      leads_left: 15,
      client_refund: '22.50',
      agency_card_refund: '0',
      wholesale_back: centsToDollars(asCents(feeBack)),
      agency_markup_back: centsToDollars(asCents(2_250 - feeBack)),
      blocks: [{ unused_leads: 15, client_price: '1.50', client_refund: '22.50' }],
    });
    expect(feeBack).toBeGreaterThan(0);
  });

  it('says why a running campaign cannot be refunded', async () => {
    const { id, publicId } = await runningCampaign(0, 0);
    const res = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(res.json()).toMatchObject({ refusal: PREPAID_REFUND_TEXTS.notStopped, leads_left: 20 });
    const refused = await post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().error.message).toBe(PREPAID_REFUND_TEXTS.notStopped);
    expect(await left(id)).toBe(20);
  });
});

describe('refund', () => {
  it('refunds once under 20 concurrent requests: one gateway refund, the balance 0', async () => {
    const { id, publicId } = await stoppedCampaign(4, 7_100_001);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token),
      ),
    );
    const ok = answers.filter((a) => a.statusCode === 200);
    expect(ok).toHaveLength(1);
    expect(ok[0]?.json()).toMatchObject({
      result: 'success',
      message: PREPAID_REFUND_TEXTS.refunded,
      refund: { leads_left: 16, client_refund: '24.00' },
    });
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    const refunds = await refundsOfCharge(`campaign-activation:${id}:1`);
    expect(refunds).toHaveLength(1);
    expect(refunds[0]?.amount).toBe(2_400);
    expect(await left(id)).toBe(0);
    // Harbor's card payments show the activation charge whole, and the $24.00 its card got back.
    const payments = (await get(rt, `/billing/card-payments/company/${harbor}`, client.token)).json()
      .payments;
    const [charge] = await sandboxChargesWithKey(rt, `campaign-activation:${id}:1`);
    const refunded = payments.filter((p: { refund: unknown }) => p.refund !== null);
    expect(refunded).toEqual([
      expect.objectContaining({
        status: 'succeeded',
        amount: centsToDollars(asCents(charge?.amount ?? 0)),
        refund: { amount: '24.00', refunded_at: expect.any(String) },
      }),
    ]);

    const again = await post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().error.message).toBe(PREPAID_REFUND_TEXTS.alreadyRefunded);
    expect(await refundsOfCharge(`campaign-activation:${id}:1`)).toHaveLength(1);

    // Harbor's billing history shows the refund of its charge's platform part (the application fee back).
    const lines = [];
    for (let page = 1; ; page += 1) {
      const res = await get(rt, `/billing/history/company/${harbor}?page=${page}`, owner.token);
      expect(res.statusCode, res.body).toBe(200);
      lines.push(...res.json().data);
      if (page >= res.json().last_page) break;
    }
    const refundLines = lines.filter((l) => l.gateway?.object_id === refunds[0]?.id);
    expect(refundLines.map((l) => [l.cause, l.amount])).toEqual(
      expect.arrayContaining([
        ['refund', centsToDollars(asCents(-(refunds[0]?.fee ?? 0)))],
        ['refund', centsToDollars(asCents(refunds[0]?.fee ?? 0))],
      ]),
    );
    expect(refunds[0]?.fee).toBeGreaterThan(0);
    // The lines name the campaign by the public id the agency sees, as every other history line does.
    for (const l of refundLines) {
      expect(l.description).toContain(`campaign #${publicId}`);
      expect(l.description).not.toContain(`(campaign ${id})`);
    }
    // Those amounts are the agency's wholesale: Harbor itself is never shown that account.
    const own = await get(rt, `/billing/history/company/${harbor}?account=receivable`, client.token);
    expect(own.statusCode).toBe(404);
    const ownAccounts = (await get(rt, `/billing/history/company/${harbor}`, client.token)).json().accounts;
    expect(ownAccounts.map((a: { kind: string }) => a.kind)).not.toContain('receivable');
    const estimate = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(estimate.json()).toMatchObject({ refusal: PREPAID_REFUND_TEXTS.alreadyRefunded, leads_left: 0 });
    // A refunded campaign buys no more blocks: continual top-up is off, and the panel's read says so.
    const current = await get(rt, `/leadspeek/client/local/currenttopup/${publicId}`, owner.token);
    expect(current.json()).toMatchObject({ continual_topup: 'F' });
    expect(await rt.services.billing.topUps.check(id)).toBe('not_continual');
  });

  it('a refund racing a lead claim: the lead is billed before or refused after, never below zero', async () => {
    for (let round = 0; round < 4; round += 1) {
      const { id, publicId } = await stoppedCampaign(0, 0);
      const [refund, claimed] = await Promise.all([
        post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token),
        claim(id, 3, 7_200_001 + round * 10),
      ]);
      expect(refund.statusCode, refund.body).toBe(200);
      expect(await left(id)).toBe(0);
      const refunded = refund.json().refund.leads_left as number;
      if (claimed === 'billed') expect(refunded).toBe(17);
      else expect(refunded).toBe(20);
      // After the refund every claim is refused.
      expect(await claim(id, 1, 7_300_001 + round)).toBe('refused');
    }
  });
});

describe('a block priced below cost (the agency card paid the rest of the platform part)', () => {
  it("gives each payer back what it paid for the unused leads: never the platform's setup fee", async () => {
    await saveCard(
      rt,
      owner,
      await sandboxOf(rt).createCardToken({
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        holderName: 'Northwind',
      }),
    );
    // No setup fee to the client, 20 leads at $1.50 = $30; the platform's part is Northwind's prepaid
    // wholesale $49 setup + 20 × $0.75 = $64: the client's $30 is all fee, the agency's card pays $34.
    const made = await harborCampaign(
      rt,
      { client, owner, harbor },
      { PaymentTerm: 'Prepaid', PlatformFee: '0', CostMonth: '0', CostSet: '1.50', leadsbuy: 20 },
    );
    expect((await move(made.id, 'running')).statusCode).toBe(200);
    expect((await move(made.id, 'stopped')).statusCode).toBe(200);
    expect(await sandboxChargesWithKey(rt, `campaign-activation:${made.id}:1`)).toEqual([
      { amount: 3_000, fee: 3_000 },
    ]);
    expect(await sandboxChargesWithKey(rt, `campaign-platform-part:${made.id}:1`)).toEqual([
      { amount: 3_400, fee: null },
    ]);
    const res = await post(rt, '/leadspeek/client/refund-topup', refundBody(made.publicId), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    // The client gets its $30; the platform gives back the 20 leads' wholesale, $15 (not its whole $30
    // fee: half of it paid the setup); the agency's account the other $15; the card paid no lead's part.
    expect(res.json().refund).toMatchObject({
      leads_left: 20,
      client_refund: '30.00',
      agency_card_refund: '0',
      wholesale_back: '15.00',
      agency_markup_back: '15.00',
    });
    expect(await refundsOfCharge(`campaign-activation:${made.id}:1`)).toEqual([
      expect.objectContaining({ amount: 3_000, fee: 1_500 }),
    ]);
    expect(await refundsOfCharge(`campaign-platform-part:${made.id}:1`)).toEqual([]);
  });
});

describe('a refund a crash interrupted', () => {
  it('leaves the leads out and the row pending; the janitor makes the gateway refund once', async () => {
    const { id, publicId } = await stoppedCampaign(2, 7_600_001);
    const sandbox = sandboxOf(rt);
    const outage = vi.spyOn(sandbox, 'refund').mockRejectedValueOnce(new Error('connection reset'));
    const cut = await post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token);
    outage.mockRestore();
    expect(cut.statusCode).toBe(500);
    expect(await left(id)).toBe(0);
    expect(await refundsOfCharge(`campaign-activation:${id}:1`)).toHaveLength(0);
    const busy = await post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), owner.token);
    expect(busy.json().error.message).toBe(PREPAID_REFUND_TEXTS.inProgress);

    const later = new Date(rt.services.clock.now().getTime() + 3_600_000);
    expect(await rt.services.billing.prepaidRefunds.finishPending(later)).toBe(1);
    expect(await rt.services.billing.prepaidRefunds.finishPending(later)).toBe(0);
    const refunds = await refundsOfCharge(`campaign-activation:${id}:1`);
    expect(refunds.map((r) => r.amount)).toEqual([2_700]);
    const estimate = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      owner.token,
    );
    expect(estimate.json().refusal).toBe(PREPAID_REFUND_TEXTS.alreadyRefunded);
  });
});

describe('reads from the lots, and continual top-up', () => {
  it('answers current top-up and remaining leads from the lots, and stops continual top-up', async () => {
    const { id, publicId } = await stoppedCampaign(6, 7_400_001);
    const current = await get(rt, `/leadspeek/client/local/currenttopup/${publicId}`, client.token);
    expect(current.statusCode, current.body).toBe(200);
    expect(current.json()).toMatchObject({
      current_topup: { leads: 20, client_price: '1.50', total: '30.00' },
      blocks_bought: 1,
      leads_bought: 20,
      continual_topup: 'T',
    });
    const remaining = await get(
      rt,
      `/leadspeek/client/local/remainingbalanceleads/${publicId}`,
      client.token,
    );
    expect(remaining.json()).toEqual({ leadspeek_api_id: publicId, remaining_balance_leads: 14 });

    const stopped = await put(
      rt,
      '/leadspeek/client/local/stopcontinualtopup',
      { leadspeek_api_id: publicId, lp_limit_freq: 'day' },
      owner.token,
    );
    expect(stopped.json()).toMatchObject({ result: 'success', continual_topup: 'F' });
    expect(await rt.services.billing.topUps.check(id)).toBe('not_continual');
  });
});

describe('who may call them', () => {
  it("another tenant's campaign answers 404 exactly like a missing one; clients and sales are refused the refund", async () => {
    const { id, publicId } = await stoppedCampaign(1, 7_500_001);
    const other = await who(rt, PEOPLE.summit);
    const sales = await who(rt, PEOPLE.sales);
    const foreign = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`,
      other.token,
    );
    const missing = await get(
      rt,
      '/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=99999999',
      other.token,
    );
    expect(foreign.statusCode).toBe(404);
    expect(foreign.body).toBe(missing.body);
    expect(
      (await get(rt, `/leadspeek/client/local/remainingbalanceleads/${publicId}`, other.token)).statusCode,
    ).toBe(404);
    for (const caller of [other, client, sales]) {
      const res = await post(rt, '/leadspeek/client/refund-topup', refundBody(publicId), caller.token);
      expect(res.statusCode, res.body).toBe(404);
      // Continual top-up is a term of the agency's price: only its staff stop it (decision 0082).
      const stop = await put(
        rt,
        '/leadspeek/client/local/stopcontinualtopup',
        { leadspeek_api_id: publicId, lp_limit_freq: 'day' },
        caller.token,
      );
      expect(stop.statusCode, stop.body).toBe(404);
    }
    expect(
      (await get(rt, `/leadspeek/client/local/currenttopup/${publicId}`, owner.token)).json(),
    ).toMatchObject({ continual_topup: 'T' });
    expect(
      (await get(rt, `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${publicId}`, client.token))
        .statusCode,
    ).toBe(404);
    expect(await left(id)).toBe(19);
  });
});

describe("a block the client's card and the agency's Data Wallet paid together (decision 0087)", () => {
  let northwind: number;
  /** What the wallet holds (cents). */
  const wallet = () => walletBalance(rt, owner.system, northwind);
  /** The wallet credits a campaign's refunds posted, each with what it gave the wallet. */
  const walletCreditsOf = (campaignId: number) =>
    queryRows<{ business_key: string; amount: number }>(
      rt.database.db,
      sql`select p.business_key, -l.amount::int as amount
            from ledger_postings p
            join ledger_lines l on l.posting_id = p.id
            join ledger_accounts a on a.id = l.account_id and a.kind = 'wallet'
           where p.business_key like ${`prepaid-refund:${campaignId}:%`}`,
    );
  const walletPaymentOf = async (obligationKey: string) =>
    (
      await queryRows<{ amount: number }>(
        rt.database.db,
        sql`select l.amount::int as amount from ledger_postings p
              join ledger_lines l on l.posting_id = p.id
              join ledger_accounts a on a.id = l.account_id and a.kind = 'wallet'
             where p.business_key = ${`wallet-pays:${obligationKey}`}`,
      )
    )[0]?.amount ?? 0;

  beforeAll(async () => {
    northwind = (await companyByName(rt, DEMO.northwind.name)).id;
    await saveCard(
      rt,
      owner,
      await sandboxOf(rt).createCardToken({
        number: '4242424242424242',
        expMonth: 12,
        expYear: 2040,
        holderName: 'Northwind',
      }),
    );
    await openWallet(rt);
    const top = await chargeWallet(rt, owner, chargeBody(northwind, '500', { stop_continual: 'T' }));
    expect(top.statusCode, top.body).toBe(200);
  });

  /**
   * 20 leads at $0.50 with no setup fee: the client's $10 direct charge is all the platform's fee, and
   * the rest of the platform's part (its setup and the leads' wholesale above $0.50) is paid from
   * Northwind's wallet. `used` leads claimed, then stopped. What each side gets back of the unused:
   * the client its $0.50 a lead (all of it fee back), the wallet the wholesale the fee did not cover.
   */
  async function mixedBlock(used: number, firstLeadId: number) {
    const made = await harborCampaign(
      rt,
      { client, owner, harbor },
      { PaymentTerm: 'Prepaid', PlatformFee: '0', CostMonth: '0', CostSet: '0.50', leadsbuy: 20 },
    );
    expect((await move(made.id, 'running')).statusCode).toBe(200);
    if (used > 0) expect(await claim(made.id, used, firstLeadId)).toBe('billed');
    expect((await move(made.id, 'stopped')).statusCode).toBe(200);
    expect(await sandboxChargesWithKey(rt, `campaign-activation:${made.id}:1`)).toEqual([
      { amount: 1_000, fee: 1_000 },
    ]);
    expect(await sandboxChargesWithKey(rt, `campaign-platform-part:${made.id}:1`)).toEqual([]);
    const part = await walletPaymentOf(`campaign-platform-part:${made.id}:1`);
    expect(part).toBeGreaterThan(0);
    const [lot] = await rt.database.db.select().from(billingLots).where(eq(billingLots.campaignId, made.id));
    const unused = 20 - used;
    const clientBack = unused * 50;
    const wholesale = Math.floor((unused * (lot?.wholesaleMicros ?? 0)) / 10_000);
    const feeBack = Math.min(clientBack, wholesale, 1_000);
    const walletBack = Math.min(wholesale - feeBack, part);
    expect(walletBack).toBeGreaterThan(0);
    return { ...made, lot, unused, clientBack, feeBack, walletBack };
  }

  it("refunds the client's card on its charge and the wallet's part into the wallet", async () => {
    const b = await mixedBlock(4, 7_700_001);
    const before = await wallet();
    const dollars = (cents: number) => centsToDollars(asCents(cents));
    const expected = {
      leads_left: b.unused,
      client_refund: dollars(b.clientBack),
      agency_card_refund: '0',
      agency_wallet_refund: dollars(b.walletBack),
      wholesale_back: dollars(b.feeBack + b.walletBack),
      agency_markup_back: dollars(b.clientBack - b.feeBack),
    };
    const estimate = await get(
      rt,
      `/leadspeek/client/estimeate-refund-topup?leadspeek_api_id=${b.publicId}`,
      owner.token,
    );
    expect(estimate.json()).toMatchObject({ refusal: null, ...expected });

    const res = await post(rt, '/leadspeek/client/refund-topup', refundBody(b.publicId), owner.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().refund).toMatchObject(expected);
    // The client's card: one gateway refund of its charge, the fee back out of it; nothing on a card of the agency.
    expect(await refundsOfCharge(`campaign-activation:${b.id}:1`)).toEqual([
      expect.objectContaining({ amount: b.clientBack, fee: b.feeBack }),
    ]);
    expect(await wallet()).toBe(before + b.walletBack);
    expect(await walletCreditsOf(b.id)).toEqual([
      { business_key: `prepaid-refund:${b.id}:lot-${b.lot?.id}:wallet-credit`, amount: b.walletBack },
    ]);
    const [credit] = await rt.database.db
      .select()
      .from(billingLots)
      .where(eq(billingLots.sourceKey, `prepaid-refund:${b.id}:lot-${b.lot?.id}:wallet-credit`));
    expect(credit).toMatchObject({ kind: 'wallet', origin: 'refund', quantity: b.walletBack });
    expect(await left(b.id)).toBe(0);
  });

  it('50 refunds at once with the janitor running: one client refund, one wallet credit and lot', async () => {
    const b = await mixedBlock(2, 7_800_001);
    const before = await wallet();
    const later = new Date(rt.services.clock.now().getTime() + 3_600_000);
    const [answers] = await Promise.all([
      Promise.all(
        Array.from({ length: 50 }, () =>
          post(rt, '/leadspeek/client/refund-topup', refundBody(b.publicId), owner.token),
        ),
      ),
      rt.services.billing.prepaidRefunds.finishPending(later),
    ]);
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    for (const a of answers.filter((x) => x.statusCode !== 200)) expect(a.statusCode, a.body).toBe(409);
    await rt.services.billing.prepaidRefunds.finishPending(later);
    expect(await refundsOfCharge(`campaign-activation:${b.id}:1`)).toEqual([
      expect.objectContaining({ amount: b.clientBack, fee: b.feeBack }),
    ]);
    expect((await walletCreditsOf(b.id)).map((c) => c.amount)).toEqual([b.walletBack]);
    expect(await wallet()).toBe(before + b.walletBack);
    const credits = await rt.database.db
      .select()
      .from(billingLots)
      .where(eq(billingLots.sourceKey, `prepaid-refund:${b.id}:lot-${b.lot?.id}:wallet-credit`));
    expect(credits).toHaveLength(1);
    const rows = await rt.database.db
      .select()
      .from(prepaidRefunds)
      .where(eq(prepaidRefunds.campaignId, b.id));
    expect(rows.map((r) => r.status)).toEqual(['refunded']);
    expect(await left(b.id)).toBe(0);
  });

  it('a lost gateway answer leaves it pending with the wallet untouched; the janitor finishes it once', async () => {
    const b = await mixedBlock(0, 0);
    const before = await wallet();
    const sandbox = sandboxOf(rt);
    // The gateway makes the client's refund, and its answer never reaches us.
    const realRefund = sandbox.refund.bind(sandbox);
    const lost = vi.spyOn(sandbox, 'refund').mockImplementationOnce(async (input) => {
      await realRefund(input);
      throw new Error('socket hang up');
    });
    const cut = await post(rt, '/leadspeek/client/refund-topup', refundBody(b.publicId), owner.token);
    lost.mockRestore();
    expect(cut.statusCode).toBe(500);
    expect(await refundsOfCharge(`campaign-activation:${b.id}:1`)).toHaveLength(1);
    expect(await wallet()).toBe(before);
    expect(await walletCreditsOf(b.id)).toEqual([]);
    const busy = await post(rt, '/leadspeek/client/refund-topup', refundBody(b.publicId), owner.token);
    expect(busy.json().error.message).toBe(PREPAID_REFUND_TEXTS.inProgress);

    // Two janitor runs at once, then another: the gateway replays the refund by key, the wallet is credited once.
    const later = new Date(rt.services.clock.now().getTime() + 3_600_000);
    const { finishPending } = rt.services.billing.prepaidRefunds;
    await Promise.all([finishPending(later), finishPending(later)]);
    expect(await finishPending(later)).toBe(0);
    expect(await refundsOfCharge(`campaign-activation:${b.id}:1`)).toEqual([
      expect.objectContaining({ amount: b.clientBack, fee: b.feeBack }),
    ]);
    expect((await walletCreditsOf(b.id)).map((c) => c.amount)).toEqual([b.walletBack]);
    expect(await wallet()).toBe(before + b.walletBack);
    const [row] = await rt.database.db
      .select()
      .from(prepaidRefunds)
      .where(eq(prepaidRefunds.campaignId, b.id));
    expect(row).toMatchObject({ status: 'refunded', walletCents: b.walletBack, walletAgencyId: northwind });
    expect(row?.calls.map((c) => c.refundId)).toEqual([expect.stringMatching(/.+/)]);
  });
});
