import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { impressionSpend, impressionsWithinBudget, splitSpend } from './ad-spend.js';

const cpm = (dollars: number) => asMicros(dollars * 1_000_000);

describe('impressionSpend: impressions × CPM, half up to cents once', () => {
  it.each([
    [0, cpm(8), 0],
    [1_000, cpm(8), 800],
    [1, cpm(8), 1], // 0.8 cent → 1
    [1, asMicros(4_999_999), 0], // 0.4999999 cent → 0
    [1, asMicros(5_000_000), 1], // 0.5 cent → 1
    [12_345, asMicros(7_250_000), 8_950], // $89.50125
  ])('%i impressions at %i micros CPM = %i cents', (impressions, price, cents) => {
    expect(impressionSpend(impressions, price)).toBe(cents);
  });

  it('refuses counts and prices that are not whole and positive', () => {
    expect(() => impressionSpend(-1, cpm(8))).toThrow(RangeError);
    expect(() => impressionSpend(1.5, cpm(8))).toThrow(RangeError);
    expect(() => impressionSpend(10, asMicros(0))).toThrow(RangeError);
  });
});

describe('impressionsWithinBudget: the most impressions a budget pays for', () => {
  it.each([
    [asCents(0), cpm(8), 0],
    [asCents(800), cpm(8), 1_000],
    [asCents(5_000), cpm(8), 6_250],
    [asCents(1), asMicros(7_250_000), 2], // 2 × 0.725 = 1.45 cents → 1; 3 × 0.725 = 2.175 → 2
    [asCents(8_950), asMicros(7_250_000), 12_345],
  ])('%i cents at %i micros CPM buys %i', (budget, price, most) => {
    const count = impressionsWithinBudget(budget, price);
    expect(count).toBe(most);
    expect(impressionSpend(count, price)).toBeLessThanOrEqual(budget);
    expect(impressionSpend(count + 1, price)).toBeGreaterThan(budget);
  });
});

describe('splitSpend: a day’s spend between its ads by impressions, to the cent', () => {
  it.each([
    [1_000, [1, 1, 1], [334, 333, 333]],
    [1_000, [2, 1, 1], [500, 250, 250]],
    [7, [10, 20, 30], [1, 2, 4]], // 1.1667, 2.333, 3.5 → 1, 2, 3 and one cent to the .5
    [0, [5, 5], [0, 0]],
    [5, [0, 0], [3, 2]], // no impressions: equal shares, the odd cent to the first
    [999_999_999, [1, 2], [333_333_333, 666_666_666]],
  ])('%i cents over %j impressions = %j', (total, impressions, parts) => {
    const split = splitSpend(asCents(total), impressions);
    expect(split).toEqual(parts);
    expect(split.reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('always adds up to the total', () => {
    for (let total = 0; total < 500; total += 7)
      for (const impressions of [[3], [1, 2, 3, 4], [100, 1], [9, 9, 9, 9, 9, 9, 9]])
        expect(splitSpend(asCents(total), impressions).reduce((a, b) => a + b, 0)).toBe(total);
  });

  it('refuses a spend with nobody to split it between, and counts that are not whole', () => {
    expect(() => splitSpend(asCents(5), [])).toThrow(RangeError);
    expect(splitSpend(asCents(0), [])).toEqual([]);
    expect(() => splitSpend(asCents(5), [1.5])).toThrow(RangeError);
  });
});
