import { asCents, centsToDollars, PREPAID_REFUND_TEXTS } from '@app/contracts';
import { billingLots, eq, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { harborCampaign, harborPaying, sandboxChargesWithKey } from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';

/*
 * Refunds of prepaid blocks (decision 0078): the estimate's figures, one refund however many ask at
 * once, a refund racing a lead claim (the balance never below zero), the reads from the lots, and who
 * may call them (another tenant's campaign answers 404 like a missing one).
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
