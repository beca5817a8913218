import { Group, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { useId } from 'react';
import { axisTicks, labelIndexes, linePath, type Plot, plotSeries } from './chart-scale';

export interface LineSeries {
  name: string;
  color?: string;
  points: readonly { date: string; value: number }[];
}

export const SERIES_COLORS = [
  'var(--mantine-primary-color-filled)',
  'var(--mantine-color-teal-6)',
  'var(--mantine-color-orange-6)',
  'var(--mantine-color-grape-6)',
];

const WIDTH = 640;
const MAX_X_LABELS = 7;

/** 'yyyy-MM-dd' → 'MM-dd' for the axis; other labels as they are. */
const shortDate = (date: string) => (/^\d{4}-\d{2}-\d{2}$/.test(date) ? date.slice(5) : date);

/**
 * A small accessible line chart: an SVG with a title and description, a legend, native tooltips on
 * the points, and the same numbers as a table for screen readers. Series share the x positions of the
 * first series (the reports send every day of the range).
 */
export function LineChart({
  title,
  series,
  height = 220,
  integers = true,
  format = (value: number) => value.toLocaleString('en-US'),
  testId,
}: {
  title: string;
  series: readonly LineSeries[];
  height?: number;
  integers?: boolean;
  format?: (value: number) => string;
  testId?: string;
}) {
  const id = useId();
  const plot: Plot = { width: WIDTH, height, margin: { top: 12, right: 16, bottom: 28, left: 56 } };
  const max = Math.max(0, ...series.flatMap((s) => s.points.map((p) => p.value)));
  const ticks = axisTicks(max, 4, integers);
  const top = ticks.at(-1) ?? 1;
  const plotted = series.map((s, index) => ({
    ...s,
    color: s.color ?? SERIES_COLORS[index % SERIES_COLORS.length],
    points: plotSeries(
      s.points.map((p) => ({ label: p.date, value: p.value })),
      plot,
      top,
    ),
  }));
  const first = plotted[0]?.points ?? [];
  const yOf = (value: number) =>
    plot.height - plot.margin.bottom - (value / top) * (plot.height - plot.margin.top - plot.margin.bottom);
  const total = (s: LineSeries) => s.points.reduce((sum, p) => sum + p.value, 0);
  const description = series.map((s) => `${s.name}: ${format(total(s))} in total`).join('; ');

  return (
    <Stack gap={4} data-testid={testId}>
      <Group justify="space-between" wrap="wrap" gap="xs">
        <Text size="sm" fw={600} id={`${id}-title`}>
          {title}
        </Text>
        <Group gap="md">
          {plotted.map((s) => (
            <Group key={s.name} gap={4}>
              <svg width="12" height="12" aria-hidden="true">
                <rect width="12" height="12" rx="2" fill={s.color} />
              </svg>
              <Text size="xs">{s.name}</Text>
            </Group>
          ))}
        </Group>
      </Group>
      <svg
        viewBox={`0 0 ${WIDTH} ${height}`}
        width="100%"
        role="img"
        aria-labelledby={`${id}-title ${id}-desc`}
        style={{ display: 'block', maxHeight: height }}
      >
        <title>{title}</title>
        <desc id={`${id}-desc`}>{description}</desc>
        {ticks.map((tick) => (
          <g key={tick}>
            <line
              x1={plot.margin.left}
              x2={WIDTH - plot.margin.right}
              y1={yOf(tick)}
              y2={yOf(tick)}
              stroke="var(--mantine-color-default-border)"
              strokeDasharray={tick === 0 ? undefined : '3 3'}
            />
            <text
              x={plot.margin.left - 8}
              y={yOf(tick)}
              textAnchor="end"
              dominantBaseline="middle"
              fontSize="11"
              fill="currentColor"
            >
              {format(tick)}
            </text>
          </g>
        ))}
        {labelIndexes(first.length, MAX_X_LABELS).map((index) => {
          const point = first[index];
          if (!point) return null;
          return (
            <text
              key={index}
              x={point.x}
              y={height - 8}
              textAnchor="middle"
              fontSize="11"
              fill="currentColor"
            >
              {shortDate(point.label)}
            </text>
          );
        })}
        {plotted.map((s) => (
          <g key={s.name}>
            <path
              d={linePath(s.points)}
              fill="none"
              stroke={s.color}
              strokeWidth={2}
              strokeLinejoin="round"
            />
            {s.points.map((p) => (
              <circle key={p.label} cx={p.x} cy={p.y} r={s.points.length > 45 ? 1.5 : 3} fill={s.color}>
                <title>{`${p.label} · ${s.name}: ${format(p.value)}`}</title>
              </circle>
            ))}
          </g>
        ))}
      </svg>
      <VisuallyHidden>
        <Table>
          <caption>{title}</caption>
          <thead>
            <tr>
              <th>Date</th>
              {series.map((s) => (
                <th key={s.name}>{s.name}</th>
              ))}
            </tr>
          </thead>
          <tbody>
            {(series[0]?.points ?? []).map((p, index) => (
              <tr key={p.date}>
                <td>{p.date}</td>
                {series.map((s) => (
                  <td key={s.name}>{format(s.points[index]?.value ?? 0)}</td>
                ))}
              </tr>
            ))}
          </tbody>
        </Table>
      </VisuallyHidden>
    </Stack>
  );
}
