import { describe, expect, it } from 'vitest';
import { createAttemptWriter } from './attempt-writer.js';
import type { AttemptRecord } from './delivery-repository.js';

const attempt = (deliveryId: number): AttemptRecord => ({
  deliveryId,
  attempt: 1,
  outcome: 'delivered',
  httpStatus: 200,
  latencyMs: 1,
  error: null,
  request: 'POST',
  next: { status: 'delivered' },
});

describe('attempt writer', () => {
  it('writes the first at once and gathers what finishes during a write into the next', async () => {
    const batches: number[][] = [];
    let release: () => void = () => {};
    const write = createAttemptWriter(async (batch) => {
      batches.push(batch.map((a) => a.deliveryId));
      if (batches.length === 1) await new Promise<void>((resolve) => (release = resolve));
    });
    const first = write(attempt(1));
    const rest = [2, 3, 4].map((id) => write(attempt(id)));
    expect(batches).toEqual([[1]]);
    release();
    await Promise.all([first, ...rest]);
    expect(batches).toEqual([[1], [2, 3, 4]]);
  });

  it('fails the callers of a failed write, and only them', async () => {
    let calls = 0;
    const write = createAttemptWriter(async () => {
      calls += 1;
      if (calls === 1) throw new Error('connection lost');
    });
    await expect(write(attempt(1))).rejects.toThrow('connection lost');
    await expect(write(attempt(2))).resolves.toBeUndefined();
  });

  it('caps a batch', async () => {
    const sizes: number[] = [];
    const write = createAttemptWriter(async (batch) => void sizes.push(batch.length), 2);
    await Promise.all([1, 2, 3, 4, 5].map((id) => write(attempt(id))));
    expect(sizes).toEqual([1, 2, 2]);
  });
});
