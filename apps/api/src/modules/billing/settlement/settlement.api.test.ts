import { createHash } from 'node:crypto';
import { asCents, centsToDollars } from '@app/contracts';
import { and, asc, campaigns, DEMO, eq, invoices, isNull, paymentCards, paymentFailures, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { saveCard } from '../../../../test/kits/cards.js';
import { harborPaying, moveCampaign, startedHarborCampaign } from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * After a declined invoice (decision 0075): retries at +1, +3 and +5 days by the clock, the payment
 * gate that refuses the campaign's leads, one reminder a day, and the settlement — from the route
 * (100 at once make one charge per failed invoice) or by saving a card — that resumes only what the
 * failure paused.
 */

const DAY = 86_400_000;
const md5 = (text: string) => createHash('md5').update(text).digest('hex');
const SAVES_THEN_DECLINES = '4000000000000341';
let rt: TestRuntime;
let clock: SettableClock;
let client: Who;
let owner: Who;
let harbor: number;
/** The campaign whose invoices fail, and one its agency paused by hand. */
let failing: Awaited<ReturnType<typeof weeklyCampaign>>;
let pausedByHand: Awaited<ReturnType<typeof weeklyCampaign>>;

const tokenOf = (number: string) =>
  sandboxOf(rt).createCardToken({ number, expMonth: 12, expYear: 2040, holderName: 'Harbor Dental' });

async function weeklyCampaign() {
  const { id, publicId } = await startedHarborCampaign(
    rt,
    { client, owner, harbor },
    { PaymentTerm: 'Weekly', PlatformFee: '31', CostMonth: '49', CostSet: '1.50' },
  );
  const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
  if (!row) throw new Error('campaign not stored');
  return {
    id,
    publicId,
    clientId: row.clientId,
    agencyId: row.agencyId,
    systemId: row.systemId,
    module: row.module,
  };
}

const stateOf = async (id: number) => {
  const [row] = await rt.database.db
    .select({ status: campaigns.status, pauseReason: campaigns.pauseReason })
    .from(campaigns)
    .where(eq(campaigns.id, id));
  return row;
};
const invoicesOf = (campaignId: number) =>
  rt.database.db.select().from(invoices).where(eq(invoices.campaignId, campaignId)).orderBy(invoices.id);
const openFailures = () =>
  rt.database.db
    .select()
    .from(paymentFailures)
    .where(and(eq(paymentFailures.payerCompanyId, harbor), isNull(paymentFailures.settledAt)))
    // The modal's order (oldest failure first): invoices of several campaigns decline side by side.
    .orderBy(asc(paymentFailures.failedAt), asc(paymentFailures.id));
/** The attempts at one invoice obligation: business keys and outcomes, in order. */
const attempts = async (obligation: string) =>
  (
    (await rt.database.db.execute(
      sql`select business_key as key, status from payment_operations where obligation_key = ${obligation} order by id`,
    )) as unknown as { rows: { key: string; status: string }[] }
  ).rows;
const retries = () => rt.services.billing.recovery.retries.run();
const settle = (by: Who, userID: number) => put(rt, '/general/manual-bill-settlement', { userID }, by.token);

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  ({ client, owner, harbor } = await harborPaying(rt));
  failing = await weeklyCampaign();
  pausedByHand = await weeklyCampaign();
  // From here Harbor's card declines every charge.
  await saveCard(rt, client, await tokenOf(SAVES_THEN_DECLINES));
  await insertLead(rt.database.db, failing, {
    createdAt: clock.now(),
    clientPriceMicros: 1_500_000 as never,
    wholesaleMicros: 300_000 as never,
    rootFeeMicros: 0 as never,
  });
  clock.advance(8 * DAY);
  await rt.services.billing.invoicing.run();
});
afterAll(() => rt?.close());

describe('a declined invoice', () => {
  it('is failed, owed by the client, and retried at +1, +3 and +5 days, once per retry however often the job runs', async () => {
    const [invoice] = await invoicesOf(failing.id);
    expect(invoice).toMatchObject({ status: 'failed', retries: 0, total: 5_050 });
    const obligation = `invoice:${failing.id}:1:0`;
    expect((await openFailures()).map((f) => [f.obligationKey, f.amount])).toContainEqual([
      obligation,
      5_050,
    ]);
    const first = invoice?.firstFailedAt as Date;
    expect(invoice?.nextRetryAt?.getTime()).toBe(first.getTime() + DAY);

    // Half a day on, nothing is due.
    clock.set(new Date(first.getTime() + DAY / 2));
    await Promise.all([retries(), retries(), retries()]);
    expect(await attempts(obligation)).toHaveLength(1);

    for (const [n, days] of [
      [2, 1],
      [3, 3],
      [4, 5],
    ] as const) {
      clock.set(new Date(first.getTime() + days * DAY + 1_000));
      await Promise.all([retries(), retries(), retries()]);
      const tried = await attempts(obligation);
      expect(tried.map((a) => a.key)).toEqual([
        obligation,
        ...Array.from({ length: n - 1 }, (_, i) => `${obligation}:attempt-${i + 2}`),
      ]);
      expect(tried.every((a) => a.status === 'failed')).toBe(true);
    }
    const [after] = await invoicesOf(failing.id);
    expect(after).toMatchObject({ status: 'failed', retries: 3, nextRetryAt: null });

    // No retry is left: ten days more try nothing (the card must change).
    clock.set(new Date(first.getTime() + 15 * DAY));
    await retries();
    expect(await attempts(obligation)).toHaveLength(4);
  });

  it('pauses the campaign on run: its leads are refused with payment_failed, and nothing is stored', async () => {
    await rt.services.leads.intake.insert([
      {
        campaignId: failing.id,
        source: 'vendor_callback' as const,
        payload: {
          id: 'vendor-gate',
          emailMd5: md5('gate.person@example.com'),
          firstName: 'Gate',
          lastName: 'Person',
          emails: ['gate.person@example.com'],
          phones: ['512-555-0101'],
          address: { street: '1 Main St', city: 'Austin', state: 'TX', zip: '78701' },
          company: null,
        },
      },
    ]);
    while (await rt.services.leads.ingest.processNextBatch(50)) {}
    const rejected = (
      (await rt.database.db.execute(
        sql`select reason from lead_rejections where campaign_id = ${failing.id}`,
      )) as unknown as { rows: { reason: string }[] }
    ).rows;
    expect(rejected.map((r) => r.reason)).toEqual(['payment_failed']);
    expect(await stateOf(failing.id)).toEqual({ status: 'paused_on_run', pauseReason: 'payment_failed' });
    // A person cannot resume it: only a settlement does.
    const resumed = await moveCampaign(rt, owner, failing.id, 'running');
    expect(resumed.statusCode).not.toBe(200);
  });

  it('sends the payer one reminder a day, however often the job runs', async () => {
    const reminders = async () =>
      (
        (await rt.database.db.execute(
          sql`select count(*)::int as n from payment_reminders where payer_company_id = ${harbor}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const mails = async () =>
      (
        (await rt.database.db.execute(
          sql`select count(*)::int as n from email_messages where subject like 'Payment failed:%' and to_address = ${PEOPLE.client}`,
        )) as unknown as { rows: { n: number }[] }
      ).rows[0]?.n;
    const run = () => rt.services.billing.recovery.reminders.run();
    await Promise.all([run(), run(), run()]);
    await run();
    expect(await reminders()).toBe(1);
    expect(await mails()).toBe(1);
    clock.advance(DAY);
    await Promise.all([run(), run()]);
    expect(await reminders()).toBe(2);
    expect(await mails()).toBe(2);
  });
});

describe('the settlement', () => {
  it('refuses another tenant, a client and a sales person on the agency’s money', async () => {
    const summit = await who(rt, PEOPLE.summit);
    const otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    const sales = await who(rt, PEOPLE.sales);
    expect((await settle(summit, client.id)).statusCode).toBe(404);
    expect((await settle(otherRoot, client.id)).statusCode).toBe(404);
    // A client (the agency's people are not in its scope, and the policy refuses it its own) and a
    // sales person are refused as a miss is: 404, exactly like an unknown id.
    expect((await settle(client, owner.id)).statusCode).toBe(404);
    expect((await settle(client, client.id)).statusCode).toBe(404);
    expect((await settle(sales, client.id)).statusCode).toBe(404);
    expect((await openFailures()).length).toBeGreaterThan(0);
  });

  it('charges each failed invoice once under 100 requests at once, settles it, and resumes only what the failure paused', async () => {
    const paused = await moveCampaign(rt, owner, pausedByHand.id, 'paused');
    expect(paused.statusCode, paused.body).toBe(200);
    // Every period the clock passed is invoiced now, each declined.
    await rt.services.billing.invoicing.run();
    const owed = await openFailures();
    expect(owed.length).toBeGreaterThan(1);
    // The payment-failed modal's facts, from the same open rows.
    const facts = await get(rt, `/general/payment-failures/${client.id}`, owner.token);
    expect(facts.statusCode, facts.body).toBe(200);
    expect(facts.json()).toEqual({
      result: 'success',
      campaigns: owed.map((f) => (f.campaignId === failing.id ? failing.publicId : pausedByHand.publicId)),
      amount: centsToDollars(asCents(owed.reduce((sum, f) => sum + f.amount, 0))),
    });
    // The card at the gateway takes charges again (attached there directly: saving a card would settle).
    const [current] = await rt.database.db
      .select()
      .from(paymentCards)
      .where(and(eq(paymentCards.companyId, harbor), isNull(paymentCards.replacedAt)));
    await sandboxOf(rt).attachCard({
      customerId: current?.customerId ?? '',
      ...(current?.connectedAccountId ? { connectedAccountId: current.connectedAccountId } : {}),
      cardToken: await tokenOf('4242424242424242'),
      idempotencyKey: `test-visa-${Date.now()}`,
    });

    const answers = await Promise.all(Array.from({ length: 100 }, () => settle(owner, client.id)));
    for (const a of answers) expect(a.statusCode, a.body).toBe(200);
    expect(
      answers.some((a) => a.json().message === 'Manual Bill Settlement has been successfully processed.'),
    ).toBe(true);

    // One succeeded charge per failed obligation, for exactly what was owed.
    const keys = new Set(owed.map((f) => f.obligationKey));
    const succeeded = (
      (await rt.database.db.execute(
        sql`select obligation_key as key, amount::int as amount from payment_operations
             where status = 'succeeded' and obligation_key like 'invoice:%'`,
      )) as unknown as { rows: { key: string; amount: number }[] }
    ).rows.filter((r) => keys.has(r.key));
    const paid = [...keys].map((key) => {
      const rows = succeeded.filter((r) => r.key === key);
      return { key, n: rows.length, amount: rows.reduce((sum, r) => sum + r.amount, 0) };
    });
    expect(paid.map((r) => r.n)).toEqual(owed.map(() => 1));
    expect(paid.reduce((s, r) => s + r.amount, 0)).toBe(owed.reduce((s, f) => s + f.amount, 0));
    expect(await openFailures()).toEqual([]);
    expect((await invoicesOf(failing.id)).map((i) => i.status)).toEqual(
      (await invoicesOf(failing.id)).map(() => 'paid'),
    );
    expect(await stateOf(failing.id)).toEqual({ status: 'running', pauseReason: null });
    expect(await stateOf(pausedByHand.id)).toEqual({ status: 'paused', pauseReason: null });
    const check = (await get(rt, `/user/checksetupcomplete/${client.id}`, client.token)).json();
    expect(check).toMatchObject({ accessmodule: '', fcampid: [], finamt: '0' });

    // Again: nothing is owed, nothing is charged.
    const again = await settle(owner, client.id);
    expect(again.json()).toMatchObject({ result: 'success', paid: 0 });
  });

  it('runs when a new card is saved: the declined invoice is paid and the paused campaign runs again', async () => {
    await saveCard(rt, client, await tokenOf(SAVES_THEN_DECLINES));
    clock.advance(7 * DAY);
    await rt.services.billing.invoicing.run();
    expect((await openFailures()).map((f) => f.campaignId)).toContain(failing.id);
    await rt.services.leads.intake.insert([
      {
        campaignId: failing.id,
        source: 'vendor_callback' as const,
        payload: {
          id: 'vendor-gate-2',
          emailMd5: md5('gate.two@example.com'),
          firstName: 'Gate',
          lastName: 'Two',
          emails: ['gate.two@example.com'],
          phones: ['512-555-0102'],
          address: { street: '2 Main St', city: 'Austin', state: 'TX', zip: '78701' },
          company: null,
        },
      },
    ]);
    while (await rt.services.leads.ingest.processNextBatch(50)) {}
    expect(await stateOf(failing.id)).toEqual({ status: 'paused_on_run', pauseReason: 'payment_failed' });

    await saveCard(rt, client, await tokenOf('4242424242424242'));
    expect(await openFailures()).toEqual([]);
    expect((await invoicesOf(failing.id)).every((i) => i.status === 'paid')).toBe(true);
    expect(await stateOf(failing.id)).toEqual({ status: 'running', pauseReason: null });
  });
});
