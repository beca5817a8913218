import type { SessionUser } from '@app/contracts';
import { ActionIcon, Group, Table, Text, Tooltip } from '@mantine/core';
import { IconUserShare } from '@tabler/icons-react';
import type { AgencyNode, AgencySortKey } from '../../../api/agency-list';
import type { AgencyListState } from './list-state';
import { rowActionsFor } from './row-actions';
import { SortHeader } from './sort-header';

const COLUMN_COUNT = 6;

interface AgencyTableProps {
  viewer: SessionUser;
  rows: AgencyNode[] | undefined;
  /** True while the first page is on its way (no rows to show yet). */
  loading: boolean;
  sort: AgencyListState['sort'];
  onSort: (key: AgencySortKey) => void;
  onSwitch: (node: AgencyNode) => void;
  /** Id of the row being switched to, while the switch runs. */
  switchingId: number | null;
}

function formatCreated(value: string): string {
  const date = new Date(value);
  return Number.isNaN(date.getTime())
    ? value
    : date.toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' });
}

function MessageRow({ children }: { children: string }) {
  return (
    <Table.Tr>
      <Table.Td colSpan={COLUMN_COUNT}>
        <Text ta="center" c="dimmed" py="md">
          {children}
        </Text>
      </Table.Td>
    </Table.Tr>
  );
}

/** The agency list's table (spec 2 §2). Row icons follow `agencyRowActions` (spec 2 §6). */
export function AgencyTable({
  viewer,
  rows,
  loading,
  sort,
  onSort,
  onSwitch,
  switchingId,
}: AgencyTableProps) {
  const header = (label: string, key: AgencySortKey) => (
    <SortHeader label={label} sortKey={key} sort={sort} onSort={onSort} />
  );

  return (
    <Table.ScrollContainer minWidth={800}>
      <Table striped highlightOnHover verticalSpacing="sm" data-testid="agency-list">
        <Table.Thead>
          <Table.Tr>
            {header('Company Name', 'company_name')}
            {header('Full Name', 'full_name')}
            {header('E-mail', 'email')}
            <Table.Th>Action</Table.Th>
            <Table.Th>Sales</Table.Th>
            {header('Created', 'created_at')}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {loading && <MessageRow>Loading Data</MessageRow>}
          {!loading && rows?.length === 0 && <MessageRow>No Data</MessageRow>}
          {rows?.map((node) => {
            const actions = rowActionsFor(viewer, node);
            return (
              <Table.Tr key={node.id} data-testid={`agency-row-${node.id}`}>
                <Table.Td>{node.company_name}</Table.Td>
                <Table.Td>{node.name}</Table.Td>
                <Table.Td>{node.email}</Table.Td>
                <Table.Td>
                  <Group gap={4} wrap="nowrap">
                    {actions.has('switch-user') && (
                      <Tooltip label="Switch to this user">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Switch to ${node.company_name}`}
                          data-testid={`switch-user-${node.id}`}
                          loading={switchingId === node.id}
                          disabled={switchingId !== null && switchingId !== node.id}
                          onClick={() => onSwitch(node)}
                        >
                          <IconUserShare size={18} aria-hidden />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
                <Table.Td>{node.salesrep ?? ''}</Table.Td>
                <Table.Td>{formatCreated(node.created_at)}</Table.Td>
              </Table.Tr>
            );
          })}
        </Table.Tbody>
      </Table>
    </Table.ScrollContainer>
  );
}
