import {
  asCents,
  BILLING_ACCOUNT_INVALID,
  BILLING_PAGE_INVALID,
  type BillingHistoryResponse,
  centsToDollars,
  MONTH_INVALID,
} from '@app/contracts';
import { DEMO, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import { cardForm } from '../../../test/kits/cards.js';
import { insertBulkPostings } from '../../../test/kits/ledger-rows.js';
import { type LedgerWorld, ledgerWorld } from '../../../test/kits/ledger-world.js';
import { post } from '../../../test/kits/users.js';
import { sandboxOf } from '../../../test/payments.js';
import { bearer, signIn } from '../../../test/sign-in.js';
import { DEMO_MONTHS, DEMO_PLATFORM_FEE, seedDemoMoney } from '../../demo/demo-money.js';
import type { Ledger } from '../ledger/index.js';

/**
 * Billing history (decision 0035) on the demo money: six months (June to November 2026) of
 * sandbox charges for Northwind, made through the sandbox gateway and posted through the ledger.
 */
let rt: TestRuntime;
let ledger: Ledger;
let world: LedgerWorld;
let rootCompanyId: number;
let onboardingCents: number;
const tokens: Record<string, string> = {};
const PEOPLE = {
  root: DEMO.master.rootUser.email,
  owner: DEMO.northwind.owner.email,
  admin: DEMO.northwind.administrator.email,
  harbor: DEMO.northwind.clients[0].contact.email,
  summit: DEMO.summit.owner.email,
  sales: DEMO.master.sales.email,
  bright: DEMO.brightreach.rootUser.email,
};
const NOW = new Date('2026-11-20T12:00:00Z');

beforeAll(async () => {
  rt = await startTestRuntime();
  sandboxOf(rt).deliveries.hold(); // the gateway's events are not the subject here
  ledger = rt.services.ledger;
  world = await ledgerWorld(rt.database.db);
  for (const [who, email] of Object.entries(PEOPLE)) {
    const host = who === 'bright' ? DEMO.brightreach.domain : 'localhost';
    tokens[who] = (await signIn(rt, email, { host })).access_token;
  }
  const demoMoney = () =>
    seedDemoMoney({
      db: rt.database.db,
      ledger,
      gateway: rt.services.payments.sandbox,
      customerOf: rt.services.customerOf,
      now: NOW,
    });
  // Without a card of its own, Northwind pays no demo fee (nothing is charged to anyone else's card).
  expect((await demoMoney()).postings).toBe(0);
  // Its owner saves a card as on Card Setting (the seed sets no onboarding fee: nothing is charged).
  const me = (await rt.app.inject({ url: '/api/user', headers: bearer(tokens.owner!) })).json();
  const saved = await post(rt, '/payment/customer', cardForm(me.id), tokens.owner!);
  expect(saved.statusCode, saved.body).toBe(200);
  const made = await demoMoney();
  expect(made.postings).toBe(DEMO_MONTHS + 1);
  // Every fee at the gateway is a charge of Northwind's own customer, the one its card is on.
  const customer = await rt.services.customerOf(world.master.agencyId);
  const feeKeys = Array.from({ length: DEMO_MONTHS }, (_, i) => {
    const month = new Date(Date.UTC(2026, 10 - i, 1)).toISOString().slice(0, 7);
    return `demo-money:platform-fee:${world.master.agencyId}:${month}`;
  });
  for (const idempotencyKey of feeKeys) {
    const charge = await rt.services.payments.sandbox.findChargeByIdempotencyKey({ idempotencyKey });
    expect(charge?.customerId, idempotencyKey).toBe(customer?.customerId);
  }
  // A second run (a second start) adds nothing, at the gateway or in the ledger.
  expect((await demoMoney()).postings).toBe(0);
  const user = await rt.app.inject({ url: '/api/user', headers: bearer(tokens.root!) });
  rootCompanyId = user.json().company_root_id;
  // What the demo's onboarding charge is: the ledger's own line, read back.
  const receivable = await ledger.accountFor({
    systemId: world.master.systemId,
    kind: 'receivable',
    owner: { type: 'company', companyId: world.master.agencyId },
  });
  const first = await ledger.statement({
    systemId: world.master.systemId,
    accountId: receivable.id,
    page: 1,
  });
  onboardingCents = first.lines[0]?.cause.kind === 'onboarding_charge' ? first.lines[0].amount : 0;
});
afterAll(() => rt?.close());

const get = (who: string, url: string) => rt.app.inject({ url: `/api${url}`, headers: bearer(tokens[who]!) });
const history = async (who: string, url: string) => {
  const res = await get(who, url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json() as BillingHistoryResponse;
};
const northwind = () => `/billing/history/company/${world.master.agencyId}`;
const FEE = '149.00';

describe('GET /billing/history/company/{companyID}', () => {
  it("pages Northwind's charges and refund, 10 lines a page, with running balances", async () => {
    const charges = DEMO_MONTHS + (onboardingCents > 0 ? 1 : 0);
    const page1 = await history('owner', northwind());
    expect(page1.party).toEqual({
      type: 'company',
      id: world.master.agencyId,
      kind: 'agency',
      name: DEMO.northwind.name,
    });
    expect(page1.accounts).toEqual([
      { kind: 'receivable', reference: '', label: 'Charges and payments', balance: '0' },
    ]);
    expect(page1.total).toBe(charges * 2 + 2);
    expect(page1.per_page).toBe(10);
    expect(page1.data).toHaveLength(10);
    expect(page1.last_page).toBe(2);
    expect([page1.from, page1.to]).toEqual([1, 10]);
    // Charged (+) then collected (−): the balance goes up by the amount and back to 0.
    for (let i = 0; i < 10; i += 2) {
      expect(page1.data[i]!.amount).toBe(page1.data[i]!.balance);
      expect(page1.data[i + 1]!.amount).toBe(`-${page1.data[i]!.amount}`);
      expect(page1.data[i + 1]!.balance).toBe('0');
    }
    const first = page1.data[0]!;
    if (onboardingCents > 0) {
      expect(first.title).toBe(`Onboarding charge — ${DEMO.northwind.name}`);
      expect(first.amount).toBe(centsToDollars(asCents(onboardingCents)));
      expect(first.posted_at).toBe('2026-06-03T15:00:00.000Z');
    }
    expect(first.gateway?.name).toBe('Sandbox');
    expect(first.gateway?.object_id).toMatch(/^ch_/);

    const page2 = await history('owner', `${northwind()}?page=2`);
    expect(page2.data).toHaveLength(page1.total - 10);
    expect([page2.from, page2.to]).toEqual([11, page1.total]);
    expect(page2.data.at(-1)!.balance).toBe('0');
    const ids = [...page1.data, ...page2.data].map((l) => l.id);
    expect(new Set(ids).size).toBe(ids.length);
    // A page past the last is empty, not an error.
    expect((await history('owner', `${northwind()}?page=9`)).data).toEqual([]);
  });

  it('filters by month (UTC): one fee in September, a fee and the refund in October', async () => {
    const september = await history('owner', `${northwind()}?month=2026-09`);
    expect(september.month).toBe('2026-09');
    expect(september.data.map((l) => [l.cause, l.amount])).toEqual([
      ['charge', FEE],
      ['charge', `-${FEE}`],
    ]);
    expect(september.data[0]!.description).toBe('Monthly platform fee, September 2026 (sandbox demo)');
    // Owed, then paid: the second line of the pair is the card's payment.
    expect(september.data.map((l) => l.title)).toEqual([
      `Charge — ${DEMO.northwind.name}`,
      `Paid by card — ${DEMO.northwind.name}`,
    ]);
    expect([september.opening_balance, september.closing_balance]).toEqual(['0', '0']);

    const october = await history('owner', `${northwind()}?month=2026-10`);
    expect(october.total).toBe(4);
    const refund = october.data[2]!;
    expect(refund.cause).toBe('refund');
    const fee = september.data[0]!;
    expect(refund.title).toBe(`Refund of charge ${fee.gateway!.object_id} — ${DEMO.northwind.name}`);
    expect(refund.gateway?.object_id).toMatch(/^re_/);
    expect([refund.amount, october.data[3]!.amount]).toEqual(['-49.00', '49.00']);
    expect(october.data[3]!.title).toBe(`Refunded to card — ${DEMO.northwind.name}`);
    expect((await history('owner', `${northwind()}?month=2026-05`)).data).toEqual([]);
  });

  it("shows the system its own accounts, whose balances are the ledger's", async () => {
    const system = await history('root', `/billing/history/company/${rootCompanyId}?account=revenue`);
    expect(system.party.kind).toBe('system');
    expect(system.accounts.map((a) => a.kind)).toEqual(['revenue', 'refunds', 'gateway_clearing']);
    const { systemId } = world.master;
    for (const account of system.accounts) {
      const ledgerAccount = await ledger.accountFor({
        systemId,
        kind: account.kind,
        owner: { type: 'system' },
      });
      const { balance } = await ledger.balanceOf({ systemId, accountId: ledgerAccount.id });
      expect(account.balance, account.kind).toBe(centsToDollars(balance));
    }
    const revenueCents = onboardingCents + DEMO_MONTHS * DEMO_PLATFORM_FEE;
    expect(system.account?.balance).toBe(centsToDollars(asCents(revenueCents)));
    expect(system.data.at(-1)?.balance).toBe(centsToDollars(asCents(revenueCents)));
    const refunds = await history('root', `/billing/history/company/${rootCompanyId}?account=refunds`);
    expect(refunds.data.map((l) => l.amount)).toEqual(['49.00']);
  });

  it('refuses bad filters with a clear 400 and an account the party lacks with 404', async () => {
    const bad = await get('owner', `${northwind()}?month=2026-13`);
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain(MONTH_INVALID);
    const page = await get('owner', `${northwind()}?page=0`);
    expect(page.statusCode).toBe(400);
    expect(page.body).toContain(BILLING_PAGE_INVALID);
    expect((await get('owner', `${northwind()}?account=bogus`)).statusCode).toBe(400);
    expect((await get('owner', `${northwind()}?extra=1`)).statusCode).toBe(400);
    const wallet = await get('owner', `${northwind()}?account=wallet`);
    expect(wallet.statusCode).toBe(404);
    expect(wallet.json().error.message).toBe(BILLING_ACCOUNT_INVALID);
  });

  it("lets the agency's staff and the system read it; nobody else learns it exists", async () => {
    expect((await history('admin', northwind())).total).toBeGreaterThan(0);
    expect((await history('root', northwind())).total).toBeGreaterThan(0);
    for (const who of ['harbor', 'summit', 'sales', 'bright']) {
      expect((await get(who, northwind())).statusCode, who).toBe(404);
    }
    // The system's own accounts: its staff only.
    for (const who of ['owner', 'harbor', 'sales', 'bright']) {
      expect((await get(who, `/billing/history/company/${rootCompanyId}`)).statusCode, who).toBe(404);
    }
    // A client reads its own (nothing yet), and its agency reads it too.
    const harbor = `/billing/history/company/${world.master.clientId}`;
    expect(await history('harbor', harbor)).toMatchObject({
      accounts: [],
      account: null,
      data: [],
      total: 0,
    });
    expect((await get('owner', harbor)).statusCode).toBe(200);
  });
});

describe('GET /billing/history/user/{usrID}', () => {
  it('gives a person their own history and the system any of its people, nobody else', async () => {
    const own = await history('sales', `/billing/history/user/${world.master.salesUserId}`);
    expect(own.party).toMatchObject({ type: 'user', kind: 'person', name: DEMO.master.sales.name });
    expect(own.accounts).toEqual([]);
    expect((await get('root', `/billing/history/user/${world.master.salesUserId}`)).statusCode).toBe(200);
    for (const who of ['owner', 'harbor', 'bright']) {
      expect((await get(who, `/billing/history/user/${world.master.salesUserId}`)).statusCode, who).toBe(404);
    }
  });
});

describe('GET /billing/history-download/…', () => {
  it('downloads the month or everything as RFC 4180 CSV with the same lines', async () => {
    const res = await get(
      'owner',
      `/billing/history-download/company/${world.master.agencyId}?month=2026-10`,
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toContain(
      'billing-history-northwind-digital-receivable-2026-10.csv',
    );
    expect(res.headers['x-total-rows']).toBe('4');
    expect(res.body.startsWith('\uFEFF')).toBe(true);
    const records = res.body.slice(1).split('\r\n');
    expect(records.at(-1)).toBe('');
    expect(records[0]).toBe('Date (UTC),Item,Details,Gateway,Gateway object,Amount,Balance');
    expect(records).toHaveLength(6);
    expect(records[1]).toMatch(
      /^2026-10-01 09:00:00,Charge — Northwind Digital,"Monthly platform fee, October 2026 \(sandbox demo\)",Sandbox,ch_\w+,149\.00,149\.00$/,
    );
    // A credit starts with '-': written so no spreadsheet reads it as a formula.
    expect(records[2]).toMatch(/,'-149\.00,0$/);

    const all = await get('owner', `/billing/history-download/company/${world.master.agencyId}`);
    const page1 = await history('owner', northwind());
    expect(all.headers['x-total-rows']).toBe(String(page1.total));
    expect(all.headers['content-disposition']).toContain('-all.csv');
  });

  it('writes a formula-like description as text, quoted', async () => {
    const { systemId, clientId } = world.master;
    const system = { type: 'system' } as const;
    const clearing = await ledger.accountFor({ systemId, kind: 'gateway_clearing', owner: system });
    const receivable = await ledger.accountFor({
      systemId,
      kind: 'receivable',
      owner: { type: 'company', companyId: clientId },
    });
    await ledger.post({
      systemId,
      cause: {
        kind: 'correction',
        description: '=HYPERLINK("http://evil.test","click"), @SUM(A1)',
        businessKey: `billing-test:formula:${process.pid}`,
        companyId: clientId,
      },
      lines: [
        { accountId: receivable.id, amount: asCents(1) },
        { accountId: clearing.id, amount: asCents(-1) },
      ],
    });
    // Its agency's owner downloads it (Harbor itself is not shown that account: the agency's wholesale).
    const res = await get('owner', `/billing/history-download/company/${clientId}`);
    expect(res.statusCode).toBe(200);
    const row = res.body.slice(1).split('\r\n')[1]!;
    // Defused at the start and after the comma inside it (a reader ignoring the quotes splits there).
    expect(row).toContain(`,"'=HYPERLINK(""http://evil.test"",""click""),' @SUM(A1)",`);
    expect(row.endsWith(',0.01,0.01')).toBe(true);
  });

  it('is scope-checked like the history', async () => {
    expect(
      (await get('summit', `/billing/history-download/company/${world.master.agencyId}`)).statusCode,
    ).toBe(404);
    expect(
      (await get('owner', `/billing/history-download/user/${world.master.salesUserId}`)).statusCode,
    ).toBe(404);
    expect(
      (await get('sales', `/billing/history-download/user/${world.master.salesUserId}`)).statusCode,
    ).toBe(200);
  });
});

describe('GET /billing/parties', () => {
  it("lists the system first, then every party holding an account, for the system's staff only", async () => {
    const res = await get('root', '/billing/parties');
    expect(res.statusCode, res.body).toBe(200);
    const { parties } = res.json() as { parties: { type: string; id: number; kind: string; name: string }[] };
    expect(parties[0]).toMatchObject({ type: 'company', id: rootCompanyId, kind: 'system' });
    expect(parties).toContainEqual({
      type: 'company',
      id: world.master.agencyId,
      kind: 'agency',
      name: DEMO.northwind.name,
    });
    const bright = (await get('bright', '/billing/parties')).json().parties;
    expect(bright.map((p: { kind: string }) => p.kind)).toEqual(['system']);
    for (const who of ['owner', 'harbor', 'sales'])
      expect((await get(who, '/billing/parties')).statusCode, who).toBe(404);
  });
});

describe('root revenue: collected money', () => {
  it('sums what the ledger holds per day, and the totals equal the ledger sums', async () => {
    const res = await get('root', '/configuration/root-revenue/2026-06-01/2026-11-30');
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body.basis).toBe('collected');
    const { systemId } = world.master;
    const balance = async (kind: 'revenue' | 'refunds') => {
      const account = await ledger.accountFor({ systemId, kind, owner: { type: 'system' } });
      return (await ledger.balanceOf({ systemId, accountId: account.id })).balance;
    };
    const revenue = await balance('revenue');
    const refunds = await balance('refunds');
    expect(body.collected).toMatchObject({
      revenue: centsToDollars(revenue),
      refunds: centsToDollars(refunds),
      application_fees: '0',
      total: centsToDollars(asCents(revenue - refunds)),
    });
    const on = (date: string) => body.collected.series.find((p: { date: string }) => p.date === date)?.amount;
    expect(on('2026-09-01')).toBe(FEE);
    expect(on('2026-10-18')).toBe('-49.00');
    expect(on('2026-09-02')).toBe('0');
    // A range that misses the money: nothing collected in it.
    const july = (await get('root', '/configuration/root-revenue/2026-05-01/2026-05-31')).json();
    expect(july.collected.total).toBe('0');
    // Another system collected nothing.
    expect(
      (await get('bright', '/configuration/root-revenue/2026-06-01/2026-11-30')).json().collected.total,
    ).toBe('0');
  });
});

describe('a long history downloads as a stream', () => {
  it('20,000 lines become a CSV of 20,000 rows whose running balance adds up', async () => {
    const db = rt.database.db;
    const [summit] = await queryRows<{ id: number }>(
      db,
      sql`select id from companies where name = ${DEMO.summit.name}`,
    );
    const account = await ledger.accountFor({
      systemId: world.master.systemId,
      kind: 'receivable',
      owner: { type: 'company', companyId: summit!.id },
    });
    const other = await ledger.accountFor({
      systemId: world.master.systemId,
      kind: 'wallet',
      owner: { type: 'company', companyId: summit!.id },
      reference: 'bulk-stream-test',
    });
    // 20,000 postings of two lines (25 cents on the receivable, balanced on another account).
    await insertBulkPostings(db, {
      systemId: world.master.systemId,
      companyId: summit!.id,
      accountId: account.id,
      otherAccountId: other.id,
      count: 20_000,
      cents: 25,
      startsAt: '2025-03-01T00:00:00Z',
      description: '=HYPERLINK("x") bulk',
      keyPrefix: 'bulk-stream-test',
    });
    const res = await get('summit', `/billing/history-download/company/${summit!.id}?month=2025-03`);
    expect(res.statusCode, res.body.slice(0, 300)).toBe(200);
    expect(res.headers['x-total-rows']).toBe('20000');
    expect(res.headers['x-rows-truncated']).toBeUndefined();
    const records = res.body
      .replace(/^\uFEFF/, '')
      .split('\r\n')
      .filter(Boolean);
    expect(records).toHaveLength(1 + 20_000);
    // Formula-looking text stays text; the last running balance is 20,000 × $0.25.
    expect(records[1]).toContain(`'=HYPERLINK`);
    expect(records.at(-1)).toMatch(/,5000\.00$/);
    expect(new Set(records.slice(1).map((r) => r.split(',')[0])).size).toBeGreaterThan(1);
  }, 120_000);
});
