import { asCents, formatUsdCents, type SimplifiReport } from '@app/contracts';
import type { ChartSeries } from '../../components/charts';
import { centsOf } from './simplifi-format';

/*
 * The campaign report's charts (issue 24: "impressions, clicks, CTR, spend against budget, pacing,
 * per campaign and per ad, with charts"): impressions, clicks and spend (cents, shown as dollars)
 * per day, each on its own chart, and the ads' spend side by side.
 */

export const impressionSeries = (report: Pick<SimplifiReport, 'days'>): ChartSeries[] => [
  { label: 'Impressions', points: report.days.map((d) => ({ x: d.day, value: d.impressions })) },
];

/** Clicks on their own chart: beside impressions (a thousand times more) they would lie flat on zero. */
export const clickSeries = (report: Pick<SimplifiReport, 'days'>): ChartSeries[] => [
  { label: 'Clicks', points: report.days.map((d) => ({ x: d.day, value: d.clicks })) },
];

export function spendSeries(report: Pick<SimplifiReport, 'days'>): ChartSeries[] {
  return [{ label: 'Spend', points: report.days.map((d) => ({ x: d.day, value: centsOf(d.spend) })) }];
}

/** Spend per ad, for the bar chart beside the per-ad table. */
export function adSpendSeries(report: Pick<SimplifiReport, 'ads'>): ChartSeries[] {
  return [{ label: 'Spend', points: report.ads.map((ad) => ({ x: ad.name, value: centsOf(ad.spend) })) }];
}

/** Chart values that are cents, read as dollars. */
export const formatCentsValue = (value: number): string => formatUsdCents(asCents(Math.round(value)));
