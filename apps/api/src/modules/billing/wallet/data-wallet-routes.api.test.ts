import { randomUUID } from 'node:crypto';
import {
  asCents,
  DATA_WALLET_CHARGE_NEEDS_AMOUNT,
  DATA_WALLET_CONTINUAL_RESUMED,
  DATA_WALLET_CONTINUAL_STOPPED,
  DATA_WALLET_NO_CARD,
  DATA_WALLET_NOT_A_PRESET,
  DATA_WALLET_REQUEST_ID_INVALID,
  DATA_WALLET_SAVED,
  FEATURE_AGREEMENT_REQUIRED,
  FEE_AMOUNT_INVALID,
} from '@app/contracts';
import { DEMO, dataWalletSettings, eq, paymentFailures, queryRows, sql } from '@app/db';
import { NO_PERMISSION, NOT_WHILE_ACTING } from '@app/policy';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  chargeBody,
  chargeWallet,
  openWallet,
  saveWallet,
  stopContinual,
  WALLET,
  walletAgency,
  walletBalance,
  walletGatewayCharges,
  walletHistory,
  walletLines,
  walletLotsOf,
  walletOperationsOf,
  walletView,
} from '../../../../test/kits/data-wallet.js';
import { companyByName, get, type Who, who } from '../../../../test/kits/users.js';
import { sandboxOf } from '../../../../test/payments.js';
import { bearer, send } from '../../../../test/sign-in.js';

/*
 * The Data Wallet's routes (spec 2 §4, §5, §7, §8; decision 0073): the view, the amount rules and their
 * texts, settings and continual top-up, a top-up charged to the agency's card and credited to its
 * wallet as a lot, a refused card, no card; who may do what; the history and its CSV; the ledger
 * equal to the gateway.
 */

let rt: TestRuntime;
let owner: Who & { email: string };
beforeAll(async () => {
  rt = await startTestRuntime();
  await openWallet(rt);
  owner = await walletAgency(rt);
});
afterAll(() => rt?.close());

const thisMonth = () => new Date().toISOString().slice(0, 7);
const settingsOf = async (companyId: number) =>
  (
    await rt.database.db.select().from(dataWalletSettings).where(eq(dataWalletSettings.companyId, companyId))
  )[0];

describe('the view', () => {
  it('an untouched wallet: $0, the defaults, this month, the card there to top up with', async () => {
    const res = await walletView(rt, owner);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      month: thisMonth(),
      opening_balance: '0',
      closing_balance: '0',
      transaction_history: [],
      total_lines: 0,
      amount: '0',
      custom_amount: 'F',
      stop_continual: 'F',
      balance_amount: '0',
      total_amount: '0',
      last_balance_amount: '0',
      is_enable_topup_prepaid_direct_payment: 'T',
    });
    // An empty date is the current month too; a month that is no month is refused.
    expect((await walletView(rt, owner, owner.company, '')).json().month).toBe(thisMonth());
    const bad = await walletView(rt, owner, owner.company, '2026-13');
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.fields.date).toMatch(/YYYY-MM/);
  });
});

describe('settings (no charge)', () => {
  it('saves a preset, a custom amount from $2,500, and at $0 charges nothing', async () => {
    let res = await saveWallet(rt, owner, { amount: '250', custom_amount: 'F', stop_continual: 'F' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ result: 'success', message: DATA_WALLET_SAVED });
    expect(await settingsOf(owner.company)).toMatchObject({ amount: 25_000, customAmount: false });
    res = await saveWallet(rt, owner, { amount: '2500.50', custom_amount: 'T', stop_continual: 'T' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await walletView(rt, owner)).json()).toMatchObject({
      amount: '2500.50',
      custom_amount: 'T',
      stop_continual: 'T',
    });
    res = await saveWallet(rt, owner, { amount: '0', custom_amount: 'F', stop_continual: 'F' });
    expect(res.statusCode).toBe(200);
    expect(await walletOperationsOf(rt, owner.company)).toEqual([]);
    expect(await walletGatewayCharges(rt, owner.company)).toEqual([]);
  });

  it.each([
    [
      'a custom amount below $2,500',
      { amount: '2499.99', custom_amount: 'T' },
      'The minimum amount is $2500',
    ],
    ['a custom amount of 0', { amount: '0', custom_amount: 'T' }, 'The minimum amount is $2500'],
    [
      'a custom amount above one card charge',
      { amount: '1000000', custom_amount: 'T' },
      'The maximum amount is $999,999.99',
    ],
    ['a negative preset', { amount: '-5', custom_amount: 'F' }, 'The minimum amount is $0'],
    ['an amount that is no preset', { amount: '300', custom_amount: 'F' }, DATA_WALLET_NOT_A_PRESET],
    ['letters', { amount: '25OO', custom_amount: 'T' }, FEE_AMOUNT_INVALID],
    ['two decimal points', { amount: '2500.0.1', custom_amount: 'T' }, FEE_AMOUNT_INVALID],
  ])('refuses %s with the text, changing nothing', async (_name, body, message) => {
    const before = await settingsOf(owner.company);
    const res = await saveWallet(rt, owner, { stop_continual: 'F', ...body });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({ message, fields: { amount: message } });
    expect(await settingsOf(owner.company)).toEqual(before);
  });

  it('refuses fields the contract does not name, and a mode that is not T/F', async () => {
    for (const body of [
      { amount: '250', custom_amount: 'F', stop_continual: 'F', balance_amount: '1000000' },
      { amount: '250', custom_amount: 'yes', stop_continual: 'F' },
    ])
      expect((await saveWallet(rt, owner, body)).statusCode).toBe(400);
  });

  it('stops and resumes continual top-up, keeping the amount, with a log entry each', async () => {
    await saveWallet(rt, owner, { amount: '500', custom_amount: 'F', stop_continual: 'F' });
    let res = await stopContinual(rt, owner, 'T');
    expect(res.json()).toEqual({
      result: 'success',
      message: DATA_WALLET_CONTINUAL_STOPPED,
      stop_continual: 'T',
    });
    expect((await walletView(rt, owner)).json()).toMatchObject({ amount: '500.00', stop_continual: 'T' });
    res = await stopContinual(rt, owner, 'F');
    expect(res.json()).toEqual({
      result: 'success',
      message: DATA_WALLET_CONTINUAL_RESUMED,
      stop_continual: 'F',
    });
    expect((await walletView(rt, owner)).json()).toMatchObject({ amount: '500.00', stop_continual: 'F' });
    const [log] = await queryRows<{ description: string }>(
      rt.database.db,
      sql`select description from user_logs where company_id = ${owner.company}
           and action = 'data_wallet_continual_switched' order by id desc limit 1`,
    );
    expect(log?.description).toBe('Resumed continual top-up of the Data Wallet');
  });
});

describe('a top-up', () => {
  it("charges the agency's card and credits the wallet: one lot that lapses in 12 months, the settings stored", async () => {
    const requestId = randomUUID();
    const res = await chargeWallet(rt, owner, chargeBody(owner.company, '500', { request_id: requestId }));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({
      result: 'success',
      message: 'Your Data Wallet has been topped up with $500.00.',
    });
    const [lot, ...more] = await walletLotsOf(rt, owner.company);
    expect(more).toEqual([]);
    expect(lot).toMatchObject({
      quantity: 50_000,
      sourceKey: `wallet-topup:${owner.company}:${requestId}`,
      lapsedAt: null,
    });
    const expiry = new Date(lot!.boughtAt);
    expiry.setUTCFullYear(expiry.getUTCFullYear() + 1);
    expect(lot!.expiresAt?.getTime()).toBe(expiry.getTime());
    expect(await walletBalance(rt, owner.system, owner.company)).toBe(50_000);
    // Credited to the wallet, not earned: the posting's only wallet line is the top-up.
    expect(await walletLines(rt, owner.company)).toEqual([
      expect.objectContaining({ cause_kind: 'wallet_topup', business_key: lot!.sourceKey, amount: -50_000 }),
    ]);
    const view = (await walletView(rt, owner)).json();
    expect(view).toMatchObject({
      balance_amount: '500.00',
      total_amount: '500.00',
      amount: '500.00',
      custom_amount: 'F',
      stop_continual: 'F',
    });
    expect(view.transaction_history).toEqual([
      expect.objectContaining({
        transaction_type: 'topup',
        amount: '500.00',
        expired_at: lot!.expiresAt?.toISOString(),
        title: expect.stringContaining('Data Wallet top-up of Fresh Agency'),
      }),
    ]);
    const [log] = await queryRows<{ description: string; ip: string }>(
      rt.database.db,
      sql`select description, ip from user_logs where company_id = ${owner.company}
           and action = 'data_wallet_topped_up' order by id desc limit 1`,
    );
    expect(log).toEqual({
      description: `Topped up the Data Wallet with $500.00 (wallet-topup:${owner.company}:${requestId})`,
      ip: '10.8.0.1',
    });
  });

  it('a top-up without its request id is refused before anything is charged', async () => {
    const { request_id: _id, ...body } = chargeBody(owner.company, '500');
    const res = await chargeWallet(rt, owner, body);
    expect(res.statusCode).toBe(400);
    expect(res.json().error.fields.request_id).toBe(DATA_WALLET_REQUEST_ID_INVALID);
    expect((await chargeWallet(rt, owner, { ...body, request_id: 'short' })).statusCode).toBe(400);
    expect(await walletLotsOf(rt, owner.company)).toHaveLength(1);
  });

  it('a custom amount tops up too; below $2,500 or at $0 nothing is charged and the text says why', async () => {
    const below = await chargeWallet(rt, owner, chargeBody(owner.company, '2000', { custom_amount: 'T' }));
    expect(below.statusCode).toBe(400);
    expect(below.json().error.message).toBe('The minimum amount is $2500');
    const zero = await chargeWallet(rt, owner, chargeBody(owner.company, '0'));
    expect(zero.statusCode).toBe(400);
    expect(zero.json().error.message).toBe(DATA_WALLET_CHARGE_NEEDS_AMOUNT);
    const tooMuch = await chargeWallet(
      rt,
      owner,
      chargeBody(owner.company, '1000000', { custom_amount: 'T' }),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().error.message).toBe('The maximum amount is $999,999.99');
    expect(await walletLotsOf(rt, owner.company)).toHaveLength(1);
    const custom = await chargeWallet(rt, owner, chargeBody(owner.company, '2500', { custom_amount: 'T' }));
    expect(custom.json()).toEqual({
      result: 'success',
      message: 'Your Data Wallet has been topped up with $2,500.00.',
    });
    const lots = await walletLotsOf(rt, owner.company);
    expect(lots.map((l) => l.quantity)).toEqual([50_000, 250_000]);
    expect(lots.every((l) => l.sourceKey.startsWith(`wallet-topup:${owner.company}:`))).toBe(true);
    expect((await walletView(rt, owner)).json()).toMatchObject({
      balance_amount: '3000.00',
      custom_amount: 'T',
    });
  });

  it('a card that refuses: failed with the gateway’s words, nothing credited or stored, no payment failure; a retry is a new attempt', async () => {
    const refusing = await walletAgency(rt, 'tok_chargeCustomerFail');
    const asked = chargeBody(refusing.company, '250');
    const first = await chargeWallet(rt, refusing, asked);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ result: 'failed', message: 'Your card was declined.' });
    expect(await walletLotsOf(rt, refusing.company)).toEqual([]);
    expect(await walletBalance(rt, refusing.system, refusing.company)).toBe(0);
    expect(await settingsOf(refusing.company)).toBeUndefined();
    const failures = await rt.database.db
      .select()
      .from(paymentFailures)
      .where(eq(paymentFailures.payerCompanyId, refusing.company));
    expect(failures).toEqual([]);
    // The same request again (a retry) is told the same, without asking the card again; a new
    // confirmation (a new request id, say after fixing the card) goes to the card.
    expect((await chargeWallet(rt, refusing, asked)).json()).toEqual(first.json());
    expect(await walletOperationsOf(rt, refusing.company)).toHaveLength(1);
    const again = chargeBody(refusing.company, '250');
    expect((await chargeWallet(rt, refusing, again)).json().result).toBe('failed');
    expect((await walletOperationsOf(rt, refusing.company)).map((o) => [o.businessKey, o.status])).toEqual([
      [`wallet-topup:${refusing.company}:${asked.request_id}`, 'failed'],
      [`wallet-topup:${refusing.company}:${again.request_id}`, 'failed'],
    ]);
    // The same request id with another amount is not another top-up.
    const twisted = await chargeWallet(rt, refusing, { ...again, amount: '500' });
    expect(twisted.json().result).toBe('error');
    expect(await walletOperationsOf(rt, refusing.company)).toHaveLength(2);
  });

  it('no card: an error that says to add one; the view says top-ups are not possible', async () => {
    const cardless = await walletAgency(rt, null);
    expect((await walletView(rt, cardless)).json().is_enable_topup_prepaid_direct_payment).toBe('F');
    const res = await chargeWallet(rt, cardless, chargeBody(cardless.company, '250'));
    expect(res.json()).toEqual({ result: 'error', message: DATA_WALLET_NO_CARD });
    expect(await walletOperationsOf(rt, cardless.company)).toEqual([]);
  });
});

describe('who may', () => {
  it("404: another agency's wallet, a client's id, the root company, a wallet on another system", async () => {
    const northwind = await companyByName(rt, DEMO.northwind.name);
    const harbor = await companyByName(rt, DEMO.northwind.clients[0].name);
    const nwOwner = await who(rt, DEMO.northwind.owner.email);
    const coastal = await who(rt, DEMO.brightreach.agency.owner.email, DEMO.brightreach.domain);
    const cases: [Who, number][] = [
      [owner, northwind.id],
      [nwOwner, harbor.id],
      [nwOwner, nwOwner.root],
      [coastal, coastal.company],
      [coastal, northwind.id],
    ];
    for (const [caller, companyId] of cases) {
      expect((await walletView(rt, caller, companyId)).statusCode, `${companyId}`).toBe(404);
      expect(
        (
          await saveWallet(
            rt,
            { ...caller, company: companyId },
            { amount: '0', custom_amount: 'F', stop_continual: 'F' },
          )
        ).statusCode,
      ).toBe(404);
      expect((await chargeWallet(rt, caller, chargeBody(companyId, '250'))).statusCode).toBe(404);
      expect(
        (await get(rt, `${WALLET}/download-transaction-history-direct-payment/${companyId}/`, caller.token))
          .statusCode,
      ).toBe(404);
    }
    expect(await walletOperationsOf(rt, northwind.id)).toEqual([]);
  });

  it('403: a role without the Settings update switch may read but not save or charge', async () => {
    const admin = await who(rt, DEMO.northwind.administrator.email);
    const { db } = rt.database;
    const [role] = await queryRows<{ id: number }>(
      db,
      sql`insert into roles (company_id, name) values (${admin.company}, 'wallet readers') returning id`,
    );
    await db.execute(sql`insert into role_permissions (role_id, module, can_enable, can_create, can_update, can_delete)
      values (${role!.id}, 'settings', true, false, false, false)`);
    await db.execute(sql`update users set role_id = ${role!.id} where id = ${admin.id}`);
    expect((await walletView(rt, admin)).statusCode).toBe(200);
    for (const res of [
      await saveWallet(rt, admin, { amount: '0', custom_amount: 'F', stop_continual: 'F' }),
      await stopContinual(rt, admin, 'T'),
      await chargeWallet(rt, admin, chargeBody(admin.company, '250')),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NO_PERMISSION);
    }
    await db.execute(sql`update users set role_id = null where id = ${admin.id}`);
  });

  it('a system user in view mode as the owner reads the wallet but may not charge the card or change its settings', async () => {
    const root = await who(rt, DEMO.master.rootUser.email);
    const switched = await send(
      rt,
      '/api/configuration/user/switch',
      { usrID: owner.id },
      { token: root.token },
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const asOwner: Who = { ...owner, token: switched.json().access_token };
    const view = await rt.app.inject({
      url: `/api${WALLET}/get-direct-payment?company_id=${owner.company}`,
      headers: bearer(asOwner.token),
    });
    expect(view.statusCode).toBe(200);
    const lots = (await walletLotsOf(rt, owner.company)).length;
    for (const res of [
      await chargeWallet(rt, asOwner, chargeBody(owner.company, '250')),
      await saveWallet(rt, asOwner, { amount: '1000', custom_amount: 'F', stop_continual: 'F' }),
      await stopContinual(rt, asOwner, 'T'),
    ]) {
      expect(res.statusCode).toBe(403);
      expect(res.json().error.message).toBe(NOT_WHILE_ACTING);
    }
    expect(await walletLotsOf(rt, owner.company)).toHaveLength(lots);
  });

  it('sales staff and clients have no wallet (404); an agency that has not accepted a beta wallet is asked to (403)', async () => {
    const sales = await who(rt, DEMO.master.sales.email);
    const client = await who(rt, DEMO.northwind.clients[0].contact.email);
    const northwind = await companyByName(rt, DEMO.northwind.name);
    expect((await walletView(rt, sales, northwind.id)).statusCode).toBe(404);
    expect((await walletView(rt, client, northwind.id)).statusCode).toBe(404);
    const root = await who(rt, DEMO.master.rootUser.email);
    await send(
      rt,
      '/api/configuration/beta-features/1',
      { is_beta: true, apply_to_all_agency: true, testers: [] },
      { token: root.token, method: 'PUT' },
    );
    const refused = await chargeWallet(rt, owner, chargeBody(owner.company, '250'));
    expect(refused.statusCode).toBe(403);
    expect(refused.json().error.message).toBe(FEATURE_AGREEMENT_REQUIRED);
    await openWallet(rt);
  });
});

describe('the history', () => {
  it("a month's lines with its opening and closing balances; another month is empty", async () => {
    const res = await walletHistory(rt, owner, owner.company, thisMonth());
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      month: thisMonth(),
      opening_balance: '0',
      closing_balance: '3000.00',
      total_lines: 2,
    });
    expect(body.transaction_history.map((l: { amount: string }) => l.amount)).toEqual(['500.00', '2500.00']);
    const before = (await walletHistory(rt, owner, owner.company, '2026-01')).json();
    expect(before).toMatchObject({ transaction_history: [], opening_balance: '0', closing_balance: '0' });
  });

  it('downloads the month as CSV, the current month when the date is empty, with each top-up’s expiry', async () => {
    const month = thisMonth();
    const named = await get(
      rt,
      `${WALLET}/download-transaction-history-direct-payment/${owner.company}/${month}`,
      owner.token,
    );
    expect(named.statusCode, named.body).toBe(200);
    expect(named.headers['content-disposition']).toContain(`filename="data-wallet-${month}.csv"`);
    const lines = named.body.split('\r\n');
    expect(lines[0]).toBe('\uFEFFDate (UTC),Transaction,Type,Amount,Balance,Expires (UTC)');
    expect(lines[1]).toMatch(
      /^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d,Data Wallet top-up of Fresh Agency [^,]+,topup,500\.00,500\.00,\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/,
    );
    expect(lines[2]).toMatch(/,topup,2500\.00,3000\.00,/);
    for (const url of [
      `${WALLET}/download-transaction-history-direct-payment/${owner.company}`,
      `${WALLET}/download-transaction-history-direct-payment/${owner.company}/`,
    ]) {
      const empty = await get(rt, url, owner.token);
      expect(empty.statusCode, url).toBe(200);
      expect(empty.body).toBe(named.body);
    }
    expect(
      (
        await get(
          rt,
          `${WALLET}/download-transaction-history-direct-payment/${owner.company}/2026-1`,
          owner.token,
        )
      ).statusCode,
    ).toBe(400);
  });
});

describe('spending (the API other billing code calls)', () => {
  const spend = (amount: number, key: string) =>
    rt.database.db.transaction((tx) =>
      rt.services.billing.wallet.spend(
        {
          systemId: owner.system,
          agencyId: owner.company,
          amount: asCents(amount),
          businessKey: key,
          description: 'Leads delivered (test)',
        },
        tx,
      ),
    );

  it('posts wallet → revenue while the balance covers it, never below zero, each key once', async () => {
    const first = await spend(100_000, `test-spend:${owner.company}:1`);
    expect(first).toMatchObject({ status: 'spent', balance: 200_000, created: true });
    // The same key again is the same spend: nothing more is taken.
    expect(await spend(100_000, `test-spend:${owner.company}:1`)).toMatchObject({
      status: 'spent',
      created: false,
    });
    expect(await walletBalance(rt, owner.system, owner.company)).toBe(200_000);
    expect(await spend(200_001, `test-spend:${owner.company}:2`)).toEqual({
      status: 'insufficient',
      balance: 200_000,
    });
    expect(await spend(200_000, `test-spend:${owner.company}:3`)).toMatchObject({
      status: 'spent',
      balance: 0,
    });
    expect(await spend(1, `test-spend:${owner.company}:4`)).toEqual({ status: 'insufficient', balance: 0 });
    const history = (await walletHistory(rt, owner, owner.company)).json();
    expect(
      history.transaction_history.map(
        (l: { transaction_type: string; amount: string }) => `${l.transaction_type} ${l.amount}`,
      ),
    ).toEqual(['topup 500.00', 'topup 2500.00', 'charge 1000.00', 'charge 2000.00']);
    expect(history.closing_balance).toBe('0');
  });
});

describe('the ledger equals the gateway', () => {
  it('every wallet charge of the file is at the gateway under its key, for the amount the wallet was credited', async () => {
    const sandbox = sandboxOf(rt);
    const lines = await walletLines(rt, owner.company);
    const topUps = lines.filter((l) => l.cause_kind === 'wallet_topup');
    expect(topUps).toHaveLength(2);
    for (const line of topUps) {
      const charge = await sandbox.findChargeByIdempotencyKey({ idempotencyKey: line.business_key });
      expect(charge, line.business_key).toMatchObject({ id: line.gateway_object_id, amount: -line.amount });
    }
    const charged = await walletGatewayCharges(rt, owner.company);
    expect(charged.reduce((sum, c) => sum + c.amount, 0)).toBe(-topUps.reduce((sum, l) => sum + l.amount, 0));
    // Nothing is left pending: every request of the file was answered by the gateway or refused before
    // it. A continual top-up the worker may still be making is waited for, not counted.
    await vi.waitFor(
      async () => {
        const [pending] = await queryRows<{ n: number }>(
          rt.database.db,
          sql`select count(*)::int as n from payment_operations where status = 'pending' and business_key like 'wallet-%'`,
        );
        expect(pending?.n).toBe(0);
      },
      { timeout: 15_000, interval: 100 },
    );
  });
});
