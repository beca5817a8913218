import { describe, expect, it } from 'vitest';
import { billingFileName, formatSignedUsd, recentMonths, signedCentsOf } from './billing-format';

describe('billing amounts', () => {
  it.each([
    ['149.00', 14_900],
    ['-149.00', -14_900],
    ['0', 0],
    ['-0', 0],
    ['0.01', 1],
    ['-1234.5', -123_450],
    ['abc', 0],
    ['--1', 0],
  ])('%s is %i cents', (text, cents) => {
    expect(signedCentsOf(text)).toBe(cents);
  });

  it('formats credits with their sign and thousands', () => {
    expect(formatSignedUsd('-1234.50')).toBe('-$1,234.50');
    expect(formatSignedUsd('49.00')).toBe('$49.00');
    expect(formatSignedUsd('0')).toBe('$0.00');
  });
});

describe('month filter', () => {
  it('lists this month first and crosses years', () => {
    const months = recentMonths(new Date('2026-02-10T00:00:00Z'), 4);
    expect(months).toEqual([
      { value: '2026-02', label: 'February 2026' },
      { value: '2026-01', label: 'January 2026' },
      { value: '2025-12', label: 'December 2025' },
      { value: '2025-11', label: 'November 2025' },
    ]);
  });
});

describe('file name', () => {
  it('names the party, the account and the month', () => {
    expect(billingFileName('Northwind Digital', 'receivable', '2026-10')).toBe(
      'billing-history-northwind-digital-receivable-2026-10.csv',
    );
    expect(billingFileName('***', 'revenue', null)).toBe('billing-history-party-revenue-all.csv');
  });
});
