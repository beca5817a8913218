import type { SessionUser } from '@app/contracts';
import { ActionIcon, Badge, Group, Stack, Text } from '@mantine/core';
import { IconChevronDown, IconChevronRight } from '@tabler/icons-react';
import { useState } from 'react';
import type { AgencySortKey, ManagedNode } from '../../../api/agency-list';
import { type DataColumn, DataTable } from '../../../components/data-list/data-table';
import type { SortState } from '../../../components/data-list/list-state';
import { CREATED_COLUMN, EMAIL_COLUMN, FULL_NAME_COLUMN } from '../../../components/managed-list/columns';
import type { ListPermissions } from '../../../components/managed-list/managed-user-list';
import { SubscriptionCancelledBadge } from '../../../components/managed-list/subscription-cancelled-badge';
import { AgencyClients } from './agency-clients';
import { AgencyEditForm } from './agency-edit-form';
import { AgencyRowActions } from './agency-row-actions';
import { agencyRowAccess, rowActionsFor } from './row-actions';

export interface AgencyTableHandlers {
  onLogs: (node: ManagedNode) => void;
  onSetSales: (node: ManagedNode) => void;
  onSetCost: (node: ManagedNode) => void;
  onSetPackage: (node: ManagedNode) => void;
  onSwitch: (node: ManagedNode) => void;
}

interface AgencyTableProps {
  viewer: SessionUser;
  rows: ManagedNode[] | undefined;
  /** True while the first page is on its way (no rows to show yet). */
  loading: boolean;
  sort: SortState<AgencySortKey> | null;
  onSort: (key: AgencySortKey) => void;
  /** The company the agencies sit under (the system's root company). */
  parentCompanyID: number;
  permissions: ListPermissions;
  /** The viewer may flip the agency rows' billing switches (the policy's agencies.billingSwitches). */
  billingSwitches: boolean;
  handlers: AgencyTableHandlers;
  /** User id being switched to, while a switch runs. */
  switchingId: number | null;
}

type RowForm = { companyId: number; kind: 'edit' | 'add-client' } | null;

/**
 * The agency list's tree table (spec 2 §2): company name, full name, e-mail, action, sales, created.
 * A row expands to its clients; the inline edit form and the add-client form open under their row.
 */
export function AgencyTable(props: AgencyTableProps) {
  const { viewer, permissions, handlers } = props;
  const [expanded, setExpanded] = useState<ReadonlySet<number>>(new Set());
  const [form, setForm] = useState<RowForm>(null);

  const toggleExpanded = (id: number, open?: boolean) =>
    setExpanded((current) => {
      const next = new Set(current);
      if (open ?? !next.has(id)) next.add(id);
      else next.delete(id);
      return next;
    });
  const toggleForm = (companyId: number, kind: 'edit' | 'add-client') => {
    const closing = form?.companyId === companyId && form.kind === kind;
    setForm(closing ? null : { companyId, kind });
    // The add-client form sits above the agency's clients.
    if (!closing && kind === 'add-client') toggleExpanded(companyId, true);
  };

  const columns: DataColumn<ManagedNode, AgencySortKey>[] = [
    {
      id: 'company_name',
      label: 'Company Name',
      sortKey: 'company_name',
      render: (node) => {
        const open = expanded.has(node.company_id);
        const clients = agencyRowAccess(viewer, node).clients;
        return (
          <Group gap={4} wrap="nowrap">
            {clients && (
              <ActionIcon
                variant="subtle"
                size="sm"
                aria-label={
                  open
                    ? `Hide the clients of ${node.company_name}`
                    : `Show the clients of ${node.company_name}`
                }
                aria-expanded={open}
                onClick={() => toggleExpanded(node.company_id)}
                data-testid={`agency-expand-${node.company_id}`}
              >
                {open ? (
                  <IconChevronDown size={16} aria-hidden />
                ) : (
                  <IconChevronRight size={16} aria-hidden />
                )}
              </ActionIcon>
            )}
            <Text size="sm">{node.company_name}</Text>
            <SubscriptionCancelledBadge
              companyId={node.company_id}
              cancelledAt={node.subscription_cancelled_at}
            />
            {rowActionsFor(viewer, node).has('package') && <PackageBadge node={node} />}
          </Group>
        );
      },
    },
    FULL_NAME_COLUMN,
    EMAIL_COLUMN,
    {
      id: 'action',
      label: 'Action',
      render: (node) => (
        <AgencyRowActions
          viewer={viewer}
          node={node}
          parentCompanyID={props.parentCompanyID}
          permissions={permissions}
          billingSwitches={props.billingSwitches}
          editing={form?.companyId === node.company_id && form.kind === 'edit'}
          addingClient={form?.companyId === node.company_id && form.kind === 'add-client'}
          switching={props.switchingId === node.id}
          switchBusy={props.switchingId !== null}
          onEdit={() => toggleForm(node.company_id, 'edit')}
          onAddClient={() => toggleForm(node.company_id, 'add-client')}
          onLogs={() => handlers.onLogs(node)}
          onSetSales={() => handlers.onSetSales(node)}
          onSetCost={() => handlers.onSetCost(node)}
          onSetPackage={() => handlers.onSetPackage(node)}
          onSwitch={() => handlers.onSwitch(node)}
        />
      ),
    },
    { id: 'sales', label: 'Sales', render: (node) => node.salesrep ?? '' },
    CREATED_COLUMN,
  ];

  const renderBelow = (node: ManagedNode) => {
    const id = node.company_id;
    const editing = form?.companyId === id && form.kind === 'edit';
    const open = expanded.has(id);
    if (!editing && !open) return null;
    return (
      <Stack gap="sm" pl="lg">
        {editing && (
          <AgencyEditForm
            viewer={viewer}
            node={node}
            parentCompanyID={props.parentCompanyID}
            canSave={permissions.update}
            onClose={() => setForm(null)}
          />
        )}
        {open && (
          <AgencyClients
            viewer={viewer}
            agency={node}
            permissions={permissions}
            adding={form?.companyId === id && form.kind === 'add-client'}
            onAddClose={() => setForm(null)}
            onLogs={handlers.onLogs}
            onSwitch={handlers.onSwitch}
            switchingId={props.switchingId}
          />
        )}
      </Stack>
    );
  };

  return (
    <DataTable
      columns={columns}
      rows={props.rows}
      rowKey={(node) => node.id}
      loading={props.loading}
      emptyText="No Data"
      sort={props.sort}
      onSort={props.onSort}
      testIdPrefix="agency"
      rowTestId={(node) => `agency-row-${node.company_id}`}
      renderBelow={renderBelow}
      minWidth={1000}
    />
  );
}

/** The agency's package for the platform's staff; none is shown in red, since it blocks new clients. */
function PackageBadge({ node }: { node: ManagedNode }) {
  const none = node.package_id.trim() === '';
  return (
    <Badge
      size="sm"
      variant="light"
      color={none ? 'red' : 'gray'}
      tt="none"
      data-testid={`package-${node.company_id}`}
    >
      {none ? 'No package' : `Package: ${node.package_id}`}
    </Badge>
  );
}
