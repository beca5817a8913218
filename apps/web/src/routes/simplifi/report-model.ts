import { asCents, formatUsdCents, type SimplifiReport } from '@app/contracts';
import type { ChartSeries } from '../../components/charts';
import { centsOf } from './simplifi-format';

/*
 * The campaign report's charts (issue 24: "impressions, clicks, CTR, spend against budget, pacing,
 * per campaign and per ad, with charts"): impressions and clicks per day on one chart, spend per
 * day (cents, shown as dollars) on another, and the ads' spend side by side.
 */

export function deliverySeries(report: Pick<SimplifiReport, 'days'>): ChartSeries[] {
  return [
    { label: 'Impressions', points: report.days.map((d) => ({ x: d.day, value: d.impressions })) },
    { label: 'Clicks', points: report.days.map((d) => ({ x: d.day, value: d.clicks })) },
  ];
}

export function spendSeries(report: Pick<SimplifiReport, 'days'>): ChartSeries[] {
  return [{ label: 'Spend', points: report.days.map((d) => ({ x: d.day, value: centsOf(d.spend) })) }];
}

/** Spend per ad, for the bar chart beside the per-ad table. */
export function adSpendSeries(report: Pick<SimplifiReport, 'ads'>): ChartSeries[] {
  return [{ label: 'Spend', points: report.ads.map((ad) => ({ x: ad.name, value: centsOf(ad.spend) })) }];
}

/** Chart values that are cents, read as dollars. */
export const formatCentsValue = (value: number): string => formatUsdCents(asCents(Math.round(value)));
