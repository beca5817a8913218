import { Stack, Text } from '@mantine/core';
import { useId } from 'react';
import { axisTicks, layoutBars } from './chart-scale';

const WIDTH = 640;
const ROW = 26;
const LABEL_WIDTH = 180;
const VALUE_WIDTH = 64;

/**
 * Horizontal bars for a handful of categories (statuses, categories, top agencies): the label on the
 * left, the value at the end of the bar. The SVG is described for screen readers and every bar
 * carries its value as text, so nothing is said by colour alone.
 */
export function BarChart({
  title,
  items,
  format = (value: number) => value.toLocaleString('en-US'),
  color = 'var(--mantine-primary-color-filled)',
  empty = 'No data in this range.',
  testId,
}: {
  title: string;
  items: readonly { label: string; value: number }[];
  format?: (value: number) => string;
  color?: string;
  empty?: string;
  testId?: string;
}) {
  const id = useId();
  const height = Math.max(items.length, 1) * ROW;
  const extent = WIDTH - LABEL_WIDTH - VALUE_WIDTH;
  const top = axisTicks(Math.max(0, ...items.map((i) => i.value))).at(-1) ?? 1;
  const bars = layoutBars(items, height, extent, top, 0.3);
  const description = items.map((i) => `${i.label}: ${format(i.value)}`).join('; ');

  return (
    <Stack gap={4} data-testid={testId}>
      <Text size="sm" fw={600} id={`${id}-title`}>
        {title}
      </Text>
      {items.length === 0 ? (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      ) : (
        <svg
          viewBox={`0 0 ${WIDTH} ${height}`}
          width="100%"
          role="img"
          aria-labelledby={`${id}-title ${id}-desc`}
          style={{ display: 'block' }}
        >
          <title>{title}</title>
          <desc id={`${id}-desc`}>{description}</desc>
          {bars.map((bar) => (
            <g key={bar.label}>
              <text
                x={LABEL_WIDTH - 8}
                y={bar.offset + bar.thickness / 2}
                textAnchor="end"
                dominantBaseline="middle"
                fontSize="12"
                fill="currentColor"
              >
                {bar.label.length > 26 ? `${bar.label.slice(0, 25)}…` : bar.label}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={bar.offset}
                width={Math.max(bar.length, 1)}
                height={bar.thickness}
                rx={3}
                fill={color}
              >
                <title>{`${bar.label}: ${format(bar.value)}`}</title>
              </rect>
              <text
                x={LABEL_WIDTH + Math.max(bar.length, 1) + 6}
                y={bar.offset + bar.thickness / 2}
                dominantBaseline="middle"
                fontSize="12"
                fill="currentColor"
              >
                {format(bar.value)}
              </text>
            </g>
          ))}
        </svg>
      )}
    </Stack>
  );
}
