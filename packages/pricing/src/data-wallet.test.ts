import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { continualTopUpDue } from './data-wallet.js';

describe('continualTopUpDue', () => {
  it.each([
    // chosen $500: the threshold is $50.00
    [5_001, 50_000, false],
    [5_000, 50_000, false],
    [4_999, 50_000, true],
    [0, 50_000, true],
    // chosen $2,500.01: 10 % is $250.001, so $250.00 is below it and $250.01 is not
    [25_000, 250_001, true],
    [25_001, 250_001, false],
    // no amount chosen: never
    [0, 0, false],
  ])('balance %i cents, chosen %i cents → %s', (balance, chosen, due) => {
    expect(continualTopUpDue(asCents(balance), asCents(chosen))).toBe(due);
  });
});
