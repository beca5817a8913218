import '@mantine/charts/styles.css';
import { AreaChart, BarChart, DonutChart, LineChart } from '@mantine/charts';
import {
  axisLabel,
  type ChartSeries,
  type ChartSlice,
  colorAt,
  flatRows,
  seriesKey,
  X_KEY,
} from './chart-data';

/**
 * The drawn charts, on `@mantine/charts` (recharts underneath). This module is only ever loaded
 * through `lazy()` in `charts.tsx`, so the library and its styles land in a chunk of their own that
 * screens without charts (and the sign-in page) never fetch.
 */

/** Text in the charts: Mantine's dimmed colour, which the theme holds at 4.5:1 in both schemes. */
const TEXT_COLOR = 'dimmed';

const mantineSeries = (series: readonly ChartSeries[]) =>
  series.map((s, index) => ({ name: seriesKey(index), label: s.label, color: colorAt(index, s.color) }));

export interface TrendViewProps {
  kind: 'line' | 'area';
  series: readonly ChartSeries[];
  format: (value: number) => string;
  integers: boolean;
  height: number;
}

/** Values over days (or any ordered categories): lines, or areas for amounts that add up. */
export function TrendView({ kind, series, format, integers, height }: TrendViewProps) {
  const rows = flatRows(series);
  const common = {
    h: height,
    data: rows,
    dataKey: X_KEY,
    series: mantineSeries(series),
    valueFormatter: format,
    withLegend: series.length > 1,
    legendProps: { verticalAlign: 'top' as const, height: 32 },
    textColor: TEXT_COLOR,
    gridAxis: 'y' as const,
    curveType: 'monotone' as const,
    connectNulls: false,
    withDots: rows.length <= 45,
    xAxisProps: { tickFormatter: (x: string) => axisLabel(x), minTickGap: 16 },
    yAxisProps: { allowDecimals: !integers, width: 72 },
  };
  return kind === 'area' ? (
    <AreaChart {...common} fillOpacity={0.25} withGradient={false} />
  ) : (
    <LineChart {...common} />
  );
}

export interface BarViewProps {
  series: readonly ChartSeries[];
  format: (value: number) => string;
  integers: boolean;
  /** 'horizontal' bars run left to right with the categories down the side (long names fit). */
  layout: 'horizontal' | 'vertical';
  height: number;
  /** One stacked bar per category (negative parts below zero) instead of a bar per series. */
  stacked?: boolean;
}

/** Values per category: one bar per series in each category, or one stacked bar. */
export function BarView({ series, format, integers, layout, height, stacked = false }: BarViewProps) {
  const horizontal = layout === 'horizontal';
  const category = { tickFormatter: (x: string) => axisLabel(x), interval: 0 as const };
  const value = { allowDecimals: !integers };
  return (
    <BarChart
      h={height}
      data={flatRows(series)}
      dataKey={X_KEY}
      series={mantineSeries(series)}
      valueFormatter={format}
      withLegend={series.length > 1}
      legendProps={{ verticalAlign: 'top', height: 32 }}
      textColor={TEXT_COLOR}
      barLabelColor={TEXT_COLOR}
      withBarValueLabel={series.length === 1}
      type={stacked ? 'stacked' : 'default'}
      barChartProps={stacked ? { stackOffset: 'sign' } : undefined}
      // Mantine's "vertical" orientation draws horizontal bars (the value axis runs across).
      orientation={horizontal ? 'vertical' : 'horizontal'}
      gridAxis={horizontal ? 'x' : 'y'}
      xAxisProps={horizontal ? { ...value, type: 'number' } : category}
      yAxisProps={horizontal ? { ...category, type: 'category', width: 170 } : { ...value, width: 72 }}
      minBarSize={2}
      maxBarWidth={28}
    />
  );
}

export interface DonutViewProps {
  slices: readonly ChartSlice[];
  format: (value: number) => string;
  size: number;
  centre?: string;
}

/** Parts of a whole. */
export function DonutView({ slices, format, size, centre }: DonutViewProps) {
  return (
    <DonutChart
      data={slices.map((s, index) => ({ name: s.label, value: s.value, color: colorAt(index, s.color) }))}
      valueFormatter={format}
      size={size}
      thickness={Math.max(12, Math.round(size / 6))}
      tooltipDataSource="segment"
      chartLabel={centre}
      labelColor={TEXT_COLOR}
    />
  );
}
