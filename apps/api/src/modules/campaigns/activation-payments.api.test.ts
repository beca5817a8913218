import { PLATFORM_PART_DECLINED, PLATFORM_PART_NO_CARD, SETTLEMENT_START_OWED } from '@app/contracts';
import { and, DEMO, eq, isNull, paymentCards, paymentFailures, sandboxAccounts, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { saveCard as saveCardOf } from '../../../test/kits/cards.js';
import { postingsWithKey } from '../../../test/kits/ledger-rows.js';
import { companyByName, get, PEOPLE, post, put, type Who, who } from '../../../test/kits/users.js';
import { sandboxOf } from '../../../test/payments.js';

/*
 * Paying for an activation (decision 0065): a declined charge leaves its payer payment failed until a
 * charge for it goes through, and the agency and the system see it in their lists; the platform's
 * part is collected whatever the agency charges its client; a price no card charge can carry is
 * refused when saved, and a refused request is not a payment failure.
 */

let rt: TestRuntime;
let client: Who;
let owner: Who;
let root: Who;
let harbor: number;
let northwind: number;

const VISA = '4242424242424242';
const SAVES_THEN_DECLINES = '4000000000000341';

beforeAll(async () => {
  rt = await startTestRuntime();
  client = await who(rt, PEOPLE.client);
  owner = await who(rt, PEOPLE.northwind);
  root = await who(rt, PEOPLE.root);
  harbor = (await companyByName(rt, DEMO.northwind.clients[0].name)).id;
  northwind = (await companyByName(rt, DEMO.northwind.name)).id;
});
afterAll(() => rt?.close());

/** A fresh single-use sandbox token of a test card (the card form's way; a named token would replay). */
const tokenOf = (number: string) =>
  sandboxOf(rt).createCardToken({ number, expMonth: 12, expYear: 2040, holderName: 'Test Holder' });

/** Saves a card of a test number for the person's company (the kit's way: first, then replacing). */
const saveCard = async (p: Who, number: string) => saveCardOf(rt, p, await tokenOf(number));

async function campaignPriced(prices: Record<string, unknown>) {
  const made = await post(
    rt,
    '/leadspeek/client/create',
    {
      leadspeekType: 'local',
      clientID: harbor,
      campaignName: `Payments ${Math.random().toString(36).slice(2, 8)}`,
      urlCode: 'https://harbordental.example/',
    },
    client.token,
  );
  expect(made.statusCode, made.body).toBe(200);
  const campaign = made.json().data as { leadspeekID: number; leadspeek_api_id: string };
  const priced = await setPrices(campaign.leadspeekID, prices);
  expect(priced.statusCode, priced.body).toBe(200);
  return { ...campaign, priced: priced.json() };
}

const setPrices = (id: number, prices: Record<string, unknown>) =>
  put(
    rt,
    '/configuration/user/costmodule',
    {
      leadspeekID: id,
      PaymentTerm: 'Monthly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
      LimitLead: 0,
      LimitLeadFreq: 'day',
      ...prices,
    },
    owner.token,
  );

const activate = (id: number, by: Who = owner) =>
  put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status: 'running' }, by.token);
const stop = (id: number) =>
  put(rt, '/leadspeek/client/activepause', { leadspeekID: id, status: 'stopped' }, owner.token);

const setupCheck = async (p: Who) => (await get(rt, `/user/checksetupcomplete/${p.id}`, p.token)).json();
const clientRow = async () => {
  const list = await get(
    rt,
    `/configuration/user/${northwind}/all/${owner.system}/client/all/none/none/-?Page=1&PerPage=50`,
    owner.token,
  );
  return list.json().data.find((n: { company_id: number }) => n.company_id === harbor);
};
const rootFailedAgencies = async () => {
  const list = await get(
    rt,
    `/configuration/user/${root.company}/all/${root.system}/userdownline/all/none/none/-?Page=1&PerPage=50&Filters=paymentfailed`,
    root.token,
  );
  expect(list.statusCode, list.body).toBe(200);
  return list
    .json()
    .data.map((n: { company_name: string; payment_status: string }) => [n.company_name, n.payment_status]);
};
/** Northwind's row in the system's agency list (no filter): its red card is `payment_status`. */
const agencyRowStatus = async () => {
  const list = await get(
    rt,
    `/configuration/user/${root.company}/all/${root.system}/userdownline/all/none/none/-?Page=1&PerPage=50`,
    root.token,
  );
  return list.json().data.find((n: { company_id: number }) => n.company_id === northwind)?.payment_status;
};
const chargesWithKey = async (key: string) =>
  (
    (await rt.database.db.execute(
      sql`select amount::int as amount, application_fee::int as fee, account_id from sandbox_charges where idempotency_key = ${key}`,
    )) as unknown as { rows: { amount: number; fee: number | null; account_id: string | null }[] }
  ).rows;

describe('a declined activation: payment failed until the failed amount is paid', () => {
  it('holds the client, shows in the agency and system lists, and clears when the re-activation is charged', async () => {
    await saveCard(client, SAVES_THEN_DECLINES);
    const campaign = await campaignPriced({});

    const declined = await activate(campaign.leadspeekID);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().error.code).toBe('card_declined');
    // The client is held on Card Setting with what failed; its agency is not failed itself.
    expect(await setupCheck(client)).toMatchObject({
      accessmodule: 'paymentfailed',
      paymentStatusFailed: false,
      fcampid: [campaign.leadspeek_api_id],
      finamt: '80.00',
    });
    expect((await clientRow()).payment_status).toBe('failed');
    // The agency owes nothing itself: no red card on its row (whose modal shows the agency's own
    // failures, $0 here), and the system's Payment Failed filter lists agencies that owe (decision 0082).
    expect(await rootFailedAgencies()).toEqual([]);
    expect(await agencyRowStatus()).toBe('ok');

    // A new card alone pays nothing: still failed.
    await saveCard(client, VISA);
    expect((await setupCheck(client)).accessmodule).toBe('paymentfailed');
    // Nor does the settlement (it pays declined invoices): it says what will, and charges nothing.
    const settled = await put(rt, '/general/manual-bill-settlement', { userID: client.id }, owner.token);
    expect(settled.statusCode).toBe(400);
    expect(settled.json().error.message).toBe(SETTLEMENT_START_OWED);
    expect((await setupCheck(client)).accessmodule).toBe('paymentfailed');

    // The agency starts the campaign again: $80 charged, and nothing is owed any more.
    const paid = await activate(campaign.leadspeekID);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json().data.charge).toMatchObject({ amount: '80.00', payer: 'client' });
    expect(await setupCheck(client)).toMatchObject({ accessmodule: '', fcampid: [], finamt: '0' });
    expect((await clientRow()).payment_status).toBe('ok');
    expect(await rootFailedAgencies()).toEqual([]);
    const [failure] = await rt.database.db
      .select()
      .from(paymentFailures)
      .where(eq(paymentFailures.campaignId, campaign.leadspeekID));
    expect(failure).toMatchObject({ settlement: 'paid', amount: 8_000 });
    expect(await stop(campaign.leadspeekID)).toHaveProperty('statusCode', 200);
  });

  it('a removed campaign is owed nothing: its declined activation stops holding the client', async () => {
    await saveCard(client, SAVES_THEN_DECLINES);
    const campaign = await campaignPriced({});
    expect((await activate(campaign.leadspeekID)).statusCode).toBe(402);
    expect((await setupCheck(client)).accessmodule).toBe('paymentfailed');
    const removed = await put(
      rt,
      '/leadspeek/client/remove',
      { leadspeekID: campaign.leadspeekID },
      owner.token,
    );
    expect(removed.statusCode, removed.body).toBe(200);
    expect(await setupCheck(client)).toMatchObject({ accessmodule: '', fcampid: [] });
    await saveCard(client, VISA);
  });

  it('a request the processor refuses (not the card) is a 400 and no payment failure', async () => {
    await saveCard(client, VISA);
    const campaign = await campaignPriced({});
    // The connected account cannot take charges at the processor, though our copy still says completed.
    await rt.database.db
      .update(sandboxAccounts)
      .set({ chargesEnabled: false })
      .where(eq(sandboxAccounts.id, 'acct_sandbox_northwind'));
    try {
      const refused = await activate(campaign.leadspeekID);
      expect(refused.statusCode, refused.body).toBe(400);
      expect(refused.json().error.message).toMatch(/cannot currently make charges/);
      expect(await setupCheck(client)).toMatchObject({ accessmodule: '', fcampid: [] });
    } finally {
      await rt.database.db
        .update(sandboxAccounts)
        .set({ chargesEnabled: true })
        .where(eq(sandboxAccounts.id, 'acct_sandbox_northwind'));
    }
  });
});

describe("the platform's part is paid whatever the agency charges", () => {
  it('client prices below cost: the agency is told at save, its card pays the rest at activation', async () => {
    await saveCard(client, VISA);
    await saveCard(owner, VISA);
    // Northwind's wholesale is $49 setup + $19 a month = $68; the client pays $30.
    const campaign = await campaignPriced({ PlatformFee: '20', CostMonth: '10', CostSet: '0.50' });
    expect(campaign.priced.below_cost).toBe(
      "These prices are below your own cost. At activation the client is charged $30.00, less than the platform's part of $68.00, so $38.00 is charged to your agency's card. The price per lead, $0.50, is below your cost per lead of $0.75.",
    );
    const res = await activate(campaign.leadspeekID);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().data.charge).toMatchObject({
      amount: '30.00',
      payer: 'client',
      agency_amount: '38.00',
    });
    const clientKey = `campaign-activation:${campaign.leadspeekID}:1`;
    const partKey = `campaign-platform-part:${campaign.leadspeekID}:1`;
    expect(await chargesWithKey(clientKey)).toEqual([
      { amount: 3_000, fee: 3_000, account_id: 'acct_sandbox_northwind' },
    ]);
    expect(await chargesWithKey(partKey)).toEqual([{ amount: 3_800, fee: null, account_id: null }]);
    // The platform's ledger holds its whole part: $30 of application fee and $38 from the agency.
    expect(await postingsWithKey(rt.database.db, clientKey)).toHaveLength(1);
    expect(await postingsWithKey(rt.database.db, partKey)).toHaveLength(1);
    expect(await stop(campaign.leadspeekID)).toHaveProperty('statusCode', 200);
  });

  it('client prices at 0: 100 concurrent activations charge the agency the whole part once', async () => {
    await saveCard(owner, VISA);
    const campaign = await campaignPriced({ PlatformFee: '0', CostMonth: '0', CostSet: '0' });
    const responses = await Promise.all(Array.from({ length: 100 }, () => activate(campaign.leadspeekID)));
    const statuses = responses.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    const won = responses.find((r) => r.statusCode === 200)?.json();
    expect(won.data.charge).toMatchObject({ amount: '0', charge_id: null, agency_amount: '68.00' });
    const partKey = `campaign-platform-part:${campaign.leadspeekID}:1`;
    expect(await chargesWithKey(partKey)).toEqual([{ amount: 6_800, fee: null, account_id: null }]);
    expect(await postingsWithKey(rt.database.db, partKey)).toHaveLength(1);
    expect(await chargesWithKey(`campaign-activation:${campaign.leadspeekID}:1`)).toEqual([]);
    expect(await stop(campaign.leadspeekID)).toHaveProperty('statusCode', 200);
  });

  it('a declined part holds the agency; the retry charges only what is still owed', async () => {
    await saveCard(client, VISA);
    await saveCard(owner, SAVES_THEN_DECLINES);
    const campaign = await campaignPriced({ PlatformFee: '20', CostMonth: '10' });
    const declined = await activate(campaign.leadspeekID);
    expect(declined.statusCode, declined.body).toBe(402);
    expect(declined.json().error.message).toBe(`${PLATFORM_PART_DECLINED} Your card was declined.`);
    expect(await setupCheck(owner)).toMatchObject({
      paymentStatusFailed: true,
      fcampid: [campaign.leadspeek_api_id],
      finamt: '38.00',
    });
    // The agency list's red card and the modal it opens say the same: Northwind owes $38.00.
    expect(await rootFailedAgencies()).toEqual([[DEMO.northwind.name, 'failed']]);
    const modal = await get(rt, `/general/payment-failures/${owner.id}`, root.token);
    expect(modal.statusCode, modal.body).toBe(200);
    expect(modal.json()).toMatchObject({ amount: '38.00', campaigns: [campaign.leadspeek_api_id] });
    // The client's charge went through and is not made again; the agency's new card pays its part.
    await saveCard(owner, VISA);
    const paid = await activate(campaign.leadspeekID);
    expect(paid.statusCode, paid.body).toBe(200);
    expect(await chargesWithKey(`campaign-activation:${campaign.leadspeekID}:1`)).toHaveLength(1);
    expect(await chargesWithKey(`campaign-platform-part:${campaign.leadspeekID}:1:attempt-2`)).toEqual([
      { amount: 3_800, fee: null, account_id: null },
    ]);
    expect(await setupCheck(owner)).toMatchObject({ paymentStatusFailed: false, fcampid: [], finamt: '0' });
    expect(await stop(campaign.leadspeekID)).toHaveProperty('statusCode', 200);
  });

  it('an agency without a card cannot start a client it prices below cost', async () => {
    await rt.database.db
      .update(paymentCards)
      .set({ replacedAt: new Date() })
      .where(and(eq(paymentCards.companyId, northwind), isNull(paymentCards.replacedAt)));
    const campaign = await campaignPriced({ PlatformFee: '0', CostMonth: '0' });
    const res = await activate(campaign.leadspeekID);
    expect(res.statusCode).toBe(402);
    expect(res.json().error.message).toBe(PLATFORM_PART_NO_CARD);
    expect(await chargesWithKey(`campaign-platform-part:${campaign.leadspeekID}:1`)).toEqual([]);
  });
});

describe('prices no card charge can carry are refused when saved', () => {
  it.each([
    ['above the largest card charge', { PlatformFee: '999999.99', CostMonth: '49' }, /at most \$999,999\.99/],
    [
      'between nothing and the smallest card charge',
      { PlatformFee: '0.30', CostMonth: '0' },
      /at least \$0\.50/,
    ],
  ])('a client total %s', async (_, prices, text) => {
    const campaign = await campaignPriced({});
    const res = await setPrices(campaign.leadspeekID, prices);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.PlatformFee).toMatch(text);
  });
});
