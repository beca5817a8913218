import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { type RoleSummary, useRemoveRole, useRoles, useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { NoticeRow } from '../../../components/data-list/notice-row';
import { showNotice } from '../../../components/feedback/notice';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { RoleFormModal } from './role-form-modal';
import { RoleIcon } from './role-icons';

/**
 * /configuration/role-list: the roles of the signed-in user's company, with add, edit and delete.
 * Buttons follow the policy's roles.create / roles.update / roles.delete for the session (spec 2 §6);
 * the server enforces the same and its refusal text (403, a role still in use) is shown as is.
 */
export function RoleListPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const companyID = viewer?.company_id ?? null;
  const roles = useRoles(companyID, viewer?.id ?? null);
  const permissions = useSessionPermissions();
  const remove = useRemoveRole();
  // The role stays set while the modal closes, so its title does not flip during the transition.
  const [formRole, setFormRole] = useState<RoleSummary | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openForm = (role: RoleSummary | null) => {
    setFormRole(role);
    setFormOpen(true);
  };

  if (!viewer || companyID === null) return <PageLoader label="Loading roles" />;

  // Sales staff may look at the list but roles are managed by company staff with the Settings switches.
  const canCreate = permissions.may('roles.create');
  const canUpdate = permissions.may('roles.update');
  const canDelete = permissions.may('roles.delete');

  const confirmDelete = (role: RoleSummary) =>
    modals.openConfirmModal({
      title: 'Delete Role',
      children: <Text size="sm">Are you sure you want to delete the role "{role.roleName}"?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'role-delete-confirm' } as Record<string, unknown>,
      onConfirm: () =>
        remove.mutate(
          { companyID, roleID: role.roleID },
          {
            onSuccess: (answer) =>
              showNotice({ color: 'green', title: 'Role List', message: answer.message }),
          },
        ),
    });

  return (
    <Stack gap="md" data-testid="role-list">
      <Group justify="space-between">
        <Title order={2}>Role List</Title>
        {canCreate && (
          <Button leftSection={<IconPlus size={16} />} onClick={() => openForm(null)} data-testid="role-add">
            Add Role
          </Button>
        )}
      </Group>

      {remove.isError && <FailureAlert error={remove.error} testId="role-list-error" />}
      {roles.isError && <LoadFailure error={roles.error} onRetry={roles.refetch} testId="role-list-error" />}

      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Roles">
          <Table.Thead>
            <Table.Tr>
              <Table.Th w={60}>Icon</Table.Th>
              <Table.Th>Role Name</Table.Th>
              <Table.Th w={120} ta="right">
                Action
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {roles.isPending && (
              <NoticeRow colSpan={3} role="status">
                Loading Data
              </NoticeRow>
            )}
            {roles.data?.roles.length === 0 && (
              <NoticeRow colSpan={3} testId="role-list-empty">
                No roles yet.
              </NoticeRow>
            )}
            {roles.data?.roles.map((role) => (
              <Table.Tr key={role.roleID} data-testid={`role-row-${role.roleID}`}>
                <Table.Td>
                  <RoleIcon name={role.roleIcon} />
                </Table.Td>
                <Table.Td>{role.roleName}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canUpdate && (
                      <Tooltip label="Edit">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Edit ${role.roleName}`}
                          onClick={() => openForm(role)}
                          data-testid={`role-edit-${role.roleID}`}
                        >
                          <IconPencil size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                    {canDelete && (
                      <Tooltip label="Delete">
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={`Delete ${role.roleName}`}
                          loading={remove.isPending && remove.variables?.roleID === role.roleID}
                          onClick={() => confirmDelete(role)}
                          data-testid={`role-delete-${role.roleID}`}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </Group>
                </Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>

      <RoleFormModal
        companyID={companyID}
        usrID={viewer.id}
        role={formRole}
        opened={formOpen}
        onClose={() => setFormOpen(false)}
      />
    </Stack>
  );
}

export default RoleListPage;
