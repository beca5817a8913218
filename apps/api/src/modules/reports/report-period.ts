import {
  asCents,
  type Cents,
  COLLECTED_SOURCES,
  type CollectedMoney,
  type CollectedSource,
  centsToDollars,
  type ReportPeriod,
} from '@app/contracts';
import { sumCents } from '@app/pricing';
import type { CollectedBucket } from '../ledger/index.js';
import type { ReportRange } from './report-range.js';

/** Up to this many days a range's money is shown per day, up to `WEEKS_UP_TO` per week, beyond per month. */
export const DAYS_UP_TO = 31;
export const WEEKS_UP_TO = 182;

/** The period a range is bucketed by (decision 0083): the one asked for, else by the range's length. */
export const periodFor = (range: ReportRange, asked?: ReportPeriod): ReportPeriod =>
  asked ?? (range.days <= DAYS_UP_TO ? 'day' : range.days <= WEEKS_UP_TO ? 'week' : 'month');

const DAY_MS = 86_400_000;
const dayOf = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/** The first day of the period `day` falls in: itself, its week's Monday, or its month's first day. */
function periodStart(day: string, period: ReportPeriod): string {
  if (period === 'day') return day;
  if (period === 'month') return `${day.slice(0, 7)}-01`;
  const at = Date.parse(`${day}T00:00:00Z`);
  const sinceMonday = (new Date(at).getUTCDay() + 6) % 7;
  return dayOf(at - sinceMonday * DAY_MS);
}

/** The day after the period that starts on `start`. */
function nextStart(start: string, period: ReportPeriod): string {
  const at = Date.parse(`${start}T00:00:00Z`);
  if (period === 'day') return dayOf(at + DAY_MS);
  if (period === 'week') return dayOf(at + 7 * DAY_MS);
  const d = new Date(at);
  return dayOf(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1));
}

/**
 * Every period of the range, oldest first, each cut to the range: the first starts on the range's
 * start (as the ledger's buckets do), the last ends on its end.
 */
export function periodsOf(range: ReportRange, period: ReportPeriod): { start: string; end: string }[] {
  const periods: { start: string; end: string }[] = [];
  for (let start = range.start; start <= range.end; ) {
    const next = nextStart(periodStart(start, period), period);
    const last = dayOf(Date.parse(`${next}T00:00:00Z`) - DAY_MS);
    // Day strings compare as dates; the last period ends with the range.
    periods.push({ start, end: last.localeCompare(range.end) < 0 ? last : range.end });
    start = next;
  }
  return periods;
}

const zeroBySource = () =>
  Object.fromEntries(COLLECTED_SOURCES.map((s) => [s, asCents(0)])) as Record<CollectedSource, Cents>;
const dollarsBySource = (cents: Record<CollectedSource, Cents>) =>
  Object.fromEntries(COLLECTED_SOURCES.map((s) => [s, centsToDollars(cents[s])])) as Record<
    CollectedSource,
    string
  >;

/**
 * The ledger's collected buckets as the wire's money: every period of the range with each source
 * (zero where nothing moved), the period totals and the sources' totals. The cents were summed by the
 * ledger per bucket and source; they are only added up here, by `@app/pricing`, so every total is
 * exactly the sum of what it shows.
 */
export function collectedMoney(
  buckets: readonly CollectedBucket[],
  range: ReportRange,
  period: ReportPeriod,
): CollectedMoney {
  const periods = periodsOf(range, period);
  const cells = new Map(periods.map((p) => [p.start, zeroBySource()]));
  // A bucket (a day, or a period as the ledger bucketed it) belongs to the period holding its first day.
  const periodOf = (day: string) => periods.find((p) => p.start <= day && day <= p.end);
  for (const bucket of buckets) {
    const period = periodOf(bucket.start);
    const cell = period && cells.get(period.start);
    if (!cell)
      throw new Error(
        `the ledger answered a bucket ${bucket.start} outside the periods of ${range.start}..${range.end}`,
      );
    cell[bucket.source] = sumCents([cell[bucket.source], bucket.amount]);
  }
  const bySource = zeroBySource();
  for (const source of COLLECTED_SOURCES)
    bySource[source] = sumCents(periods.map((p) => cells.get(p.start)?.[source] ?? asCents(0)));
  return {
    period,
    total: centsToDollars(sumCents(COLLECTED_SOURCES.map((s) => bySource[s]))),
    by_source: dollarsBySource(bySource),
    periods: periods.map((p) => {
      const cell = cells.get(p.start) ?? zeroBySource();
      return {
        ...p,
        total: centsToDollars(sumCents(COLLECTED_SOURCES.map((s) => cell[s]))),
        sources: dollarsBySource(cell),
      };
    }),
  };
}
