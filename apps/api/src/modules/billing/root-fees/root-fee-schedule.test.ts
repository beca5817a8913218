import { describe, expect, it } from 'vitest';
import { MONTHS_PER_RUN, monthsToState } from './make-statements.js';
import { backOffAfterRefusal } from './pay-statements.js';

const at = (iso: string) => new Date(iso);
const DAY = 86_400_000;

describe('monthsToState (decision 0088)', () => {
  it('lists the ended months from the first owed, oldest first, leaving out those stated', () => {
    const stated = new Set(['2025-02']);
    expect(monthsToState(at('2024-12-20T10:00:00Z'), at('2025-04-01T00:00:00Z'), stated, 24)).toEqual([
      '2024-12',
      '2025-01',
      '2025-03',
    ]);
  });

  it('never lists the month still running, and at most the limit', () => {
    expect(monthsToState(at('2025-04-02T00:00:00Z'), at('2025-04-30T23:59:59Z'), new Set(), 24)).toEqual([]);
    const many = monthsToState(
      at('2020-01-15T00:00:00Z'),
      at('2025-01-01T00:00:00Z'),
      new Set(),
      MONTHS_PER_RUN,
    );
    expect(many).toHaveLength(24);
    expect(many[0]).toBe('2020-01');
    expect(many[23]).toBe('2021-12');
  });
});

describe('backOffAfterRefusal (decision 0088): the invoices retry schedule, then each month', () => {
  const first = at('2025-03-01T05:23:00Z');

  it('begins a round at the first refusal: the next attempt a day later', () => {
    expect(backOffAfterRefusal({ firstFailedAt: null, retries: 0 }, first)).toEqual({
      firstFailedAt: first,
      retries: 0,
      nextAttemptAt: new Date(first.getTime() + DAY),
    });
  });

  it('counts the retries from the round’s first refusal: +3 then +5 days', () => {
    const later = new Date(first.getTime() + DAY + 3_600_000); // the retry ran an hour late
    expect(backOffAfterRefusal({ firstFailedAt: first, retries: 0 }, later)).toEqual({
      firstFailedAt: first,
      retries: 1,
      nextAttemptAt: new Date(first.getTime() + 3 * DAY),
    });
    expect(backOffAfterRefusal({ firstFailedAt: first, retries: 1 }, later).nextAttemptAt).toEqual(
      new Date(first.getTime() + 5 * DAY),
    );
  });

  it('after the last retry, waits for the next month to begin and starts a new round there', () => {
    const last = new Date(first.getTime() + 5 * DAY);
    expect(backOffAfterRefusal({ firstFailedAt: first, retries: 2 }, last)).toEqual({
      firstFailedAt: null,
      retries: 0,
      nextAttemptAt: at('2025-04-01T00:00:00Z'),
    });
    // A last retry refused on the month's last day still waits for the next month's start.
    expect(
      backOffAfterRefusal({ firstFailedAt: first, retries: 2 }, at('2025-03-31T23:30:00Z')).nextAttemptAt,
    ).toEqual(at('2025-04-01T00:00:00Z'));
  });
});
