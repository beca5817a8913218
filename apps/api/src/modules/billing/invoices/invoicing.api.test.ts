import { addDays, invoiceListResponseSchema } from '@app/contracts';
import { DEMO, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { insertLead } from '../../../../test/kits/campaigns.js';
import {
  harborCampaign,
  harborPaying,
  moveCampaign,
  sandboxChargesWithKey,
} from '../../../../test/kits/harbor-billing.js';
import { companyByName, get, PEOPLE, put, type Who, who } from '../../../../test/kits/users.js';
import { runJanitorNow } from '../../../../test/payments.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';

/*
 * Weekly invoicing (decision 0074) on a clock the test moves: one invoice per ended period however
 * often and concurrently the job runs, the leads of the window at their frozen prices plus the next
 * period's fee, charged once to the client's card on the agency's account with the platform's part as
 * application fee; a stopped campaign's final invoice; the lists and PDFs for those who may read them.
 */

const DAY = 86_400_000;
let rt: TestRuntime;
let clock: SettableClock;
let client: Who;
let owner: Who;
let summit: Who;
let harbor: number;
/** The sandbox's knob: when set, the answer of a stored charge is lost (the process "dies" there). */
let loseAnswer = false;

beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({
    clock,
    sandbox: {
      async afterCharge() {
        if (loseAnswer) throw new Error('socket hang up');
      },
    },
  });
  ({ client, owner, harbor } = await harborPaying(rt));
  summit = await who(rt, PEOPLE.summit);
});
afterAll(() => rt?.close());

const invoicesOf = (companyId: number, by: Who) =>
  get(rt, `/billing/invoices/company/${companyId}`, by.token);
const sandboxCharges = (key: string) => sandboxChargesWithKey(rt, key);

/** A Weekly campaign of Harbor Dental priced $31 setup, $49 a week and $1.50 a lead, not started. */
const pricedWeeklyCampaign = () =>
  harborCampaign(
    rt,
    { client, owner, harbor },
    { PaymentTerm: 'Weekly', PlatformFee: '31', CostMonth: '49', CostSet: '1.50' },
  );

/** The same, started (the activation charged), with its billing schedule. */
async function weeklyCampaign() {
  const { id, publicId } = await pricedWeeklyCampaign();
  expect((await moveCampaign(rt, owner, id, 'running')).statusCode).toBe(200);
  const [row] = (
    (await rt.database.db.execute(
      sql`select c.id, c.client_id as "clientId", c.agency_id as "agencyId", c.system_id as "systemId", c.module,
                 s.id as schedule
            from campaigns c join billing_schedules s on s.campaign_id = c.id where c.id = ${id}`,
    )) as unknown as {
      rows: {
        id: number;
        clientId: number;
        agencyId: number;
        systemId: number;
        module: string;
        schedule: number;
      }[];
    }
  ).rows;
  if (!row) throw new Error('no billing schedule was opened by the activation');
  return { ...row, publicId };
}

describe('an activation whose charge answer is lost (decision 0072)', () => {
  it('is finished by the janitor: the charge recorded once, the campaign running, its schedule open', async () => {
    const { id } = await pricedWeeklyCampaign();
    loseAnswer = true;
    const lost = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: id, status: 'running' },
      owner.token,
    );
    loseAnswer = false;
    expect(lost.statusCode, lost.body).toBe(503);
    const state = async () =>
      (
        (await rt.database.db.execute(
          sql`select c.status, (select count(*)::int from billing_schedules s where s.campaign_id = c.id) as schedules,
                     (select count(*)::int from campaign_moves m where m.campaign_id = c.id and m.event = 'activate') as moves
                from campaigns c where c.id = ${id}`,
        )) as unknown as { rows: { status: string; schedules: number; moves: number }[] }
      ).rows[0];
    // Money taken at the gateway, nothing moved yet.
    expect(await sandboxCharges(`campaign-activation:${id}:1`)).toHaveLength(1);
    expect(await state()).toMatchObject({ status: 'stopped', schedules: 0, moves: 0 });

    // The janitor's grace period has passed on the clock.
    clock.advance(60_000);
    await Promise.all([runJanitorNow(rt), runJanitorNow(rt)]);
    expect(await state()).toMatchObject({ status: 'running', schedules: 1, moves: 1 });
    expect(await sandboxCharges(`campaign-activation:${id}:1`)).toHaveLength(1);

    // The person's retry finds it done: no second charge, no second move.
    const again = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: id, status: 'running' },
      owner.token,
    );
    expect(again.statusCode).toBe(409);
    expect(await state()).toMatchObject({ status: 'running', schedules: 1, moves: 1 });
    await put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status: 'stopped' }, owner.token);
  });
});

describe('weekly invoices', () => {
  it('writes one invoice per ended period under concurrent runs, charges it once, and a final one at the stop', async () => {
    const campaign = await weeklyCampaign();
    for (let i = 0; i < 3; i++)
      await insertLead(rt.database.db, campaign, {
        createdAt: new Date(clock.now().getTime() + i * 60_000),
        clientPriceMicros: 1_500_000 as never,
        wholesaleMicros: 300_000 as never,
        rootFeeMicros: 0 as never,
      });

    // Nothing has ended yet: nothing is written.
    await rt.services.billing.invoicing.run();
    expect(
      invoiceListResponseSchema
        .parse((await invoicesOf(harbor, client)).json())
        .invoices.filter((i) => i.campaign.includes(campaign.publicId)),
    ).toHaveLength(0);

    // A week and a day later, five runs at once: one invoice for the first week.
    clock.advance(8 * DAY);
    await Promise.all(Array.from({ length: 5 }, () => rt.services.billing.invoicing.run()));
    const ofCampaign = async (by: Who) =>
      invoiceListResponseSchema
        .parse((await invoicesOf(harbor, by)).json())
        .invoices.filter((i) => i.campaign.includes(campaign.publicId));
    const first = await ofCampaign(client);
    expect(first).toHaveLength(1);
    const invoice = first[0]!;
    expect(invoice).toMatchObject({
      kind: 'period',
      status: 'paid',
      payer: 'client',
      lead_count: 3,
      total: '53.50',
    });
    expect(invoice.lines.map((l) => [l.description, l.amount])).toEqual([
      ['3 leads delivered at $1.50 each', '4.50'],
      [expect.stringMatching(/^Platform fee for \d{4}-\d\d-\d\d to \d{4}-\d\d-\d\d$/), '49.00'],
    ]);
    // Seven local days in the campaign's zone, and the fee billed ahead for the seven that follow.
    expect(addDays(invoice.period_start, 6)).toBe(invoice.period_end);
    expect(invoice.lines[1]?.description).toBe(
      `Platform fee for ${addDays(invoice.period_end, 1)} to ${addDays(invoice.period_end, 7)}`,
    );
    const key = `invoice:${campaign.id}:1:0`;
    const charged = await sandboxCharges(key);
    expect(charged).toHaveLength(1);
    expect(charged[0]?.amount).toBe(5_350);

    // The next week: the fee alone; then the stop's final invoice has no lead and charges nothing.
    clock.advance(7 * DAY);
    await rt.services.billing.invoicing.run();
    const stopped = await put(
      rt,
      '/leadspeek/client/activepause',
      { leadspeekID: campaign.id, status: 'stopped' },
      owner.token,
    );
    expect(stopped.statusCode, stopped.body).toBe(200);
    await Promise.all([rt.services.billing.invoicing.run(), rt.services.billing.invoicing.run()]);
    const all = await ofCampaign(owner);
    expect(all.map((i) => [i.kind, i.status, i.total])).toEqual([
      ['final', 'paid', '0'],
      ['period', 'paid', '49.00'],
      ['period', 'paid', '53.50'],
    ]);
    expect(await sandboxCharges(`invoice:${campaign.id}:1:final`)).toHaveLength(0);
  });

  it('gives the PDF to the client and its agency, and nothing to another agency', async () => {
    const list = invoiceListResponseSchema.parse((await invoicesOf(harbor, client)).json());
    const id = list.invoices[0]?.id;
    const pdf = await get(rt, `/billing/invoice-pdf/company/${harbor}/${id}`, client.token);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    expect((await get(rt, `/billing/invoice-pdf/company/${harbor}/${id}`, owner.token)).statusCode).toBe(200);
    expect((await invoicesOf(harbor, summit)).statusCode).toBe(404);
    expect((await get(rt, `/billing/invoice-pdf/company/${harbor}/${id}`, summit.token)).statusCode).toBe(
      404,
    );
    // An id of another company's invoice under a company the reader may see: not found.
    const summitCompany = (await companyByName(rt, DEMO.summit.name)).id;
    expect(
      (await get(rt, `/billing/invoice-pdf/company/${summitCompany}/${id}`, summit.token)).statusCode,
    ).toBe(404);
  });
});
