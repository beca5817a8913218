import { asCents } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { collectedMoney, periodFor, periodsOf } from './report-period.js';
import { reportRange } from './report-range.js';

describe('report periods (decision 0083)', () => {
  it('chooses day, week or month by the range’s length unless asked', () => {
    expect(periodFor(reportRange('2024-05-01', '2024-05-31'))).toBe('day');
    expect(periodFor(reportRange('2024-05-01', '2024-06-01'))).toBe('week');
    expect(periodFor(reportRange('2024-01-01', '2024-06-30'))).toBe('week');
    expect(periodFor(reportRange('2024-01-01', '2024-07-01'))).toBe('month');
    expect(periodFor(reportRange('2024-01-01', '2024-12-31'), 'day')).toBe('day');
  });

  it('cuts Monday weeks and calendar months to the range, every day in exactly one period', () => {
    expect(periodsOf(reportRange('2024-05-01', '2024-05-14'), 'week')).toEqual([
      { start: '2024-05-01', end: '2024-05-05' },
      { start: '2024-05-06', end: '2024-05-12' },
      { start: '2024-05-13', end: '2024-05-14' },
    ]);
    expect(periodsOf(reportRange('2024-01-31', '2024-03-01'), 'month')).toEqual([
      { start: '2024-01-31', end: '2024-01-31' },
      { start: '2024-02-01', end: '2024-02-29' },
      { start: '2024-03-01', end: '2024-03-01' },
    ]);
    const days = periodsOf(reportRange('2023-12-30', '2024-01-02'), 'day');
    expect(days.map((d) => d.start)).toEqual(['2023-12-30', '2023-12-31', '2024-01-01', '2024-01-02']);
    expect(days.every((d) => d.start === d.end)).toBe(true);
  });
});

describe('collected money of the ledger’s buckets', () => {
  it('puts each day in its period, fills the rest with zero, and every total is the sum it shows', () => {
    const bucket = (start: string, source: 'campaigns' | 'refunds' | 'wallet', cents: number) => ({
      start,
      source,
      amount: asCents(cents),
      applicationFees: asCents(0),
    });
    const money = collectedMoney(
      [
        bucket('2024-05-01', 'campaigns', 1_000),
        bucket('2024-05-05', 'wallet', 250),
        bucket('2024-05-06', 'refunds', -300),
        bucket('2024-05-06', 'campaigns', 1),
      ],
      reportRange('2024-05-01', '2024-05-14'),
      'week',
    );
    expect(money.total).toBe('9.51');
    expect(money.by_source).toMatchObject({
      campaigns: '10.01',
      wallet: '2.50',
      refunds: '-3.00',
      prepaid: '0',
    });
    expect(money.periods.map((p) => p.total)).toEqual(['12.50', '-2.99', '0']);
    expect(() =>
      collectedMoney([bucket('2024-06-01', 'wallet', 1)], reportRange('2024-05-01', '2024-05-14'), 'day'),
    ).toThrow(/outside the periods/);
  });
});
