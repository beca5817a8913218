import { describe, expect, it } from 'vitest';
import { adSpendSeries, clickSeries, formatCentsValue, impressionSeries, spendSeries } from './report-model';

const days = [
  { day: '2026-03-01', impressions: 1200, clicks: 6, ctr: '0.50', spend: '12.40' },
  { day: '2026-03-02', impressions: 980, clicks: 3, ctr: '0.31', spend: '9.85' },
];

describe('the campaign report charts', () => {
  it('draws impressions and clicks per day, and spend in cents', () => {
    expect(impressionSeries({ days })).toEqual([
      {
        label: 'Impressions',
        points: [
          { x: '2026-03-01', value: 1200 },
          { x: '2026-03-02', value: 980 },
        ],
      },
    ]);
    expect(clickSeries({ days })).toEqual([
      {
        label: 'Clicks',
        points: [
          { x: '2026-03-01', value: 6 },
          { x: '2026-03-02', value: 3 },
        ],
      },
    ]);
    expect(spendSeries({ days })[0]?.points).toEqual([
      { x: '2026-03-01', value: 1240 },
      { x: '2026-03-02', value: 985 },
    ]);
  });

  it('puts each ad’s spend on a bar and reads cents as dollars', () => {
    const ads = [
      { ad_id: 'a1', name: 'Spring 300×250', impressions: 10, clicks: 1, ctr: '10.00', spend: '1.05' },
    ];
    expect(adSpendSeries({ ads })).toEqual([
      { label: 'Spend', points: [{ x: 'Spring 300×250', value: 105 }] },
    ]);
    expect(formatCentsValue(123450)).toBe('$1,234.50');
    expect(formatCentsValue(0)).toBe('$0.00');
  });
});
