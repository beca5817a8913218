import { campaigns, companies, DEMO, eq, invoices, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import { saveCard } from '../../../../test/kits/cards.js';
import {
  type HarborPayers,
  harborPaying,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { companyByName, PEOPLE, put, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Manual bill's switch (spec 2 §4, decision 0075), through both its paths: ON, the agency's card pays
 * the wholesale; OFF, every campaign of the agency stops and is invoiced to date at wholesale, charged
 * to the agency's card. Only the system's staff switch it.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let clock: SettableClock;
let root: Who;
let payers: HarborPayers;
let northwind: number;

const billingMethod = (by: Who, companyID: number, manualBill: 'T' | 'F') =>
  put(rt, '/payment/set-billing-method', { companyID, manualBill }, by.token);
const agencySwitch = (by: Who, companyID: number, manualBill: 'T' | 'F') =>
  put(rt, '/configuration/user/manual-bill', { companyID, manualBill }, by.token);
const manualBillOf = async (id: number) =>
  (await rt.database.db.select({ on: companies.manualBill }).from(companies).where(eq(companies.id, id)))[0]
    ?.on;

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
  payers = await harborPaying(rt);
  root = await who(rt, PEOPLE.root);
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
  const token = await sandboxOf(rt).createCardToken({
    number: '4242424242424242',
    expMonth: 12,
    expYear: 2040,
    holderName: 'Northwind',
  });
  await saveCard(rt, payers.owner, token);
});
afterAll(() => rt?.close());

describe('manual bill', () => {
  it('is switched by the system only: a client or sales person is refused, another system does not find it', async () => {
    const client = payers.client;
    const sales = await who(rt, PEOPLE.sales);
    const otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
    // Refused as a miss is (404): the client does not see its agency and may not switch anything,
    // nor may a sales person.
    expect((await billingMethod(client, northwind, 'T')).statusCode).toBe(404);
    expect((await billingMethod(client, payers.harbor, 'T')).statusCode).toBe(404);
    expect((await agencySwitch(sales, northwind, 'T')).statusCode).toBe(404);
    expect((await billingMethod(otherRoot, northwind, 'T')).statusCode).toBe(404);
    expect((await billingMethod(root, payers.harbor, 'T')).statusCode).toBe(400);
    expect(await manualBillOf(northwind)).toBe(false);
  });

  it('ON bills the agency at wholesale; OFF stops its campaigns and invoices them to date on its card', async () => {
    const on = await billingMethod(root, northwind, 'T');
    expect(on.statusCode, on.body).toBe(200);
    expect(on.json()).toMatchObject({ result: 'success', manual_bill: 'T' });

    const { id, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    expect(started.json().data.charge).toMatchObject({ payer: 'agency' });
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw new Error('no campaign');
    for (let i = 0; i < 2; i++)
      await insertLead(rt.database.db, row, {
        createdAt: new Date(clock.now().getTime() + i * 60_000),
        clientPriceMicros: 1_500_000 as never,
        wholesaleMicros: 300_000 as never,
        rootFeeMicros: 0 as never,
      });
    clock.advance(3 * DAY);

    const off = await agencySwitch(root, northwind, 'F');
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ result: 'success', manual_bill: 'F' });
    expect(await manualBillOf(northwind)).toBe(false);
    const [stopped] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    expect(stopped?.status).toBe('stopped');
    const written = await rt.database.db.select().from(invoices).where(eq(invoices.campaignId, id));
    expect(written.map((i) => [i.kind, i.payer, i.status, i.leadCount, i.total])).toEqual([
      ['final', 'agency', 'paid', 2, 60],
    ]);
    const charged = (
      (await rt.database.db.execute(
        sql`select amount::int as amount, account_id from sandbox_charges where idempotency_key = ${`invoice:${id}:1:final`}`,
      )) as unknown as { rows: { amount: number; account_id: string | null }[] }
    ).rows;
    expect(charged).toEqual([{ amount: 60, account_id: null }]);

    // OFF again changes nothing: no second invoice, no second charge.
    expect((await billingMethod(root, northwind, 'F')).statusCode).toBe(200);
    expect(await rt.database.db.select().from(invoices).where(eq(invoices.campaignId, id))).toHaveLength(1);
  });

  it('bills each lead to whoever paid when it was delivered: the client before ON, the agency during it, once', async () => {
    expect(await manualBillOf(northwind)).toBe(false);
    const { id, started } = await startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });
    expect(started.json().data.charge).toMatchObject({ payer: 'client' });
    const [row] = await rt.database.db.select().from(campaigns).where(eq(campaigns.id, id));
    if (!row) throw new Error('no campaign');
    const deliver = async (count: number) => {
      for (let i = 0; i < count; i++)
        await insertLead(rt.database.db, row, {
          createdAt: new Date(clock.now().getTime() + i * 60_000),
          clientPriceMicros: 1_500_000 as never,
          wholesaleMicros: 300_000 as never,
          rootFeeMicros: 0 as never,
        });
    };
    // Three leads while the client pays, then manual bill ON, two leads while the agency pays, then OFF.
    clock.advance(DAY);
    await deliver(3);
    clock.advance(DAY);
    const on = await billingMethod(root, northwind, 'T');
    expect(on.statusCode, on.body).toBe(200);
    clock.advance(DAY);
    await deliver(2);
    clock.advance(DAY);
    const off = await agencySwitch(root, northwind, 'F');
    expect(off.statusCode, off.body).toBe(200);

    const written = await rt.database.db
      .select()
      .from(invoices)
      .where(eq(invoices.campaignId, id))
      .orderBy(invoices.id);
    // The client's three at its price ($4.50), the agency's two at wholesale ($0.60): no lead on both.
    expect(written.map((i) => [i.kind, i.payer, i.status, i.leadCount, i.total])).toEqual([
      ['switch', 'client', 'paid', 3, 450],
      ['final', 'agency', 'paid', 2, 60],
    ]);
    expect(written[1]?.periodStart.getTime()).toBe(written[0]?.periodEnd.getTime());
    const chargedFor = async (key: string) =>
      (
        (await rt.database.db.execute(
          sql`select amount::int as amount, account_id from sandbox_charges where idempotency_key = ${key}`,
        )) as unknown as { rows: { amount: number; account_id: string | null }[] }
      ).rows;
    // The client's card on the agency's account; the agency's own card on the platform.
    expect(await chargedFor(`invoice:${id}:1:switch`)).toEqual([
      { amount: 450, account_id: 'acct_sandbox_northwind' },
    ]);
    expect(await chargedFor(`invoice:${id}:1:final`)).toEqual([{ amount: 60, account_id: null }]);
  });
});
