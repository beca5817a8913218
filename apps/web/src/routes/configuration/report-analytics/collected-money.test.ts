import { COLLECTED_SOURCES } from '@app/contracts';
import { describe, expect, it } from 'vitest';
import { signedCentsOf } from '../../../components/billing-history/billing-format';
import { moneySeries, moneyTitle } from './collected-money';

const zero = Object.fromEntries(COLLECTED_SOURCES.map((s) => [s, '0'])) as Record<
  (typeof COLLECTED_SOURCES)[number],
  string
>;
const money = {
  period: 'week' as const,
  total: '1164.99',
  by_source: { ...zero, campaigns: '165.00', wallet: '1009.99', refunds: '-10.00' },
  periods: [
    {
      start: '2024-05-01',
      end: '2024-05-05',
      total: '1175.00',
      sources: { ...zero, campaigns: '165.01', wallet: '1009.99' },
    },
    {
      start: '2024-05-06',
      end: '2024-05-12',
      total: '-10.01',
      sources: { ...zero, campaigns: '-0.01', refunds: '-10.00' },
    },
  ],
};

describe('the money chart', () => {
  it('draws a series per source that moved, in cents, adding up to the total', () => {
    const series = moneySeries(money);
    expect(series.map((s) => s.label)).toEqual([
      'Campaign activations and invoices',
      'Data Wallet top-ups',
      'Refunds',
    ]);
    const all = series.flatMap((s) => s.points.map((p) => p.value));
    expect(all.every(Number.isInteger)).toBe(true);
    expect(all.reduce((a, b) => a + b, 0)).toBe(signedCentsOf(money.total));
    // Each period's bars add up to that period's total.
    for (const [i, p] of money.periods.entries())
      expect(series.reduce((n, s) => n + (s.points[i]?.value ?? 0), 0)).toBe(signedCentsOf(p.total));
    expect(moneyTitle(money)).toBe('Collected per week (USD)');
  });
});
