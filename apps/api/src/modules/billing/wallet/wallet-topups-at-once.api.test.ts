import { asCents } from '@app/contracts';
import { DEMO, dataWalletSettings, eq, queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import { cardForm } from '../../../../test/kits/cards.js';
import {
  chargeBody,
  chargeWallet,
  openWallet,
  walletAgency,
  walletBalance,
  walletGatewayCharges,
  walletLotsOf,
  walletOperationsOf,
} from '../../../../test/kits/data-wallet.js';
import { put, type Who } from '../../../../test/kits/users.js';
import { signIn } from '../../../../test/sign-in.js';
import { walletTopUpsJob } from '../index.js';

/*
 * Top-ups under concurrency (decision 0073): 100 identical charge requests at once make one charge
 * and one lot; 1,000 spends at once on a wallet just above its continual top-up threshold make exactly
 * one automatic top-up; a card that refuses the automatic top-up stops continual top-up.
 */

let rt: TestRuntime;
beforeAll(async () => {
  rt = await startTestRuntime();
  await openWallet(rt);
});
afterAll(() => rt?.close());

const spend = (agency: Who, amount: number, key: string) =>
  rt.database.db.transaction((tx) =>
    rt.services.billing.wallet.spend(
      {
        systemId: agency.system,
        agencyId: agency.company,
        amount: asCents(amount),
        businessKey: key,
        description: 'Leads delivered (test)',
      },
      tx,
    ),
  );

/** Runs the top-up job's handler as the worker does (a run beside the worker's own is what stately queues prevent; the key guards anyway). */
const runTopUpJob = async () => {
  const handler = rt.handlers.find((h) => h.spec.name === walletTopUpsJob.name);
  if (!handler) throw new Error('no wallet top-up handler');
  await handler.handle({}, { retryCount: 0, isLastAttempt: true });
};

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const end = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > end) throw new Error(`not reached within ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

const settingsOf = async (companyId: number) =>
  (
    await rt.database.db.select().from(dataWalletSettings).where(eq(dataWalletSettings.companyId, companyId))
  )[0];

describe('100 identical top-up requests at once', () => {
  it('make one gateway charge and one lot; every answer is a success or "being processed"', async () => {
    const agency = await walletAgency(rt);
    const body = chargeBody(agency.company, '250');
    const key = `wallet-topup:${agency.company}:${body.request_id}`;
    const answers = await Promise.all(Array.from({ length: 100 }, () => chargeWallet(rt, agency, body)));
    const tally = new Map<string, number>();
    for (const res of answers) {
      const key = `${res.statusCode} ${res.json().result}`;
      tally.set(key, (tally.get(key) ?? 0) + 1);
    }
    console.info('100 identical top-ups answered:', Object.fromEntries(tally));
    expect([...tally.keys()].every((k) => k === '200 success' || k === '202 success')).toBe(true);
    expect(tally.get('200 success')).toBeGreaterThanOrEqual(1);
    // Wait for nothing: the charge was recorded in the request that made it.
    const charges = await walletGatewayCharges(rt, agency.company);
    expect(charges).toEqual([expect.objectContaining({ idempotency_key: key, amount: 25_000 })]);
    expect((await walletOperationsOf(rt, agency.company)).map((o) => [o.businessKey, o.status])).toEqual([
      [key, 'succeeded'],
    ]);
    expect(await walletLotsOf(rt, agency.company)).toEqual([
      expect.objectContaining({ quantity: 25_000, sourceKey: key }),
    ]);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(25_000);
    const [logs] = await queryRows<{ n: number }>(
      rt.database.db,
      sql`select count(*)::int as n from user_logs where company_id = ${agency.company} and action = 'data_wallet_topped_up'`,
    );
    expect(logs?.n).toBe(1);
    // The same request once more, long after: still that one top-up. A new confirmation is the next.
    expect((await chargeWallet(rt, agency, body)).json().result).toBe('success');
    expect(await walletGatewayCharges(rt, agency.company)).toHaveLength(1);
    expect((await chargeWallet(rt, agency, chargeBody(agency.company, '250'))).json().result).toBe('success');
    expect(await walletLotsOf(rt, agency.company)).toHaveLength(2);
    expect(await walletGatewayCharges(rt, agency.company)).toHaveLength(2);
  });
});

describe('continual top-up', () => {
  it('1,000 spends at once on a wallet just above its threshold: exactly one automatic top-up', async () => {
    const agency = await walletAgency(rt);
    // $500 chosen, continual on: the threshold is $50.00. $500 in, $449.00 spent: $51.00 left.
    expect((await chargeWallet(rt, agency, chargeBody(agency.company, '500'))).json().result).toBe('success');
    expect(await spend(agency, 44_900, `test-load:${agency.company}:first`)).toMatchObject({
      status: 'spent',
      balance: 5_100,
    });
    expect((await settingsOf(agency.company))?.topupDueAt).toBeNull();

    const started = Date.now();
    const outcomes = await Promise.all(
      Array.from({ length: 1000 }, (_, i) => spend(agency, 1, `test-load:${agency.company}:${i}`)),
    );
    console.info(`1,000 one-cent spends at once: ${Date.now() - started} ms`);
    expect(outcomes.every((o) => o.status === 'spent')).toBe(true);

    // The spend that crossed $50.00 flagged the top-up and woke the job; the worker charges it. Five
    // more runs at once beside the worker's (as other processes' would be) find the same key.
    await Promise.all(Array.from({ length: 5 }, runTopUpJob));
    const lots = await until(
      () => walletLotsOf(rt, agency.company),
      (rows) => rows.length === 2,
    );
    expect(lots[1]).toMatchObject({ quantity: 50_000, sourceKey: `wallet-auto:${agency.company}:2` });
    // More runs find nothing to do: the flag is gone and the balance is far above the threshold.
    await until(
      () => settingsOf(agency.company),
      (s) => s?.topupDueAt === null,
    );
    await runTopUpJob();
    await runTopUpJob();
    const auto = (await walletGatewayCharges(rt, agency.company)).filter((c) =>
      c.idempotency_key.startsWith('wallet-auto:'),
    );
    expect(auto).toEqual([
      expect.objectContaining({ idempotency_key: `wallet-auto:${agency.company}:2`, amount: 50_000 }),
    ]);
    expect(await walletLotsOf(rt, agency.company)).toHaveLength(2);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(5_100 - 1_000 + 50_000);
    const [log] = await queryRows<{ description: string; user_id: number | null }>(
      rt.database.db,
      sql`select description, user_id from user_logs where company_id = ${agency.company}
           and action = 'data_wallet_topped_up' order by id desc limit 1`,
    );
    expect(log).toEqual({
      description: `Continual top-up: the Data Wallet with $500.00 (wallet-auto:${agency.company}:2)`,
      user_id: null,
    });
    // A thousand transactions that take the wallet's lock in turn: seconds on an idle machine, far more
    // on a loaded one (CI's PostgreSQL stage once passed 30 s), so this one test may take two minutes.
  }, 120_000);

  it('nothing is charged while continual top-up is stopped; a refusing card stops it, with a log entry', async () => {
    const agency = await walletAgency(rt);
    expect(
      (await chargeWallet(rt, agency, chargeBody(agency.company, '250', { stop_continual: 'T' }))).json()
        .result,
    ).toBe('success');
    await spend(agency, 24_000, `test-stopped:${agency.company}:1`);
    await runTopUpJob();
    expect(await walletLotsOf(rt, agency.company)).toHaveLength(1);
    expect((await settingsOf(agency.company))?.topupDueAt).toBeNull();

    // Continual top-up on again, and the card replaced by one that refuses every charge.
    await put(
      rt,
      '/configuration/agencies/prepaid/stop-continual-topup',
      { company_id: agency.company, stop_continual: 'F' },
      agency.token,
    );
    const replaced = await put(
      rt,
      '/payment/card',
      cardForm(agency.id, 'tok_chargeCustomerFail'),
      agency.token,
    );
    expect(replaced.statusCode, replaced.body).toBe(200);
    await spend(agency, 100, `test-stopped:${agency.company}:2`);
    await until(
      () => settingsOf(agency.company),
      (s) => s?.stopContinual === true,
    );
    const settings = await settingsOf(agency.company);
    expect(settings).toMatchObject({ stopContinual: true, topupDueAt: null, amount: 25_000 });
    const operations = await walletOperationsOf(rt, agency.company);
    expect(operations.map((o) => o.status)).toEqual(['succeeded', 'failed']);
    expect(operations[1]?.businessKey).toBe(`wallet-auto:${agency.company}:2`);
    const [log] = await queryRows<{ description: string }>(
      rt.database.db,
      sql`select description from user_logs where company_id = ${agency.company}
           and action = 'data_wallet_topup_declined' order by id desc limit 1`,
    );
    expect(log?.description).toBe(
      'The continual top-up of the Data Wallet was refused (Your card was declined.); continual top-up is stopped until it is resumed',
    );
    // Further spends flag nothing: continual top-up is stopped.
    await spend(agency, 100, `test-stopped:${agency.company}:3`);
    expect((await settingsOf(agency.company))?.topupDueAt).toBeNull();
  });

  it('a wallet closed to its agency since (no longer offered) is not topped up: the flag is dropped', async () => {
    const agency = await walletAgency(rt);
    expect((await chargeWallet(rt, agency, chargeBody(agency.company, '250'))).json().result).toBe('success');
    const root = await signIn(rt, DEMO.master.rootUser.email, { ip: '10.77.0.2' });
    const close = await put(
      rt,
      '/configuration/beta-features/1',
      { is_beta: true, apply_to_all_agency: false, testers: [] },
      root.access_token,
    );
    expect(close.statusCode).toBe(200);
    try {
      // Other billing code may still spend what is there; continual top-up does not charge the card.
      expect(await spend(agency, 24_000, `test-closed:${agency.company}:1`)).toMatchObject({
        status: 'spent',
        balance: 1_000,
      });
      await runTopUpJob();
      expect((await settingsOf(agency.company))?.topupDueAt).toBeNull();
      expect(await walletOperationsOf(rt, agency.company)).toHaveLength(1);
    } finally {
      await openWallet(rt);
    }
  });
});
