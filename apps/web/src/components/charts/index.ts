/**
 * Charts for every screen (decision 0043): `TrendChart` (line or area over days), `BarChart` and
 * `DonutChart`, drawn by `@mantine/charts`, which loads lazily with the first chart a screen renders.
 * Each has a title, tooltips, a legend where there are several series, an empty state, and the same
 * numbers as a visually hidden table for screen readers.
 */

export type { ChartColor, ChartPoint, ChartSeries, ChartSlice } from './chart-data';
export { CHART_COLORS } from './chart-data';
export { BarChart, DonutChart, TrendChart } from './charts';
