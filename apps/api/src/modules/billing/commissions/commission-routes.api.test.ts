import {
  COMMISSION_RATE_TEXTS,
  type CommissionPersonResponse,
  type CommissionsResponse,
} from '@app/contracts';
import { DEMO, eq, queryRows, rolePermissions, roles, sql, users } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  type HarborPayers,
  harborPaying,
  startedHarborCampaign,
} from '../../../../test/kits/harbor-billing.js';
import { get, PEOPLE, post, put, userByEmail, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { signIn } from '../../../../test/sign-in.js';
import { settableClock } from '../../../lib/clock.js';
import { monthBefore } from './pay-commissions.js';

/*
 * The commissions routes (decision 0089). The rate: the system's owners read and set it (a
 * percentage with at most two decimals, 0 to 50); a bad rate is a 400 with its text and changes
 * nothing; weaker roles are refused (403 without the Settings switch, 404 for everyone else). The
 * commissions: each sales person reads their own months — earned, reversed, paid out with the
 * payout's state, and what is owed now (the ledger balance) — and the owners read every sales
 * person of their system with the same figures; another sales person, someone who is no sales
 * person, and another system's people are 404.
 */

let rt: TestRuntime;
let payers: HarborPayers;
let root: Who;
let sales: Who;
let ae: Who;
let otherRoot: Who;
const clock = settableClock(new Date());
const RATE = '/configuration/commissions/rate';

beforeAll(async () => {
  rt = await startTestRuntime({ clock });
  payers = await harborPaying(rt);
  root = await who(rt, PEOPLE.root);
  sales = await who(rt, PEOPLE.sales);
  ae = await who(rt, PEOPLE.ae);
  otherRoot = await who(rt, PEOPLE.otherRoot, DEMO.brightreach.domain);
});
afterAll(() => rt?.close());

/** What a change of the rate leaves behind: the rate now, its history, its user-log entries. */
async function rateState() {
  const [row] = await queryRows<{ settings: number; changes: number; logs: number }>(
    rt.database.db,
    sql`select (select count(*) from commission_settings)::int as settings,
               (select count(*) from commission_rate_changes)::int as changes,
               (select count(*) from user_logs where action = 'commission_rate_updated')::int as logs`,
  );
  return row;
}

/** A person of the root company like the owner, holding a role whose Settings switches are off. */
async function ownerWithoutSettings(): Promise<string> {
  const model = await userByEmail(rt, PEOPLE.root);
  const [role] = await rt.database.db
    .insert(roles)
    .values({ companyId: model.companyId, name: 'Commissions no settings' })
    .returning();
  if (!role) throw new Error('no role');
  for (const module of ['ads_design', 'campaign', 'leadspeek', 'settings'] as const)
    await rt.database.db.insert(rolePermissions).values({
      roleId: role.id,
      module,
      canEnable: module !== 'settings',
      canCreate: false,
      canUpdate: false,
      canDelete: false,
    });
  const email = 'commissions.owner.nosettings@leadorbit.test';
  await rt.database.db.insert(users).values({
    systemId: model.systemId,
    companyId: model.companyId,
    userType: 'root',
    isSystemUser: true,
    email,
    name: 'Owner Without Settings',
    passwordHash: model.passwordHash,
    roleId: role.id,
    profileSetupCompleted: true,
  });
  return (await signIn(rt, email, { ip: '10.66.0.9' })).access_token;
}

/** A root administrator (not an owner) of the master system. */
let rootAdminToken: string | undefined;
async function rootAdministrator(): Promise<string> {
  if (rootAdminToken) return rootAdminToken;
  const model = await userByEmail(rt, PEOPLE.root);
  const email = 'commissions.rootadmin@leadorbit.test';
  await rt.database.db.insert(users).values({
    systemId: model.systemId,
    companyId: model.companyId,
    userType: 'admin',
    email,
    name: 'Root Administrator',
    passwordHash: model.passwordHash,
    profileSetupCompleted: true,
  });
  rootAdminToken = (await signIn(rt, email, { ip: '10.66.0.10' })).access_token;
  return rootAdminToken;
}

describe('the commission rate', () => {
  it('is read by the system owners: 5 % by default, at most 50 %', async () => {
    const res = await get(rt, RATE, root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      rate_bps: 500,
      rate_percent: '5',
      is_default: true,
      default_percent: '5',
      max_percent: '50',
      changes: [],
    });
  });

  it.each([
    ['', COMMISSION_RATE_TEXTS.required],
    ['50.01', COMMISSION_RATE_TEXTS.range],
    ['75', COMMISSION_RATE_TEXTS.range],
    ['-2', COMMISSION_RATE_TEXTS.range],
    ['7.255', COMMISSION_RATE_TEXTS.format],
    ['seven', COMMISSION_RATE_TEXTS.format],
    ['1e1', COMMISSION_RATE_TEXTS.format],
  ])('refuses %j with its text and changes nothing', async (rate, text) => {
    const before = await rateState();
    const res = await put(rt, RATE, { rate }, root.token);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error).toMatchObject({ message: text, fields: { rate: text } });
    expect(await rateState()).toEqual(before);
    expect((await get(rt, RATE, root.token)).json()).toMatchObject({ rate_percent: '5', is_default: true });
  });

  it('refuses a number, a missing or an extra field with a 400 and changes nothing', async () => {
    const before = await rateState();
    for (const body of [{ rate: 7 }, {}, { rate: '7', system_id: otherRoot.system }]) {
      const res = await put(rt, RATE, body, root.token);
      expect(res.statusCode, JSON.stringify(body)).toBe(400);
    }
    expect(await rateState()).toEqual(before);
  });

  it('refuses weaker roles (403 without the Settings switch, 404 otherwise) and changes nothing', async () => {
    const before = await rateState();
    const noSettings = await ownerWithoutSettings();
    const admin = await rootAdministrator();
    const northwind = await who(rt, PEOPLE.northwind);
    const client = await who(rt, PEOPLE.client);
    expect((await put(rt, RATE, { rate: '9' }, noSettings)).statusCode).toBe(403);
    // Reading is no setting: the owner without the switch still reads it.
    expect((await get(rt, RATE, noSettings)).statusCode).toBe(200);
    for (const token of [admin, sales.token, ae.token, northwind.token, client.token]) {
      expect((await put(rt, RATE, { rate: '9' }, token)).statusCode).toBe(404);
      expect((await get(rt, RATE, token)).statusCode).toBe(404);
    }
    expect(await rateState()).toEqual(before);
  });

  it("sets the caller's system's rate for money collected from now on, once, with a user-log entry", async () => {
    const res = await put(rt, RATE, { rate: ' 7.25 ' }, root.token);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({
      rate_bps: 725,
      rate_percent: '7.25',
      is_default: false,
      message: COMMISSION_RATE_TEXTS.saved,
      changes: [
        {
          rate_bps: 725,
          rate_percent: '7.25',
          effective_from: clock.now().toISOString(),
          changed_by: 'Riley Root',
        },
      ],
    });
    // The same rate again changes nothing.
    const state = await rateState();
    expect((await put(rt, RATE, { rate: '7.25' }, root.token)).statusCode).toBe(200);
    expect(await rateState()).toEqual(state);
    expect(state).toMatchObject({ settings: 1, changes: 1, logs: 1 });
    const [log] = await queryRows<{ description: string; company_id: number }>(
      rt.database.db,
      sql`select description, company_id from user_logs where action = 'commission_rate_updated'`,
    );
    expect(log?.description).toContain('Set the sales commission rate to 7.25 % (was 5 %, the default)');
    expect(log?.company_id).toBe(root.root);
    // Another system keeps its own (the default).
    expect((await get(rt, RATE, otherRoot.token)).json()).toMatchObject({ rate_percent: '5' });
  });

  it('leaves the rate now and its newest change equal when a later request commits first', async () => {
    // A clock that moves on every read, as a real one does.
    const now = clock.now.bind(clock);
    const ticking = vi.spyOn(clock, 'now').mockImplementation(() => {
      clock.advance(1);
      return now();
    });
    // The first request is held just before its transaction while a second one sets another rate.
    const db = rt.database.db;
    const transaction = db.transaction.bind(db);
    let reached: () => void = () => {};
    const atTransaction = new Promise<void>((resolve) => {
      reached = resolve;
    });
    let release: () => void = () => {};
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    const held = vi.spyOn(db, 'transaction').mockImplementationOnce((async (
      ...args: Parameters<typeof db.transaction>
    ) => {
      reached();
      await released;
      return transaction(...args);
    }) as typeof db.transaction);
    try {
      const first = put(rt, RATE, { rate: '3' }, root.token);
      await atTransaction;
      const second = await put(rt, RATE, { rate: '4' }, root.token);
      expect(second.statusCode, second.body).toBe(200);
      release();
      expect((await first).statusCode).toBe(200);
    } finally {
      held.mockRestore();
      ticking.mockRestore();
    }
    const read = (await get(rt, RATE, root.token)).json();
    // The rate in force (what earning reads: the newest change) is the rate the screen says: the last saved.
    expect(read.rate_percent).toBe('3');
    expect(read.changes.slice(0, 2).map((c: { rate_percent: string }) => c.rate_percent)).toEqual(['3', '4']);
    // Back to the rate the tests below earn at.
    expect((await put(rt, RATE, { rate: '7.25' }, root.token)).statusCode).toBe(200);
  });

  it("sets a system's first rate once when 100 requests send it at once (one change, one user-log entry)", async () => {
    // BrightReach has no rate row yet: the row lock alone locks nothing on a first change.
    const before = await rateState();
    if (!before) throw new Error('no state');
    const answers = await Promise.all(
      Array.from({ length: 100 }, () => put(rt, RATE, { rate: '9.5' }, otherRoot.token)),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(100).fill(200));
    expect(await rateState()).toEqual({
      settings: before.settings + 1,
      changes: before.changes + 1,
      logs: before.logs + 1,
    });
    expect((await get(rt, RATE, otherRoot.token)).json()).toMatchObject({
      rate_percent: '9.5',
      changes: [{ rate_percent: '9.5', changed_by: 'Blake Reed' }],
    });
  });
});

describe("the sales people's commissions", () => {
  async function connect(person: Who) {
    const opened = await post(
      rt,
      '/general/create-sales-connected-account',
      { userID: person.id, idsys: person.system },
      person.token,
    );
    expect(opened.statusCode, opened.body).toBe(200);
    const [account] = await queryRows<{ account_id: string }>(
      rt.database.db,
      sql`select account_id from payment_accounts where user_id = ${person.id} and detached_at is null`,
    );
    await sandboxOf(rt).submitOnboarding(account?.account_id as string);
    await sandboxOf(rt).finishVerification(account?.account_id as string, 'verified');
    await vi.waitFor(
      async () => {
        const res = await get(
          rt,
          `/general/check-sales-connected-account/${person.id}/${person.system}`,
          person.token,
        );
        if (res.json().status !== 'completed') throw new Error('waiting for the account');
      },
      { timeout: 20_000, interval: 100 },
    );
  }

  const owedTo = async (userId: number) => {
    const [row] = await queryRows<{ owed: number }>(
      rt.database.db,
      sql`select coalesce(-sum(l.amount), 0)::int as owed
            from ledger_accounts a join ledger_lines l on l.account_id = a.id
           where a.kind = 'commission_payable' and a.user_id = ${userId}`,
    );
    return row?.owed ?? 0;
  };

  const personOf = async (reader: Who | string, userId: number) =>
    get(rt, `/configuration/commissions/user/${userId}`, typeof reader === 'string' ? reader : reader.token);

  const started = () =>
    startedHarborCampaign(rt, payers, {
      PaymentTerm: 'Weekly',
      PlatformFee: '31',
      CostMonth: '49',
      CostSet: '1.50',
    });

  it('lists by month what was earned and paid out, and what is owed now as the ledger holds it', async () => {
    await connect(sales);
    await started();
    await rt.services.billing.commissions.earn();
    const owedBefore = await owedTo(sales.id);
    expect(owedBefore).toBeGreaterThan(0);
    expect((await rt.services.billing.commissions.payOut()).paid).toBe(1);
    await started();
    await rt.services.billing.commissions.earn();

    const mine = await personOf(sales, sales.id);
    expect(mine.statusCode, mine.body).toBe(200);
    const body = mine.json() as CommissionPersonResponse;
    const month = clock.now().toISOString().slice(0, 7);
    const period = monthBefore(clock.now());
    const [earned] = await queryRows<{ total: number; latest: number }>(
      rt.database.db,
      sql`select sum(amount)::int as total, (array_agg(amount::int order by id desc))[1] as latest
            from sales_commissions where sales_user_id = ${sales.id} and kind = 'earned'`,
    );
    expect(body.person).toMatchObject({
      user_id: sales.id,
      name: 'Sam Sales',
      email: PEOPLE.sales,
      roles: ['Sales Representative'],
      earned_cents: earned?.total,
      reversed_cents: 0,
      paid_cents: owedBefore,
      owed_cents: await owedTo(sales.id),
      payout_account: { status: 'completed', payouts_enabled: true },
    });
    // Owed is the ledger's balance: what was earned less what was reversed and paid out; after the
    // payout, only the second campaign's commission.
    expect(body.person.owed_cents).toBe(
      body.person.earned_cents + body.person.reversed_cents - body.person.paid_cents,
    );
    expect(body.person.owed_cents).toBe(earned?.latest);
    // The rate is 7.25 % now (set above).
    expect(body.rate_percent).toBe('7.25');
    // Months newest first; they add up to the totals; the payout sits on the month it paid for.
    expect(body.months.map((m) => m.month)).toEqual([...body.months.map((m) => m.month)].sort().reverse());
    expect(body.months[0]?.month).toBe(month);
    expect(body.months.reduce((n, m) => n + m.earned_cents, 0)).toBe(earned?.total);
    expect(body.months.find((m) => m.month === period)?.payout).toEqual({
      amount_cents: owedBefore,
      status: 'paid',
      status_label: 'Paid',
      transfer_id: expect.any(String),
      failure: null,
      settled_at: expect.any(String),
    });
    expect(body.months.filter((m) => m.payout !== null)).toHaveLength(1);

    // The owners read the very same figures.
    const byOwner = await personOf(root, sales.id);
    expect(byOwner.statusCode).toBe(200);
    expect(byOwner.json()).toEqual(body);
  });

  it('shows the owners every sales person of their system, and a sales person only themselves', async () => {
    const all = await get(rt, '/configuration/commissions', root.token);
    expect(all.statusCode, all.body).toBe(200);
    const overview = all.json() as CommissionsResponse;
    expect(overview.view).toBe('system');
    const ids = overview.people.map((p) => p.user_id);
    expect(ids).toEqual(expect.arrayContaining([sales.id, ae.id]));
    const salesPeople = await rt.database.db.select().from(users).where(eq(users.userType, 'sales'));
    expect(ids.sort()).toEqual(
      salesPeople
        .filter((u) => u.systemId === root.system && u.deletedAt === null)
        .map((u) => u.id)
        .sort(),
    );
    const aeRow = overview.people.find((p) => p.user_id === ae.id);
    expect(aeRow).toMatchObject({ roles: ['Account Executive'], paid_cents: 0 });
    expect(aeRow?.owed_cents).toBe(aeRow?.earned_cents);
    expect(aeRow?.payout_account).toEqual({ status: '', payouts_enabled: false });
    const own = (await get(rt, '/configuration/commissions', sales.token)).json() as CommissionsResponse;
    expect(own.view).toBe('own');
    expect(own.people).toEqual([overview.people.find((p) => p.user_id === sales.id)]);
    expect((await personOf(ae, ae.id)).json().person).toEqual(aeRow);
  });

  it("answers 404 for another sales person's, a non-sales person's, another system's, and for weaker roles", async () => {
    expect((await personOf(sales, ae.id)).statusCode).toBe(404);
    expect((await personOf(ae, sales.id)).statusCode).toBe(404);
    expect((await personOf(root, root.id)).statusCode).toBe(404);
    expect((await personOf(root, payers.owner.id)).statusCode).toBe(404);
    expect((await personOf(root, 999_999)).statusCode).toBe(404);
    expect((await personOf(root, 'abc' as never)).statusCode).toBe(404);
    // Another system's owner: the master's sales people are not theirs; theirs are not the master's.
    expect((await personOf(otherRoot, sales.id)).statusCode).toBe(404);
    const [otherSales] = await queryRows<{ id: number }>(
      rt.database.db,
      sql`select id from users where user_type = 'sales' and system_id = ${otherRoot.system} limit 1`,
    );
    const theirs =
      otherSales?.id ??
      (
        await rt.database.db
          .insert(users)
          .values({
            systemId: otherRoot.system,
            companyId: otherRoot.company,
            userType: 'sales',
            email: 'commissions.other.sales@brightreach.test',
            name: 'Other Sales',
            passwordHash: (await userByEmail(rt, PEOPLE.otherRoot)).passwordHash,
            profileSetupCompleted: true,
          })
          .returning()
      )[0]?.id;
    expect((await personOf(otherRoot, theirs as number)).statusCode).toBe(200);
    expect((await personOf(root, theirs as number)).statusCode).toBe(404);
    expect((await get(rt, '/configuration/commissions', otherRoot.token)).json().people).toEqual([
      expect.objectContaining({ user_id: theirs, earned_cents: 0, owed_cents: 0 }),
    ]);
    // Agencies, clients and root administrators have no commissions to read.
    const admin = await rootAdministrator();
    for (const token of [payers.owner.token, payers.client.token, admin]) {
      expect((await get(rt, '/configuration/commissions', token)).statusCode).toBe(404);
      expect((await personOf(token, sales.id)).statusCode).toBe(404);
    }
  });
});
