/**
 * The data side of the charts: the typed series callers give, turned into the flat rows the chart
 * library draws and the table screen readers read. Pure, so it is tested without a browser.
 */

/** A theme colour ('teal.7') or a CSS colour; the chart library resolves both against the theme. */
export type ChartColor = string;

/** One point of a series: where it sits on the category axis (a 'yyyy-MM-dd' day, a name) and its value. */
export interface ChartPoint {
  x: string;
  value: number;
}

/** A named series: its label (legend, tooltip, table heading), an optional colour and its points. */
export interface ChartSeries {
  label: string;
  color?: ChartColor;
  points: readonly ChartPoint[];
}

/** One part of a donut. */
export interface ChartSlice {
  label: string;
  value: number;
  color?: ChartColor;
}

/**
 * Series colours in order: the tenant's primary colour first, then theme colours at shades that keep
 * 3:1 against the light and the dark surface (graphics, WCAG 1.4.11); values are also in the
 * tooltip and the table, so nothing is said by colour alone.
 */
export const CHART_COLORS: readonly ChartColor[] = [
  'var(--mantine-primary-color-filled)',
  'teal.7',
  'orange.7',
  'grape.6',
  'cyan.7',
  'pink.6',
];

export const colorAt = (index: number, chosen?: ChartColor): ChartColor =>
  chosen ?? CHART_COLORS[index % CHART_COLORS.length] ?? 'gray.6';

/** The key of the category in a flat row, and of the n-th series: fixed names, so no label can collide. */
export const X_KEY = 'x';
export const seriesKey = (index: number) => `s${index}`;

export type FlatRow = Record<string, string | number | null>;

const ISO_DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The rows the library draws: one per category, every series' value in its own column. Categories
 * are taken in the order they first appear; when every category is a day they are sorted, so two
 * series that cover different days still line up. A series without a value for a category has
 * `null` there (a gap, not a made-up zero).
 */
export function flatRows(series: readonly ChartSeries[]): FlatRow[] {
  const order: string[] = [];
  const byX = new Map<string, FlatRow>();
  series.forEach((s, index) => {
    for (const point of s.points) {
      let row = byX.get(point.x);
      if (!row) {
        row = { [X_KEY]: point.x };
        for (let i = 0; i < series.length; i++) row[seriesKey(i)] = null;
        byX.set(point.x, row);
        order.push(point.x);
      }
      row[seriesKey(index)] = point.value;
    }
  });
  if (order.length > 0 && order.every((x) => ISO_DAY.test(x))) order.sort();
  return order.map((x) => byX.get(x) as FlatRow);
}

/** True when there is nothing to draw: no points at all (a donut also when every slice is 0). */
export const seriesEmpty = (series: readonly ChartSeries[]) => series.every((s) => s.points.length === 0);
export const slicesEmpty = (slices: readonly ChartSlice[]) => !slices.some((s) => s.value > 0);

/** 'yyyy-MM-dd' → 'MM-dd' for the axis; other categories as they are, long names cut. */
export function axisLabel(x: string, max = 24): string {
  if (ISO_DAY.test(x)) return x.slice(5);
  return x.length > max ? `${x.slice(0, max - 1)}…` : x;
}

/** The same numbers as a table (the charts' accessible fallback): a header row, then one row per category. */
export function tableOf(
  series: readonly ChartSeries[],
  format: (value: number) => string,
  categoryHeading: string,
): { head: string[]; rows: string[][] } {
  const rows = flatRows(series).map((row) => [
    String(row[X_KEY]),
    ...series.map((_, index) => {
      const value = row[seriesKey(index)];
      return typeof value === 'number' ? format(value) : '–';
    }),
  ]);
  return { head: [categoryHeading, ...series.map((s) => s.label)], rows };
}

/** A donut's table: each slice with its value and share of the whole. */
export function sliceTable(
  slices: readonly ChartSlice[],
  format: (value: number) => string,
): { head: string[]; rows: string[][] } {
  const total = slices.reduce((sum, s) => sum + Math.max(0, s.value), 0);
  const share = (value: number) => (total > 0 ? `${Math.round((Math.max(0, value) / total) * 100)}%` : '0%');
  return {
    head: ['Part', 'Value', 'Share'],
    rows: slices.map((s) => [s.label, format(s.value), share(s.value)]),
  };
}

export const defaultFormat = (value: number) => value.toLocaleString('en-US');

/** A chart colour as CSS, for the parts drawn outside the library (the donut's legend): 'teal.7' → its variable. */
export function cssColor(color: ChartColor): string {
  const themed = /^([a-z]+)\.(\d)$/.exec(color);
  return themed ? `var(--mantine-color-${themed[1]}-${themed[2]})` : color;
}
