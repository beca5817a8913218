import { Group, Table, Text, UnstyledButton } from '@mantine/core';
import { IconChevronDown, IconChevronUp, IconSelector } from '@tabler/icons-react';
import type { AgencySortKey } from '../../../api/agency-list';
import type { AgencyListState } from './list-state';

interface SortHeaderProps {
  label: string;
  sortKey: AgencySortKey;
  sort: AgencyListState['sort'];
  onSort: (key: AgencySortKey) => void;
}

/** A sortable column header; clicking it moves the column one step along none → asc → desc. */
export function SortHeader({ label, sortKey, sort, onSort }: SortHeaderProps) {
  const order = sort?.key === sortKey ? sort.order : null;
  const Icon = order === 'asc' ? IconChevronUp : order === 'desc' ? IconChevronDown : IconSelector;
  return (
    <Table.Th aria-sort={order === 'asc' ? 'ascending' : order === 'desc' ? 'descending' : 'none'}>
      <UnstyledButton onClick={() => onSort(sortKey)} data-testid={`agency-sort-${sortKey}`}>
        <Group gap={4} wrap="nowrap">
          <Text fw={700} size="sm">
            {label}
          </Text>
          <Icon size={14} aria-hidden />
        </Group>
      </UnstyledButton>
    </Table.Th>
  );
}
