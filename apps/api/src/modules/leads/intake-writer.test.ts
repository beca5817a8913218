import { describe, expect, it } from 'vitest';
import type { IntakeInsert } from './intake-repository.js';
import { createIntakeWriter } from './intake-writer.js';

/*
 * The group commit (decisions 0046, 0056) against an INSERT the test controls: a request's promise
 * resolves only once the INSERT holding its row has succeeded, concurrent requests share INSERTs,
 * and a failed INSERT fails exactly its own rows.
 */

const row = (n: number): IntakeInsert => ({ campaignId: 1, source: 'pixel', payload: { n } });

/** An INSERT that waits until the test lets it finish, recording every batch it was given. */
function controlledInsert() {
  const batches: number[][] = [];
  const pending: { resolve: () => void; reject: (err: Error) => void }[] = [];
  return {
    batches,
    insert: (rows: readonly IntakeInsert[]) => {
      batches.push(rows.map((r) => r.payload.n as number));
      return new Promise<void>((resolve, reject) => pending.push({ resolve, reject }));
    },
    finishNext: () => pending.shift()?.resolve(),
    failNext: (err: Error) => pending.shift()?.reject(err),
    get waiting() {
      return pending.length;
    },
  };
}

const turn = () => new Promise((r) => setImmediate(r));
/** Which of the promises have settled, and how. */
function states(promises: Promise<void>[]) {
  const seen: string[] = promises.map(() => 'pending');
  promises.forEach((p, i) => {
    p.then(
      () => {
        seen[i] = 'stored';
      },
      () => {
        seen[i] = 'failed';
      },
    );
  });
  return seen;
}

describe('createIntakeWriter', () => {
  it('answers a view only once the INSERT holding it has succeeded, and shares INSERTs', async () => {
    const db = controlledInsert();
    let stored = 0;
    const writer = createIntakeWriter({ insert: db.insert, onStored: () => stored++ });
    const first = [1, 2, 3].map((n) => writer.add(row(n)));
    const seen = states(first);
    await turn();
    expect(db.batches).toEqual([[1, 2, 3]]);
    expect(seen).toEqual(['pending', 'pending', 'pending']);
    // Views arriving while that INSERT runs wait for the next one.
    const second = [4, 5].map((n) => writer.add(row(n)));
    const seenSecond = states(second);
    await turn();
    db.finishNext();
    await turn();
    expect(seen).toEqual(['stored', 'stored', 'stored']);
    expect(seenSecond).toEqual(['pending', 'pending']);
    expect(db.batches).toEqual([
      [1, 2, 3],
      [4, 5],
    ]);
    db.finishNext();
    await writer.drain();
    expect(seenSecond).toEqual(['stored', 'stored']);
    expect(stored).toBe(2);
  });

  it('fails exactly the views of a failed INSERT, and goes on with the next', async () => {
    const db = controlledInsert();
    const writer = createIntakeWriter({ insert: db.insert, onStored: () => {} });
    const lost = [1, 2].map((n) => writer.add(row(n)));
    const seenLost = states(lost);
    await turn();
    const kept = [3].map((n) => writer.add(row(n)));
    const seenKept = states(kept);
    db.failNext(new Error('connection lost'));
    await turn();
    expect(seenLost).toEqual(['failed', 'failed']);
    await expect(lost[0]).rejects.toThrow('connection lost');
    db.finishNext();
    await writer.drain();
    expect(seenKept).toEqual(['stored']);
  });

  it('splits a crowd into INSERTs of at most maxBatch rows', async () => {
    const db = controlledInsert();
    const writer = createIntakeWriter({ insert: db.insert, onStored: () => {}, maxBatch: 2 });
    const all = [1, 2, 3, 4, 5].map((n) => writer.add(row(n)));
    for (let i = 0; i < 10 && db.batches.length < 3; i++) {
      await turn();
      db.finishNext();
    }
    await Promise.all(all);
    expect(db.batches).toEqual([[1, 2], [3, 4], [5]]);
  });
});
