import type { ManagedNode } from '@app/contracts';
import { Badge } from '@mantine/core';
import type { AgencySortKey } from '../../api/agency-list';
import { type DataColumn, formatCreated } from '../data-list/data-table';

type Column = DataColumn<ManagedNode, AgencySortKey>;

export const COMPANY_NAME_COLUMN: Column = {
  id: 'company_name',
  label: 'Company Name',
  sortKey: 'company_name',
  render: (node) => node.company_name,
};
export const FULL_NAME_COLUMN: Column = {
  id: 'full_name',
  label: 'Full Name',
  sortKey: 'full_name',
  render: (node) => node.name,
};
export const EMAIL_COLUMN: Column = {
  id: 'email',
  label: 'E-mail',
  sortKey: 'email',
  render: (node) => node.email,
};
export const CREATED_COLUMN: Column = {
  id: 'created_at',
  label: 'Created',
  sortKey: 'created_at',
  render: (node) => formatCreated(node.created_at),
};

const STATUS_COLOURS = { active: 'green', invited: 'yellow', disabled: 'gray' } as const;
const STATUS_LABELS = { active: 'Active', invited: 'Invited', disabled: 'Disabled' } as const;

/** Whether the person has set a password yet (invited) or was disabled. */
export const STATUS_COLUMN: Column = {
  id: 'status',
  label: 'Status',
  render: (node) => (
    <Badge variant="light" color={STATUS_COLOURS[node.status_acc]} data-testid={`status-${node.id}`}>
      {STATUS_LABELS[node.status_acc]}
    </Badge>
  ),
};

export const CLIENT_COLUMNS: readonly Column[] = [
  COMPANY_NAME_COLUMN,
  FULL_NAME_COLUMN,
  EMAIL_COLUMN,
  STATUS_COLUMN,
  CREATED_COLUMN,
];
