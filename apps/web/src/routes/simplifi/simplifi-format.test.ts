import { describe, expect, it } from 'vitest';
import { budgetIncreaseText, increaseOutcome } from './budget-increase';
import { reportQuery, reportRangeError } from './report-range';
import {
  budgetLeftText,
  budgetUsedBarValue,
  ctrText,
  formatCount,
  formatMoney,
  pacingState,
  pacingText,
  permilleOfPercentText,
  permilleText,
  sumWire,
} from './simplifi-format';

describe('Simplifi figures', () => {
  it('writes counts with thousands separators', () => {
    expect(formatCount(0)).toBe('0');
    expect(formatCount(999)).toBe('999');
    expect(formatCount(1234567)).toBe('1,234,567');
  });

  it('shows wire amounts as money', () => {
    expect(formatMoney('1234.5')).toBe('$1,234.50');
    expect(formatMoney('0')).toBe('$0.00');
    expect(formatMoney('not money')).toBe('not money');
  });

  it('reads percent text as tenths of a percent, by digits', () => {
    expect(permilleOfPercentText('97.5')).toBe(975);
    expect(permilleOfPercentText('120')).toBe(1200);
    expect(permilleOfPercentText('0.45')).toBe(4);
    expect(permilleOfPercentText(null)).toBeNull();
    expect(permilleOfPercentText('-3')).toBeNull();
    expect(permilleOfPercentText('abc')).toBeNull();
  });

  it('names pacing within ±10 % on pace, below under, above over', () => {
    expect(pacingState(null)).toBe('none');
    expect(pacingState('89.9')).toBe('under');
    expect(pacingState('90')).toBe('on');
    expect(pacingState('110')).toBe('on');
    expect(pacingState('110.1')).toBe('over');
    expect(pacingText('97.5')).toBe('On pace (97.5%)');
    expect(pacingText('45')).toBe('Under-pacing (45%)');
    expect(pacingText(null)).toBe('Not started');
  });

  it('says what is left of the period’s budget, and fills the bar with what is used', () => {
    expect(budgetLeftText('600', '1500.00')).toBe('$600.00 left of $1,500.00');
    expect(budgetLeftText('0', '0')).toBe('No budget bought yet');
    expect(budgetUsedBarValue('600', '1500')).toBe(60);
    expect(budgetUsedBarValue('1500', '1500')).toBe(0);
    expect(budgetUsedBarValue('0', '1500')).toBe(100);
    expect(budgetUsedBarValue('1', '3')).toBe(66);
    expect(budgetUsedBarValue('5', '0')).toBe(0);
    expect(permilleText(412)).toBe('41.2');
    expect(permilleText(5)).toBe('0.5');
  });

  it('adds wire amounts in cents', () => {
    expect(sumWire(['0.10', '0.20', '1234.56'])).toBe(123486);
    expect(sumWire([])).toBe(0);
  });

  it('works out a click-through rate with two decimals, rounded half up', () => {
    expect(ctrText(0, 0)).toBe('0.00');
    expect(ctrText(10_000, 45)).toBe('0.45');
    expect(ctrText(3, 1)).toBe('33.33');
    expect(ctrText(8, 1)).toBe('12.50');
    expect(ctrText(200_000, 1)).toBe('0.00');
    expect(ctrText(100_000, 1)).toBe('0.00');
    expect(ctrText(40_000, 1)).toBe('0.00');
    expect(ctrText(20_000, 1)).toBe('0.01');
  });
});

describe('the daily budget raise', () => {
  const increase = {
    leadspeekID: 7,
    current_daily_budget: '40.00',
    daily_budget: '50.00',
    remaining_days: 10,
    remaining_budget: '120.00',
    charge_amount: '380.00',
    refused: null,
  };

  it('says what it charges in the server’s figures', () => {
    expect(budgetIncreaseText(increase)).toBe(
      'This charges $380.00 now ($50.00 daily × 10 remaining days − $120.00 remaining budget).',
    );
    expect(budgetIncreaseText({ ...increase, remaining_days: 1, charge_amount: '0' })).toBe(
      'This charges $0.00 now ($50.00 daily × 1 remaining day − $120.00 remaining budget).',
    );
  });

  it('shows the refusal instead of a charge', () => {
    expect(increaseOutcome({ ...increase, refused: 'Only a running campaign is charged.' })).toEqual({
      kind: 'refused',
      text: 'Only a running campaign is charged.',
    });
    expect(increaseOutcome(increase).kind).toBe('charge');
  });
});

describe('the report range', () => {
  const now = new Date(2026, 2, 9, 15, 0);

  it('sends today as the person’s own day and dates only for a custom range', () => {
    expect(reportQuery({ range: 'last_7_days', start: '2026-01-01', end: '2026-01-02' }, now)).toEqual({
      client_now_date: '2026-03-09',
      date_range: 'last_7_days',
    });
    expect(reportQuery({ range: 'custom', start: '2026-03-01', end: '2026-03-05' }, now)).toEqual({
      client_now_date: '2026-03-09',
      date_range: 'custom',
      start_date: '2026-03-01',
      end_date: '2026-03-05',
    });
  });

  it('refuses an incomplete or reversed custom range', () => {
    expect(reportRangeError({ range: 'today', start: '', end: '' })).toBeNull();
    expect(reportRangeError({ range: 'custom', start: '2026-03-01', end: '' })).not.toBeNull();
    expect(reportRangeError({ range: 'custom', start: '2026-03-05', end: '2026-03-01' })).not.toBeNull();
    expect(reportRangeError({ range: 'custom', start: '2026-03-01', end: '2026-03-01' })).toBeNull();
  });
});
