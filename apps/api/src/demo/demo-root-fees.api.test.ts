import { DEMO, queryRows, sql } from '@app/db';
import { rootFeeStatement } from '@app/pricing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../test/harness.js';
import { type SettableClock, settableClock } from '../lib/clock.js';
import { DEMO_ROOT_FEE_LEADS, seedDemoRootFees } from './demo-root-fees.js';

/*
 * The demo's root fees (decision 0081): a month of Brightreach's leads at the prices the leads module
 * freezes, which the root-fee job states for the master system; once only.
 */

let rt: TestRuntime;
let clock: SettableClock;
beforeAll(async () => {
  clock = settableClock(new Date());
  rt = await startTestRuntime({ clock });
});
afterAll(() => rt?.close());

describe('demo root fees', () => {
  it('give Brightreach a month of leads that the job states as owed to the master, once', async () => {
    // The demo's first start a month from now: its "month before" is this one (the start's own run
    // stated the month before this one already).
    const now = clock.now();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 3, 9));
    const seeded = await seedDemoRootFees({
      db: rt.database.db,
      pricesOf: rt.services.leads.pricesOf,
      now: start,
    });
    expect(seeded.leads).toBe(DEMO_ROOT_FEE_LEADS);
    expect(
      await seedDemoRootFees({ db: rt.database.db, pricesOf: rt.services.leads.pricesOf, now: start }),
    ).toEqual({
      leads: 0,
    });
    const [fee] = await queryRows<{ root_fee_micros: number; n: number; system_id: number }>(
      rt.database.db,
      sql`select l.root_fee_micros::int as root_fee_micros, count(*)::int as n, l.system_id from leads l
           join systems s on s.id = l.system_id where s.name = ${DEMO.brightreach.systemName}
           group by l.root_fee_micros, l.system_id`,
    );
    expect(fee?.n).toBe(DEMO_ROOT_FEE_LEADS);
    expect(fee?.root_fee_micros).toBeGreaterThan(0); // the master's cost per local lead

    clock.set(start);
    expect(await rt.services.billing.rootFees.makeStatements()).toEqual({ made: 1 });
    const [statement] = await queryRows<{ lead_count: number; amount: number; status: string }>(
      rt.database.db,
      sql`select lead_count, amount::int as amount, status from root_fee_statements
           where system_id = ${fee!.system_id} and month = ${now.toISOString().slice(0, 7)}`,
    );
    const expected = rootFeeStatement([
      { count: DEMO_ROOT_FEE_LEADS, rootFeeMicros: fee!.root_fee_micros as never },
    ]);
    expect(statement).toEqual({ lead_count: DEMO_ROOT_FEE_LEADS, amount: expected.total, status: 'due' });
  });
});
