import { companies, DEMO, eq, minimumSpendCharges, paymentCards, sql } from '@app/db';
import { afterAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { get, PEOPLE, post, type Who, who } from '../../test/kits/users.js';
import { minimumSpendJob } from '../modules/billing/index.js';
import { DEMO_CARD_HOLDERS, seedDemoCards } from './demo-cards.js';
import { seedDemoMinimumSpend } from './demo-minimum-spend.js';
import { seedDemoWallet } from './demo-wallet.js';

/*
 * Decision 0066: a demo user's Card Setting shows what a customer would see. The card a session
 * says it has (`customer_card_id`, which the guards read) is the card `GET /payment/card` shows, for
 * every demo user of the README, and every company the README calls set up has a real sandbox card.
 */

const master = DEMO.master.domain;
const br = DEMO.brightreach.domain;
const EVERY_DEMO_USER: [email: string, host: string][] = [
  [DEMO.master.rootUser.email, master],
  [DEMO.master.sales.email, master],
  [DEMO.master.accountExecutive.email, master],
  [DEMO.northwind.owner.email, master],
  [DEMO.northwind.administrator.email, master],
  ...DEMO.northwind.clients.map((c): [string, string] => [c.contact.email, master]),
  [DEMO.summit.owner.email, master],
  ...DEMO.summit.clients.map((c): [string, string] => [c.contact.email, master]),
  [DEMO.brightreach.rootUser.email, br],
  [DEMO.brightreach.agency.owner.email, br],
  [DEMO.brightreach.agency.client.contact.email, br],
];

/** What a person's session says of their card, and what Card Setting reads, side by side. */
async function cardViews(rt: TestRuntime) {
  const views: { email: string; session: string | null; card: { brand: string; last4: string } | null }[] =
    [];
  for (const [email, host] of EVERY_DEMO_USER) {
    const p: Who = await who(rt, email, host);
    const session = (await get(rt, '/user', p.token)).json().customer_card_id as string | null;
    const read = await get(rt, `/payment/card/${p.id}`, p.token);
    // Sales staff have no Card Setting (the route refuses them): their session must say "no card".
    const card = read.statusCode === 200 ? read.json().card : null;
    views.push({ email, session, card });
  }
  return views;
}

const sandboxCharges = async (rt: TestRuntime) =>
  (
    (await rt.database.db.execute(sql`select count(*)::int as n from sandbox_charges`)) as unknown as {
      rows: { n: number }[];
    }
  ).rows[0]?.n;

describe('demo cards', () => {
  let rt: TestRuntime;
  afterAll(() => rt?.close());

  it('the seed alone claims no card that does not exist', async () => {
    rt = await startTestRuntime();
    for (const view of await cardViews(rt)) {
      expect(view, view.email).toMatchObject({ session: null, card: null });
    }
  });

  it('saves a real sandbox card for every holder; sessions and Card Setting agree; once only', async () => {
    const isSandbox = async () => true;
    const demo = {
      db: rt.database.db,
      onboarding: rt.services.onboarding,
      agreements: rt.services.agreements.agreements,
      isSandbox,
    };
    await seedDemoCards(demo);
    const views = await cardViews(rt);
    for (const view of views) {
      expect(Boolean(view.session), view.email).toBe(view.card !== null);
    }
    const holders = new Set<string>([
      ...DEMO_CARD_HOLDERS.map((h) => h.email),
      DEMO.northwind.administrator.email,
    ]);
    for (const view of views.filter((v) => holders.has(v.email)))
      expect(view.card, view.email).toMatchObject({ brand: 'visa', last4: '4242' });
    // Bayview Realty, stuck at card setup before, has its card on its agency Coastal's account.
    expect(views.find((v) => v.email === DEMO.brightreach.agency.client.contact.email)?.card).not.toBeNull();

    const cards = (await rt.database.db.select().from(paymentCards)).length;
    const charges = await sandboxCharges(rt);
    await seedDemoCards(demo);
    expect((await rt.database.db.select().from(paymentCards)).length).toBe(cards);
    expect(await sandboxCharges(rt)).toBe(charges);
  });

  it("tops up Summit's Data Wallet once: the modal shows $1,000 and its line", async () => {
    const demo = {
      db: rt.database.db,
      agreements: rt.services.agreements.agreements,
      beta: rt.services.agreements.beta,
      topUp: rt.services.billing.walletTopUp,
      isSandbox: async () => true,
    };
    await seedDemoWallet(demo);
    const charges = await sandboxCharges(rt);
    await seedDemoWallet(demo);
    expect(await sandboxCharges(rt)).toBe(charges);
    const owner = await who(rt, DEMO.summit.owner.email);
    const wallet = await get(
      rt,
      `/configuration/agencies/prepaid/get-direct-payment?company_id=${owner.company}`,
      owner.token,
    );
    expect(wallet.statusCode, wallet.body).toBe(200);
    expect(wallet.json()).toMatchObject({ balance_amount: '1000.00', stop_continual: 'F' });
    expect(wallet.json().transaction_history).toHaveLength(1);
  });

  it("Summit's first minimum-spend month has ended unspent: the wallet pays its $250 shortfall, once", async () => {
    const now = new Date();
    const demo = {
      db: rt.database.db,
      agreementsOn: rt.services.agreements.on,
      isSandbox: async () => true,
      now,
    };
    await seedDemoMinimumSpend(demo);
    const owner = await who(rt, DEMO.summit.owner.email);
    const latest = await get(rt, `/agreement-minimum-spend-latest/${owner.company}`, owner.token);
    expect(latest.statusCode, latest.body).toBe(200);
    const started = new Date(latest.json().minimum_spend_started_at).getTime();
    expect(now.getTime() - started).toBe(DEMO.summit.minimumSpendAcceptedDaysAgo * 86_400_000);
    const job = rt.handlers.find((h) => h.spec.name === minimumSpendJob.name);
    if (!job) throw new Error('no minimum-spend handler');
    await job.handle({}, { retryCount: 0, isLastAttempt: true });
    await job.handle({}, { retryCount: 0, isLastAttempt: true });
    const months = await rt.database.db
      .select()
      .from(minimumSpendCharges)
      .where(eq(minimumSpendCharges.agencyId, owner.company));
    expect(months.map((m) => ({ status: m.status, shortfall: m.shortfall }))).toEqual([
      { status: 'paid', shortfall: DEMO.summit.minimumSpendPlan.flatMonthCents },
    ]);
    const wallet = await get(
      rt,
      `/configuration/agencies/prepaid/get-direct-payment?company_id=${owner.company}`,
      owner.token,
    );
    expect(wallet.json()).toMatchObject({ balance_amount: '750.00' });
    expect(wallet.json().transaction_history).toHaveLength(2);
  });

  it("each holder accepted its services agreement with its first card: the agency list's download has a file", async () => {
    const root = await who(rt, PEOPLE.root);
    const owner = await who(rt, DEMO.northwind.owner.email);
    const res = await post(rt, `/general/user-service-agreement-download/${owner.id}`, {}, root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ result: 'success', url: expect.stringContaining('/download-auth/') });
  });
});

describe('a start after the seed', () => {
  let rt: TestRuntime;
  afterAll(() => rt?.close());

  it('still saves the demo cards a first start cut short did not (the product seeds, the data was there)', async () => {
    rt = await startTestRuntime({ seed: true });
    const [bayview] = await rt.database.db
      .select({ id: paymentCards.id })
      .from(paymentCards)
      .innerJoin(companies, eq(companies.id, paymentCards.companyId))
      .where(eq(companies.name, DEMO.brightreach.agency.client.name));
    expect(bayview).toBeDefined();
  });
});
