import { asCents } from '@app/contracts';
import { queryRows, sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../../test/harness.js';
import {
  chargeBody,
  chargeWallet,
  openWallet,
  walletAgency,
  walletBalance,
  walletHistory,
  walletLotsOf,
} from '../../../../test/kits/data-wallet.js';
import type { Who } from '../../../../test/kits/users.js';
import { type SettableClock, settableClock } from '../../../lib/clock.js';
import { walletExpiryJob } from '../index.js';

/*
 * Wallet expiry on a settable clock (spec 2 §9 "credit expires after 12 months if unused"; decision
 * 0073): each lot's remainder — the balance allocated newest lot first — moves to revenue once its
 * 12 months are up, oldest lot first, each lot once.
 */

let rt: TestRuntime;
let clock: SettableClock;
beforeAll(async () => {
  clock = settableClock(new Date('2026-01-10T12:00:00Z'));
  rt = await startTestRuntime({ clock });
  await openWallet(rt);
});
afterAll(() => rt?.close());

const at = (iso: string) => clock.set(new Date(iso));
const topUp = async (agency: Who, amount: string) => {
  const res = await chargeWallet(rt, agency, chargeBody(agency.company, amount, { stop_continual: 'T' }));
  expect(res.json().result, res.body).toBe('success');
};
const spend = (agency: Who, cents: number, key: string) =>
  rt.database.db.transaction((tx) =>
    rt.services.billing.wallet.spend(
      {
        systemId: agency.system,
        agencyId: agency.company,
        amount: asCents(cents),
        businessKey: key,
        description: 'Leads delivered (test)',
      },
      tx,
    ),
  );
const runExpiry = async () => {
  const handler = rt.handlers.find((h) => h.spec.name === walletExpiryJob.name);
  if (!handler) throw new Error('no wallet expiry handler');
  await handler.handle({}, { retryCount: 0, isLastAttempt: true });
};
/** The wallet's expiry postings in the order they were made: the lot and the amount. */
const expiries = (agencyId: number) =>
  queryRows<{ business_key: string; amount: number; created_at: Date }>(
    rt.database.db,
    sql`select p.business_key, l.amount::int as amount, p.created_at
          from ledger_postings p
          join ledger_lines l on l.posting_id = p.id
          join ledger_accounts a on a.id = l.account_id
         where p.cause_kind = 'wallet_expiry' and a.kind = 'wallet' and a.company_id = ${agencyId}
         order by p.id`,
  );

describe('expiry', () => {
  it("posts what is left of the oldest lot when its 12 months are up, then the next lot's, each once", async () => {
    const agency = await walletAgency(rt);
    at('2026-01-10T12:00:00Z');
    await topUp(agency, '250');
    at('2026-03-05T09:00:00Z');
    await topUp(agency, '500');
    at('2026-06-01T10:00:00Z');
    // $750 in, $100 spent: spent from the oldest lot, so $150 of January's is left and all of March's.
    expect(await spend(agency, 10_000, `test-expiry:${agency.company}:1`)).toMatchObject({ balance: 65_000 });
    const [january, march] = await walletLotsOf(rt, agency.company);
    expect(january?.expiresAt?.toISOString()).toBe('2027-01-10T12:00:00.000Z');
    expect(march?.expiresAt?.toISOString()).toBe('2027-03-05T09:00:00.000Z');

    // A second before January's lot lapses: nothing.
    at('2027-01-10T11:59:59Z');
    await runExpiry();
    expect(await expiries(agency.company)).toEqual([]);

    at('2027-01-10T12:00:00Z');
    await runExpiry();
    await runExpiry();
    expect(await expiries(agency.company)).toEqual([
      expect.objectContaining({ business_key: `wallet-expiry:${january?.id}`, amount: 15_000 }),
    ]);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(50_000);
    expect((await walletLotsOf(rt, agency.company)).map((l) => l.lapsedAt?.toISOString() ?? null)).toEqual([
      '2027-01-10T12:00:00.000Z',
      null,
    ]);

    // Spending goes on from March's lot; at its expiry what is left of it lapses.
    at('2027-02-01T08:00:00Z');
    await spend(agency, 20_000, `test-expiry:${agency.company}:2`);
    at('2027-03-06T00:00:00Z');
    await runExpiry();
    expect((await expiries(agency.company)).map((e) => [e.business_key, e.amount])).toEqual([
      [`wallet-expiry:${january?.id}`, 15_000],
      [`wallet-expiry:${march?.id}`, 30_000],
    ]);
    expect(await walletBalance(rt, agency.system, agency.company)).toBe(0);

    // The month's history shows it as "other", the top-ups with their expiry dates.
    const history = (await walletHistory(rt, agency, agency.company, '2027-03')).json();
    expect(history.transaction_history).toEqual([
      expect.objectContaining({ transaction_type: 'other', amount: '300.00', expired_at: null }),
    ]);
    expect(history).toMatchObject({ opening_balance: '300.00', closing_balance: '0' });
    const january2026 = (await walletHistory(rt, agency, agency.company, '2026-01')).json();
    expect(january2026.transaction_history).toEqual([
      expect.objectContaining({ transaction_type: 'topup', expired_at: '2027-01-10T12:00:00.000Z' }),
    ]);
  });

  it('two lots due in one run lapse oldest first; a lot spent to nothing lapses with no posting', async () => {
    const full = await walletAgency(rt);
    const spent = await walletAgency(rt);
    at('2026-02-01T00:00:00Z');
    await topUp(full, '250');
    await topUp(spent, '250');
    at('2026-02-02T00:00:00Z');
    await topUp(full, '500');
    await topUp(spent, '250');
    // The second agency spends $300: its first lot is spent out, $200 of its second is left.
    await spend(spent, 30_000, `test-expiry:${spent.company}:1`);

    at('2027-03-01T00:00:00Z');
    await runExpiry();
    const [first, second] = await walletLotsOf(rt, full.company);
    expect((await expiries(full.company)).map((e) => [e.business_key, e.amount])).toEqual([
      [`wallet-expiry:${first?.id}`, 25_000],
      [`wallet-expiry:${second?.id}`, 50_000],
    ]);
    const [emptyLot, lastLot] = await walletLotsOf(rt, spent.company);
    expect((await expiries(spent.company)).map((e) => [e.business_key, e.amount])).toEqual([
      [`wallet-expiry:${lastLot?.id}`, 20_000],
    ]);
    expect(emptyLot?.lapsedAt).not.toBeNull();
    expect(await walletBalance(rt, full.system, full.company)).toBe(0);
    expect(await walletBalance(rt, spent.system, spent.company)).toBe(0);
  });

  // PGlite has one connection, so two transactions never interleave there: the race needs PostgreSQL.
  it.runIf(process.env.TEST_DB === 'postgres')(
    "a top-up waits while an expiry holds the wallet's lots, so the new money is never lapsed with them",
    async () => {
      const agency = await walletAgency(rt);
      at('2026-05-01T00:00:00Z');
      await topUp(agency, '250');
      const [wallet] = await queryRows<{ id: number }>(
        rt.database.db,
        sql`select id from ledger_accounts where kind = 'wallet' and company_id = ${agency.company}`,
      );
      // An expiry run between reading the lots and reading the balance holds the lots' lock.
      let release = () => {};
      const held = new Promise<void>((resolve) => {
        release = resolve;
      });
      let locked = () => {};
      const lockTaken = new Promise<void>((resolve) => {
        locked = resolve;
      });
      const expiry = rt.database.db.transaction(async (tx) => {
        await tx.execute(sql`select id from billing_lots where account_id = ${wallet?.id} for update`);
        locked();
        await held;
      });
      await lockTaken;
      let answered = false;
      const second = topUp(agency, '500').finally(() => {
        answered = true;
      });
      try {
        // The top-up's charge is made, then its lot waits for the lock: PostgreSQL says so.
        await vi.waitFor(
          async () => {
            const waiting = await queryRows(
              rt.database.db,
              sql`select 1 from pg_stat_activity where wait_event_type = 'Lock' and query like '%billing_lots%'`,
            );
            expect(waiting.length > 0 || answered).toBe(true);
          },
          { timeout: 20_000, interval: 20 },
        );
        expect(answered).toBe(false);
      } finally {
        release();
      }
      await expiry;
      await second;
      expect(await walletBalance(rt, agency.system, agency.company)).toBe(75_000);
      expect(await walletLotsOf(rt, agency.company)).toHaveLength(2);
    },
  );

  it('a spend after expiry finds only what has not lapsed', async () => {
    const agency = await walletAgency(rt);
    at('2026-04-01T00:00:00Z');
    await topUp(agency, '250');
    at('2027-04-02T00:00:00Z');
    await runExpiry();
    expect(await spend(agency, 1, `test-expiry:${agency.company}:late`)).toEqual({
      status: 'insufficient',
      balance: 0,
    });
  });
});
