import {
  addDays,
  type Cents,
  centsToDollars,
  type SimplifiReport,
  type SimplifiReportQuery,
} from '@app/contracts';
import type { ExportColumn, ExportRow } from '../../lib/exports/index.js';
import type { AdCampaignRepository, AdStatsRow } from './ad-campaign-repository.js';
import { ctrText } from './ad-campaign-service.js';

/** The longest range a report reads (a custom range beyond it is refused). */
export const REPORT_MAX_DAYS = 366;
export const REPORT_RANGE_TOO_LONG = `Choose a range of at most ${REPORT_MAX_DAYS} days.`;

/**
 * The days a report's range covers, from the viewer's today (`client_now_date`, spec 2 §7): today,
 * yesterday, the last 7 or 30 days (today included), this month, or a custom range. Null: too long.
 */
export function reportRange(q: SimplifiReportQuery): { from: string; to: string } | null {
  const today = q.client_now_date;
  const range =
    q.date_range === 'today'
      ? { from: today, to: today }
      : q.date_range === 'yesterday'
        ? { from: addDays(today, -1), to: addDays(today, -1) }
        : q.date_range === 'last_7_days'
          ? { from: addDays(today, -6), to: today }
          : q.date_range === 'last_30_days'
            ? { from: addDays(today, -29), to: today }
            : q.date_range === 'this_month'
              ? { from: `${today.slice(0, 8)}01`, to: today }
              : { from: q.start_date ?? today, to: q.end_date ?? today };
  return addDays(range.from, REPORT_MAX_DAYS - 1) < range.to ? null : range;
}

const totalsOf = (rows: readonly AdStatsRow[]) => {
  const impressions = rows.reduce((s, r) => s + r.impressions, 0);
  const clicks = rows.reduce((s, r) => s + r.clicks, 0);
  const spend = rows.reduce((s, r) => s + r.clientSpendCents, 0) as Cents;
  return { impressions, clicks, ctr: ctrText(clicks, impressions), spend: centsToDollars(spend) };
};

/** A campaign's report over a range: the days (a row for every day, 0 when none), totals, and each ad. */
export async function campaignReport(
  repo: AdCampaignRepository,
  campaign: { id: number; publicId: string },
  range: { from: string; to: string },
): Promise<SimplifiReport> {
  const [days, ads] = await Promise.all([
    repo.days(campaign.id, range.from, range.to),
    repo.adRows(campaign.id, range.from, range.to),
  ]);
  const byDay = new Map(days.map((d) => [d.day, d]));
  const series = [];
  for (let day = range.from; day <= range.to; day = addDays(day, 1)) {
    const row = byDay.get(day);
    series.push({ day, ...totalsOf(row ? [row] : []) });
  }
  const perAd = new Map<string, AdStatsRow[]>();
  for (const row of ads) perAd.set(row.adId, [...(perAd.get(row.adId) ?? []), row]);
  return {
    result: 'success',
    leadspeek_api_id: campaign.publicId,
    from: range.from,
    to: range.to,
    totals: totalsOf(days),
    days: series,
    ads: [...perAd].map(([adId, rows]) => ({
      ad_id: adId,
      name: rows[rows.length - 1]?.adName ?? adId,
      ...totalsOf(rows),
    })),
  };
}

export const REPORT_COLUMNS: readonly ExportColumn[] = [
  { title: 'Day', width: 12 },
  { title: 'Impressions', width: 14 },
  { title: 'Clicks', width: 10 },
  { title: 'CTR (%)', width: 10 },
  { title: 'Spend ($)', width: 12 },
];

/** The report's days as file rows, then a total row. */
export async function* reportRows(report: SimplifiReport): AsyncIterable<ExportRow> {
  for (const d of report.days) yield [d.day, d.impressions, d.clicks, d.ctr, d.spend];
  yield ['Total', report.totals.impressions, report.totals.clicks, report.totals.ctr, report.totals.spend];
}
