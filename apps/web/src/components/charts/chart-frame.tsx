import { Skeleton, Stack, Table, Text, VisuallyHidden } from '@mantine/core';
import { type ReactNode, Suspense, useId } from 'react';

/**
 * What every chart shares: its title, the empty state, a placeholder of the chart's height while the
 * chart library loads (so nothing below it moves), and the accessible fallback — the same numbers as
 * a table that screen readers read instead of the drawing.
 */
export function ChartFrame({
  title,
  height,
  empty,
  table,
  legend,
  testId,
  children,
}: {
  title: string;
  height: number;
  /** The empty state's text when there is nothing to draw; undefined draws the chart. */
  empty?: string;
  table: { head: string[]; rows: string[][] };
  /** A legend drawn outside the library (the donut's). */
  legend?: ReactNode;
  testId?: string;
  children: ReactNode;
}) {
  const id = useId();
  return (
    <Stack
      gap={4}
      component="figure"
      m={0}
      aria-labelledby={`${id}-title`}
      data-testid={testId}
      data-state={empty === undefined ? 'drawn' : 'empty'}
    >
      <Text size="sm" fw={600} id={`${id}-title`} component="figcaption">
        {title}
      </Text>
      {empty !== undefined ? (
        <Text size="sm" c="dimmed" data-testid={testId && `${testId}-empty`}>
          {empty}
        </Text>
      ) : (
        <>
          <Suspense fallback={<Skeleton h={height} radius="sm" aria-hidden="true" />}>{children}</Suspense>
          {legend}
          <VisuallyHidden>
            <Table>
              <caption>{title}</caption>
              <thead>
                <tr>
                  {table.head.map((heading) => (
                    <th key={heading} scope="col">
                      {heading}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {table.rows.map((row) => (
                  <tr key={row[0]}>
                    {row.map((cell, index) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                      <td key={index}>{cell}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </Table>
          </VisuallyHidden>
        </>
      )}
    </Stack>
  );
}
