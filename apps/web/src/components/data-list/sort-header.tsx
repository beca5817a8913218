import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { SortState } from './list-state';

interface SortHeaderProps<K extends string> {
  label: string;
  sortKey: K;
  sort: SortState<K> | null;
  onSort: (key: K) => void;
  /** Test id `{prefix}-sort-{key}`. */
  testIdPrefix: string;
  /** The label in the dense table's smaller type, wrapping beside its icon. */
  dense?: boolean;
}

/** A sortable column header; clicking it moves the column one step along none → asc → desc. */
export function SortHeader<K extends string>({
  label,
  sortKey,
  sort,
  onSort,
  testIdPrefix,
  dense = false,
}: SortHeaderProps<K>) {
  const order = sort?.key === sortKey ? sort.order : null;
  const Icon = order === 'asc' ? IconChevronUp : order === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(sortKey)} data-testid={`${testIdPrefix}-sort-${sortKey}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size={dense ? 'xs' : 'sm'}>
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
