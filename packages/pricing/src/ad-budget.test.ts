import { asCents, startOfLocalDay } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import {
  adBudgetPeriod,
  adBudgetPeriodAt,
  adBudgetSplit,
  budgetIncreaseCharge,
  clientSpendOf,
  pacingPermille,
  remainingDays,
} from './ad-budget.js';

const HUNDRED = 100;

describe('adBudgetSplit (issue 24: markup arithmetic in integer cents)', () => {
  it('splits every amount at every markup 0-100 into two whole-cent parts that add up', () => {
    for (const amount of [0, 1, 49, 50, 99, 101, 12_345, 100_000, 99_999_999]) {
      for (let markup = 0; markup <= 100; markup++) {
        const split = adBudgetSplit(asCents(amount), markup);
        expect(Number.isSafeInteger(split.platformCents)).toBe(true);
        expect(split.platformCents + split.agencyCents).toBe(amount);
        expect(split.platformCents).toBeGreaterThanOrEqual(0);
        expect(split.agencyCents).toBeGreaterThanOrEqual(0);
        // Half up: within half a cent of the exact share.
        const exactTimesHundred = amount * (100 - markup);
        expect(Math.abs(split.platformCents * HUNDRED - exactTimesHundred)).toBeLessThanOrEqual(50);
      }
    }
  });

  it.each([
    [100_000, 0, 100_000],
    [100_000, 20, 80_000],
    [100_000, 100, 0],
    [101, 50, 51], // 50.5 → 51
    [3, 50, 2], // 1.5 → 2
    [1, 49, 1], // 0.51 → 1
  ])('%i cents at %i %% markup: the platform gets %i', (amount, markup, platform) => {
    expect(adBudgetSplit(asCents(amount), markup).platformCents).toBe(platform);
  });

  it('refuses a markup outside 0-100 or a fraction, and negative amounts', () => {
    expect(() => adBudgetSplit(asCents(100), 101)).toThrow(RangeError);
    expect(() => adBudgetSplit(asCents(100), -1)).toThrow(RangeError);
    expect(() => adBudgetSplit(asCents(100), 2.5)).toThrow(RangeError);
    expect(() => adBudgetSplit(-5 as never, 10)).toThrow(RangeError);
  });
});

describe('clientSpendOf', () => {
  it('adds the markup back: the platform part of the client spend is the media spend (±1 cent)', () => {
    for (let markup = 0; markup <= 99; markup++) {
      for (const media of [0, 1, 7, 999, 80_000]) {
        const client = clientSpendOf(asCents(media), markup);
        expect(Math.abs(adBudgetSplit(client, markup).platformCents - media)).toBeLessThanOrEqual(1);
      }
    }
    expect(clientSpendOf(asCents(80_000), 20)).toBe(100_000);
    expect(() => clientSpendOf(asCents(1), 100)).toThrow(RangeError);
  });
});

describe('budget periods and remaining days (across month ends)', () => {
  const zone = 'America/Chicago';
  const at = (day: string, hour = 12) => new Date(startOfLocalDay(day, zone).getTime() + hour * 3_600_000);

  it('a campaign activated on the 31st renews on the last day of short months', () => {
    expect(adBudgetPeriod('2026-01-31', zone, 1).startDate).toBe('2026-02-28');
    expect(adBudgetPeriod('2026-01-31', zone, 2).startDate).toBe('2026-03-31');
    expect(adBudgetPeriod('2028-01-31', zone, 1).startDate).toBe('2028-02-29');
  });

  it('counts today and every day to the period end', () => {
    const period = adBudgetPeriodAt('2026-01-31', zone, at('2026-02-20'));
    expect(period?.startDate).toBe('2026-01-31');
    expect(period?.endDate).toBe('2026-02-28');
    expect(remainingDays(period as never, zone, at('2026-02-20'))).toBe(8);
    expect(remainingDays(period as never, zone, at('2026-02-27', 23))).toBe(1);
    expect(remainingDays(period as never, zone, at('2026-01-31', 0))).toBe(28);
  });

  it('a period over the December → January year end', () => {
    const period = adBudgetPeriodAt('2026-12-15', zone, at('2026-12-30'));
    expect(period?.endDate).toBe('2027-01-15');
    expect(remainingDays(period as never, zone, at('2026-12-30'))).toBe(16);
  });

  it('no period before the first day', () => {
    expect(adBudgetPeriodAt('2026-05-10', zone, at('2026-05-09'))).toBeNull();
  });
});

describe('budgetIncreaseCharge: daily × remaining days − remaining budget', () => {
  it.each([
    [5_000, 10, 20_000, 30_000],
    [5_000, 10, 50_000, 0],
    [5_000, 10, 60_000, 0],
    [5_000, 0, 0, 0],
    [1, 31, -10, 41],
  ])('daily %i × %i days − %i = %i', (daily, days, left, charge) => {
    expect(budgetIncreaseCharge(asCents(daily), days, asCents(left))).toBe(charge);
  });
});

describe('pacingPermille', () => {
  it('is 1000 when spend is exactly on the expected line, null without a budget', () => {
    // 30-day period, 10 days gone, today half: expected = 3000 × 10.5 / 30 = 1050.
    expect(pacingPermille(asCents(1050), asCents(3000), 30, 10)).toBe(1000);
    expect(pacingPermille(asCents(525), asCents(3000), 30, 10)).toBe(500);
    expect(pacingPermille(asCents(10), asCents(0), 30, 10)).toBeNull();
  });
});
