import { asCents, asMicros } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { impressionSpend, impressionsWithinBudget } from './ad-spend.js';

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
