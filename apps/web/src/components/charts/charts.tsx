import { ColorSwatch, Group, Text } from '@mantine/core';
import { lazy } from 'react';
import {
  type ChartSeries,
  type ChartSlice,
  colorAt,
  cssColor,
  defaultFormat,
  seriesEmpty,
  slicesEmpty,
  sliceTable,
  tableOf,
} from './chart-data';
import { ChartFrame } from './chart-frame';

// The library is loaded when the first chart renders, not with the screen: the screen paints its
// figures at once and the drawings follow (all three views share one chunk).
const views = () => import('./chart-views');
const TrendView = lazy(() => views().then((m) => ({ default: m.TrendView })));
const BarView = lazy(() => views().then((m) => ({ default: m.BarView })));
const DonutView = lazy(() => views().then((m) => ({ default: m.DonutView })));

interface CommonProps {
  title: string;
  /** How values read on the axis, in the tooltip and in the table (e.g. cents as dollars). */
  format?: (value: number) => string;
  /** Counts: the value axis shows whole numbers only. */
  integers?: boolean;
  /** The empty state's text. */
  empty?: string;
  testId?: string;
}

const NO_DATA = 'No data in this range.';

/** Values over days: one line (or area) per series, with tooltips, a legend for several series and a table. */
export function TrendChart({
  title,
  series,
  kind = 'line',
  height = 240,
  format = defaultFormat,
  integers = true,
  empty = NO_DATA,
  testId,
}: CommonProps & { series: readonly ChartSeries[]; kind?: 'line' | 'area'; height?: number }) {
  return (
    <ChartFrame
      title={title}
      height={height}
      empty={seriesEmpty(series) ? empty : undefined}
      table={tableOf(series, format, 'Date')}
      testId={testId}
    >
      <TrendView kind={kind} series={series} format={format} integers={integers} height={height} />
    </ChartFrame>
  );
}

/** Bars per category: horizontal (names down the side, the default) or vertical columns. */
export function BarChart({
  title,
  series,
  layout = 'horizontal',
  format = defaultFormat,
  integers = true,
  empty = NO_DATA,
  category = 'Category',
  stacked = false,
  testId,
}: CommonProps & {
  series: readonly ChartSeries[];
  layout?: 'horizontal' | 'vertical';
  /** The category column's heading in the table. */
  category?: string;
  /** Parts of one amount per category: the series' bars stacked (negative ones below zero). */
  stacked?: boolean;
}) {
  const categories = new Set(series.flatMap((s) => s.points.map((p) => p.x))).size;
  // Horizontal bars grow with their count; columns keep one height.
  const height =
    layout === 'horizontal' ? Math.max(categories, 1) * 30 * Math.max(series.length, 1) + 48 : 260;
  return (
    <ChartFrame
      title={title}
      height={height}
      empty={seriesEmpty(series) ? empty : undefined}
      table={tableOf(series, format, category)}
      testId={testId}
    >
      <BarView
        series={series}
        format={format}
        integers={integers}
        layout={layout}
        height={height}
        stacked={stacked}
      />
    </ChartFrame>
  );
}

/** Parts of a whole, with a legend that gives each part's value. */
export function DonutChart({
  title,
  slices,
  size = 180,
  centre,
  format = defaultFormat,
  empty = NO_DATA,
  testId,
}: Omit<CommonProps, 'integers'> & { slices: readonly ChartSlice[]; size?: number; centre?: string }) {
  const legend = (
    <Group gap="md" aria-hidden="true">
      {slices.map((s, index) => (
        <Group key={s.label} gap={6} wrap="nowrap">
          <ColorSwatch color={cssColor(colorAt(index, s.color))} size={12} withShadow={false} />
          <Text size="xs">
            {s.label}: {format(s.value)}
          </Text>
        </Group>
      ))}
    </Group>
  );
  return (
    <ChartFrame
      title={title}
      height={size}
      empty={slicesEmpty(slices) ? empty : undefined}
      table={sliceTable(slices, format)}
      legend={legend}
      testId={testId}
    >
      <DonutView slices={slices} format={format} size={size} centre={centre} />
    </ChartFrame>
  );
}
