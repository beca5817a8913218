import { describe, expect, it } from 'vitest';
import { createDrainLoop, type DrainLoopSettings } from './drain-loop.js';

/*
 * The worker's drain loop (decision 0122) over an in-memory table: rows that keep arriving are
 * taken by its lanes, an idle loop looks again when woken rather than at its next poll, a failed
 * batch does not end the loop, and stopping waits for the batches in hand.
 */

const settings: DrainLoopSettings = { lanes: 2, batchSize: 10, gatherMs: 5, idlePollMs: 60_000 };

function fakeTable(batchMs = 5) {
  let waiting = 0;
  let taken = 0;
  let inHand = 0;
  let mostAtOnce = 0;
  return {
    async step(limit: number) {
      const rows = Math.min(limit, waiting);
      waiting -= rows;
      if (rows > 0) {
        inHand += 1;
        mostAtOnce = Math.max(mostAtOnce, inHand);
        await new Promise((resolve) => setTimeout(resolve, batchMs)); // the batch's database work
        inHand -= 1;
        taken += rows;
      }
      return rows;
    },
    add: (n: number) => {
      waiting += n;
    },
    taken: () => taken,
    inHand: () => inHand,
    mostAtOnce: () => mostAtOnce,
  };
}

/** A failure in a lane fails the loop's stop(), and so the test. */
const rethrow = (err: unknown) => {
  throw err;
};

const until = async (condition: () => boolean) => {
  const deadline = Date.now() + 5_000;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('not within 5 s');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
};

describe('the drain loop', () => {
  it('takes rows that arrive while it works, with its lanes at once, and sleeps when the table is empty', async () => {
    const table = fakeTable();
    const loop = createDrainLoop({ settings, step: table.step, onError: rethrow });
    table.add(95);
    loop.start();
    for (let round = 0; round < 5; round++) {
      await new Promise((resolve) => setTimeout(resolve, 15));
      table.add(15);
      loop.wake();
    }
    await until(() => table.taken() === 95 + 75);
    expect(table.mostAtOnce()).toBe(2);
    expect(loop.stats().rows).toBe(95 + 75);
    expect(loop.stats().batches).toBeGreaterThanOrEqual(17);
    await loop.stop();
  });

  it('looks again when woken, long before its idle poll', async () => {
    const table = fakeTable();
    const loop = createDrainLoop({ settings, step: table.step, onError: rethrow });
    loop.start();
    await new Promise((resolve) => setTimeout(resolve, 20)); // both lanes found nothing and sleep
    table.add(3);
    const woken = Date.now();
    loop.wake();
    await until(() => table.taken() === 3);
    expect(Date.now() - woken).toBeLessThan(settings.idlePollMs);
    await loop.stop();
  });

  it('goes on after a failed batch, telling onError', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const table = fakeTable();
    const loop = createDrainLoop({
      settings: { ...settings, lanes: 1, idlePollMs: 10 },
      step: async (limit) => {
        calls += 1;
        if (calls === 1) throw new Error('the database went away');
        return table.step(limit);
      },
      onError: (err) => errors.push(err),
    });
    table.add(4);
    loop.start();
    await until(() => table.taken() === 4);
    expect(errors).toHaveLength(1);
    await loop.stop();
  });

  it('stops after the batches in hand are done', async () => {
    const table = fakeTable(50);
    const loop = createDrainLoop({ settings, step: table.step, onError: rethrow });
    table.add(1_000);
    loop.start();
    await until(() => table.inHand() > 0);
    await loop.stop();
    expect(table.inHand()).toBe(0);
    const taken = table.taken();
    expect(taken).toBeGreaterThan(0);
    expect(taken).toBeLessThan(1_000);
  });
});
