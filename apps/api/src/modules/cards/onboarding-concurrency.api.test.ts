import { CARD_TEXTS } from '@app/contracts';
import { sql } from '@app/db';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestRuntime, type TestRuntime } from '../../../test/harness.js';
import {
  cardForm,
  freshAgency,
  onboardingState,
  saveFirstCard,
  setOnboarding,
} from '../../../test/kits/cards.js';
import { PEOPLE, who } from '../../../test/kits/users.js';
import { runJanitorNow, sandboxOf } from '../../../test/payments.js';

let rt: TestRuntime;
/** The sandbox's knob: when set, the answer of a stored charge is lost (the process "dies" there). */
let loseAnswer = false;

beforeAll(async () => {
  rt = await startTestRuntime({
    sandbox: {
      async afterCharge() {
        if (loseAnswer) throw new Error('socket hang up');
      },
    },
  });
  sandboxOf(rt).deliveries.hold();
  const root = await who(rt, PEOPLE.root);
  await setOnboarding(rt, root.root, 49_900, true);
});
afterAll(() => rt?.close());

describe('the onboarding charge under load and faults', () => {
  it('1,000 concurrent requests to POST /payment/customer → one gateway charge, one posting', async () => {
    const agency = await freshAgency(rt);
    // One sealed body, sent 1,000 times at once, as a double-clicking, retrying browser would.
    const payload = JSON.stringify({ dt: await rt.seal(cardForm(agency.id)) });
    const started = performance.now();
    const responses = await Promise.all(
      Array.from({ length: 1000 }, () =>
        rt.app.inject({
          method: 'POST',
          url: '/api/payment/customer',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${agency.token}` },
          payload,
        }),
      ),
    );
    const elapsed = performance.now() - started;
    const byStatus = new Map<string, number>();
    for (const res of responses) {
      const label = `${res.statusCode} ${res.statusCode < 300 ? res.json().onboarding.status : res.json().error.code}`;
      byStatus.set(label, (byStatus.get(label) ?? 0) + 1);
    }
    const state = await onboardingState(rt, agency.company);
    console.log(
      `1,000 concurrent POST /payment/customer in ${Math.round(elapsed)} ms: responses ${JSON.stringify(Object.fromEntries(byStatus))}; ` +
        `gateway charges ${state.charges.length} (${state.charges.map((c) => c.amount).join(', ')} cents), ` +
        `ledger postings ${state.postings.length}, operations ${state.operations.length} (${state.operations.map((o) => o.status).join(', ')}), onboard charged ${state.charged}`,
    );
    expect(state.charges).toEqual([{ id: expect.any(String), amount: 49_900 }]);
    expect(state.postings).toHaveLength(1);
    expect(state.operations.map((o) => o.status)).toEqual(['succeeded']);
    expect(state.charged).toBe(true);
    // Every answer is the charge, its being in progress, or (once it is marked) already charged.
    for (const label of byStatus.keys())
      expect(['200 charged', '202 pending', '200 already_charged']).toContain(label);
    expect(byStatus.get('200 charged') ?? 0).toBeGreaterThanOrEqual(1);
  }, 300_000);

  it('a lost gateway answer: 503 with a clear text, pending; the janitor job records it once', async () => {
    const agency = await freshAgency(rt);
    loseAnswer = true;
    const lost = await saveFirstCard(rt, agency).finally(() => {
      loseAnswer = false;
    });
    expect(lost.statusCode).toBe(503);
    expect(lost.json().error.message).toBe(CARD_TEXTS.gatewayUnavailable);
    let state = await onboardingState(rt, agency.company);
    expect(state.operations.map((o) => o.status)).toEqual(['pending']);
    expect(state.charges).toHaveLength(1); // the money moved
    expect(state).toMatchObject({ postings: [], charged: false });

    // While pending, a retry does not charge again: it answers "in progress".
    const retry = await saveFirstCard(rt, agency);
    expect([retry.statusCode, retry.json().onboarding.status]).toEqual([202, 'pending']);
    expect((await onboardingState(rt, agency.company)).charges).toHaveLength(1);

    await runJanitorNow(rt);
    await runJanitorNow(rt); // a second run changes nothing
    state = await onboardingState(rt, agency.company);
    expect(state.operations.map((o) => o.status)).toEqual(['succeeded']);
    expect(state.charges).toHaveLength(1);
    expect(state.postings).toHaveLength(1);
    expect(state.charged).toBe(true);
  });

  it('the janitor is a recurring job, scheduled every minute', async () => {
    const { rows } = (await rt.database.db.execute(
      sql`select name, cron from pgboss.schedule where name = 'payments.settle-pending'`,
    )) as unknown as { rows: { name: string; cron: string }[] };
    expect(rows).toEqual([{ name: 'payments.settle-pending', cron: '* * * * *' }]);
    const { rows: queues } = (await rt.database.db.execute(
      sql`select policy from pgboss.queue where name = 'payments.settle-pending'`,
    )) as unknown as { rows: { policy: string }[] };
    expect(queues).toEqual([{ policy: 'stately' }]);
  });
});
