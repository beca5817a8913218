import { describe, expect, it } from 'vitest';
import { ctrText } from './ad-campaign-service.js';
import { REPORT_MAX_DAYS, reportRange } from './campaign-report.js';
import { platformGoal } from './platform-sync.js';

describe('ctrText', () => {
  it.each([
    [0, 0, '0.00'],
    [45, 10_000, '0.45'],
    [1, 3, '33.33'],
    [2, 3, '66.67'],
    [10, 10, '100.00'],
  ])('%i clicks of %i impressions: %s %%', (clicks, impressions, text) => {
    expect(ctrText(clicks, impressions)).toBe(text);
  });
});

describe('platformGoal', () => {
  it('a CPM campaign has no goal; CPC and CPA are micro-dollars; CTR is hundredths of a percent', () => {
    expect(platformGoal({ goalType: 'cpm', goalValue: '4' })).toBeNull();
    expect(platformGoal({ goalType: 'cpc', goalValue: '2.50' })).toEqual({ type: 'cpc', value: 2_500_000 });
    expect(platformGoal({ goalType: 'cpa', goalValue: '0.0001' })).toEqual({ type: 'cpa', value: 100 });
    expect(platformGoal({ goalType: 'ctr', goalValue: '0.8' })).toEqual({ type: 'ctr', value: 80 });
    expect(platformGoal({ goalType: 'ctr', goalValue: '0.001' })).toBeNull();
    expect(platformGoal({ goalType: 'cpc', goalValue: '0' })).toBeNull();
  });
});

describe('reportRange', () => {
  const q = (date_range: string, extra: Record<string, string> = {}) =>
    reportRange({ client_now_date: '2026-03-01', date_range, format: 'json', ...extra } as never);
  it('counts back from the viewer’s today, across month ends', () => {
    expect(q('today')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(q('yesterday')).toEqual({ from: '2026-02-28', to: '2026-02-28' });
    expect(q('last_7_days')).toEqual({ from: '2026-02-23', to: '2026-03-01' });
    expect(q('last_30_days')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(q('this_month')).toEqual({ from: '2026-03-01', to: '2026-03-01' });
    expect(q('custom', { start_date: '2026-01-01', end_date: '2026-01-31' })).toEqual({
      from: '2026-01-01',
      to: '2026-01-31',
    });
  });
  it(`refuses a custom range longer than ${REPORT_MAX_DAYS} days`, () => {
    expect(q('custom', { start_date: '2024-01-01', end_date: '2026-01-31' })).toBeNull();
  });
});
