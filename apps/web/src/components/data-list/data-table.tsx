import { Table, Text } from '@mantine/core';
import { Fragment, type ReactNode } from 'react';
import type { SortState } from './list-state';
import { SortHeader } from './sort-header';

export interface DataColumn<R, K extends string = never> {
  id: string;
  label: string;
  /** Sortable columns name their server sort key. */
  sortKey?: K;
  render: (row: R) => ReactNode;
}

interface DataTableProps<R, K extends string> {
  columns: readonly DataColumn<R, K>[];
  rows: readonly R[] | undefined;
  rowKey: (row: R) => string | number;
  /** True while the first page is on its way (no rows to show yet). */
  loading: boolean;
  /** What an empty answer shows ('No Data', 'Client No Data'). */
  emptyText: string;
  sort?: SortState<K> | null;
  onSort?: (key: K) => void;
  /** Test ids `{prefix}-list` (the table) and `{prefix}-sort-{key}` (its sortable headers). */
  testIdPrefix: string;
  rowTestId?: (row: R) => string;
  /** Content shown in a full-width row under a row (an expansion, an inline form), or null. */
  renderBelow?: (row: R) => ReactNode;
  minWidth?: number;
  /**
   * Many columns on a laptop screen: smaller type, tighter cells, and long words (e-mail addresses) and
   * headers wrap, so the table fits the width instead of scrolling sideways.
   */
  dense?: boolean;
  /** The table's caption (what a screen reader announces the table as); hidden when `captionHidden`. */
  caption?: string;
  captionHidden?: boolean;
  /** A click anywhere on a row (the row must also offer a button for keyboards). */
  onRowClick?: (row: R) => void;
}

/** A caption screen readers read and eyes do not see (Mantine's VisuallyHidden, as a style). */
const VISUALLY_HIDDEN = {
  position: 'absolute',
  width: 1,
  height: 1,
  padding: 0,
  margin: -1,
  overflow: 'hidden',
  clip: 'rect(0, 0, 0, 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * A table that may scroll sideways (390 px screens) is reachable by keyboard: its scrolling area takes
 * focus, named after the table, so arrow keys scroll it even when no cell holds a control.
 */
export const focusableScroll = (name: string) => ({
  viewportProps: { tabIndex: 0, role: 'region', 'aria-label': name },
});

/** The table every list shares: sortable headers, 'Loading Data' / empty rows, optional row details. */
export function DataTable<R, K extends string = never>({
  columns,
  rows,
  rowKey,
  loading,
  emptyText,
  sort = null,
  onSort,
  testIdPrefix,
  rowTestId,
  renderBelow,
  minWidth = 800,
  dense = false,
  caption,
  captionHidden = false,
  onRowClick,
}: DataTableProps<R, K>) {
  const message = loading ? 'Loading Data' : rows?.length === 0 ? emptyText : null;
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      {...(caption && { scrollAreaProps: focusableScroll(caption) })}
    >
      <Table
        striped
        highlightOnHover
        verticalSpacing="sm"
        {...(dense && { fz: 'xs', horizontalSpacing: 'xs', style: { overflowWrap: 'anywhere' } })}
        data-testid={`${testIdPrefix}-list`}
        captionSide="top"
      >
        {caption && (
          <Table.Caption style={captionHidden ? VISUALLY_HIDDEN : { textAlign: 'start' }}>
            {caption}
          </Table.Caption>
        )}
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) =>
              column.sortKey && onSort ? (
                <SortHeader
                  key={column.id}
                  label={column.label}
                  sortKey={column.sortKey}
                  sort={sort}
                  onSort={onSort}
                  testIdPrefix={testIdPrefix}
                  dense={dense}
                />
              ) : (
                <Table.Th key={column.id}>{column.label}</Table.Th>
              ),
            )}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {message && (
            <Table.Tr>
              <Table.Td colSpan={columns.length}>
                <Text ta="center" c="dimmed" py="md" role="status">
                  {message}
                </Text>
              </Table.Td>
            </Table.Tr>
          )}
          {rows?.map((row) => {
            const below = renderBelow?.(row);
            return (
              <Fragment key={rowKey(row)}>
                <Table.Tr
                  data-testid={rowTestId?.(row)}
                  onClick={onRowClick && (() => onRowClick(row))}
                  style={onRowClick && { cursor: 'pointer' }}
                >
                  {columns.map((column) => (
                    <Table.Td key={column.id}>{column.render(row)}</Table.Td>
                  ))}
                </Table.Tr>
                {below && (
                  <Table.Tr>
                    <Table.Td colSpan={columns.length} bg="var(--mantine-color-body)">
                      {below}
                    </Table.Td>
                  </Table.Tr>
                )}
              </Fragment>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}

/** Created dates as the lists show them ('Jan 5, 2024'); an unreadable value is shown as is. */
export function formatCreated(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}
