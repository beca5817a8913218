import type { ManagedNode, SessionUser } from '@app/contracts';
import { Group, Stack } from '@mantine/core';
import { type ReactNode, useState } from 'react';
import { type AgencySortKey, type ListedUserType, useUserList } from '../../api/agency-list';
import { type DataColumn, DataTable } from '../data-list/data-table';
import { type ListState, nextSort, PER_PAGE } from '../data-list/list-state';
import { PagedList } from '../data-list/paged-list';
import { type ListStateUpdate, useClampPage } from '../data-list/use-list-state';
import { UserForm } from '../user-form/user-form';
import {
  type FormOffer,
  type Option,
  type UserFormKind,
  type UserFormValues,
  valuesFromNode,
} from '../user-form/user-form-model';
import { DeleteRowIcon, EditRowIcon, ResendInvitationIcon } from './row-icons';

export interface ListPermissions {
  create: boolean;
  update: boolean;
  delete: boolean;
}

export interface ManagedUserListProps {
  viewer: SessionUser;
  kind: Exclude<UserFormKind, 'agency'>;
  listedType: ListedUserType;
  /** Whose people are listed; also the company new people join and edits and deletes name. */
  companyID: number;
  group?: string;
  state: ListState<AgencySortKey>;
  update: ListStateUpdate<AgencySortKey>;
  /** Data columns; the action column is added at the end. */
  columns: readonly DataColumn<ManagedNode, AgencySortKey>[];
  /** Test ids: `{prefix}-list` table, `{prefix}-showing`, `{prefix}-pagination`, `{prefix}-list-error`. */
  testIdPrefix: string;
  /** A row's own id in test ids (`edit-{id}`, `edit-form-{id}`, `delete-{id}`, `resend-{id}`). */
  rowId: (node: ManagedNode) => string;
  rowTestId: (node: ManagedNode) => string;
  emptyText: string;
  /** What the forms offer (modules for clients). */
  offerFor: (node: ManagedNode | null) => FormOffer;
  roles?: readonly Option[];
  permissions: ListPermissions;
  /** Icons after edit and delete (user logs, switch to user …). */
  extraActions?: (node: ManagedNode) => ReactNode;
  /** Whether a row may be deleted (besides the delete permission). */
  deletable?: (node: ManagedNode) => boolean;
  /** The add form, shown above the table while `adding`. */
  adding: boolean;
  onAddClose: () => void;
  addTitle: string;
  addInitial: UserFormValues;
  addTestId: string;
  /** A name for the row in labels ('Edit Acme'). */
  nameOf?: (node: ManagedNode) => string;
}

/**
 * A paged list of people with inline edit, delete, resend invitation and an add form: the clients of an
 * agency (in the agency list and in Client Management), the Administrator list and the Sales account
 * list (spec 2 §2). Save, create and delete follow the role permissions (spec 2 §6).
 */
export function ManagedUserList(props: ManagedUserListProps) {
  const { viewer, kind, companyID, state, update, permissions, rowId, testIdPrefix } = props;
  const nameOf = props.nameOf ?? ((node: ManagedNode) => node.company_name || node.name);
  const [editing, setEditing] = useState<string | null>(null);
  const list = useUserList({
    companyID,
    idsys: viewer.idsys,
    userType: props.listedType,
    group: props.group,
    page: state.page,
    perPage: PER_PAGE,
    sort: state.sort,
    search: state.search,
  });
  useClampPage(state, list.data?.last_page, update);

  const formContext = (node: ManagedNode | null) => ({
    kind,
    companyID,
    idsys: viewer.idsys,
    offer: props.offerFor(node),
    withPlan: false,
  });

  const columns: DataColumn<ManagedNode, AgencySortKey>[] = [
    ...props.columns,
    {
      id: 'action',
      label: 'Action',
      render: (node) => {
        const id = rowId(node);
        // Your own row is changed in your profile, and you cannot remove yourself (the server says so too).
        const self = node.id === viewer.id;
        return (
          <Group gap={4} wrap="nowrap">
            {permissions.update && !self && (
              <EditRowIcon
                name={nameOf(node)}
                testId={`edit-${id}`}
                open={editing === id}
                onToggle={() => setEditing((current) => (current === id ? null : id))}
              />
            )}
            {permissions.delete && !self && (props.deletable?.(node) ?? true) && (
              <DeleteRowIcon node={node} name={nameOf(node)} companyID={companyID} testId={`delete-${id}`} />
            )}
            {node.status_acc === 'invited' && permissions.update && (
              <ResendInvitationIcon node={node} testId={`resend-${id}`} />
            )}
            {props.extraActions?.(node)}
          </Group>
        );
      },
    },
  ];

  return (
    <Stack gap="sm">
      {props.adding && permissions.create && (
        <UserForm
          title={props.addTitle}
          mode="create"
          ctx={formContext(null)}
          initial={props.addInitial}
          roles={props.roles}
          canSave={permissions.create}
          onDone={props.onAddClose}
          onCancel={props.onAddClose}
          testId={props.addTestId}
        />
      )}
      <PagedList query={list} onPage={(page) => update({ page })} testIdPrefix={testIdPrefix}>
        <DataTable
          columns={columns}
          rows={list.data?.data}
          rowKey={(node) => node.id}
          loading={list.isPending}
          emptyText={props.emptyText}
          sort={state.sort}
          onSort={(key) => update({ sort: nextSort(state.sort, key), page: 1 })}
          testIdPrefix={testIdPrefix}
          rowTestId={props.rowTestId}
          renderBelow={(node) =>
            editing === rowId(node) ? (
              <UserForm
                title={`Edit ${nameOf(node)}`}
                mode="edit"
                node={node}
                ctx={formContext(node)}
                initial={valuesFromNode(node)}
                roles={props.roles}
                canSave={permissions.update}
                onDone={() => setEditing(null)}
                onCancel={() => setEditing(null)}
                testId={`edit-form-${rowId(node)}`}
              />
            ) : null
          }
        />
      </PagedList>
    </Stack>
  );
}
