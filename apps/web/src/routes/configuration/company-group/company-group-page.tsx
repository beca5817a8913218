import type { CompanyGroupRow } from '@app/contracts';
import { groupListCompany, moduleNaming } from '@app/policy';
import { ActionIcon, Button, Group, Paper, Stack, Table, Text, Title, Tooltip } from '@mantine/core';
import { modals } from '@mantine/modals';
import { IconPencil, IconPlus, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';
import { useCompanyGroups, useRemoveCompanyGroup } from '../../../api/company-groups';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { NoticeRow } from '../../../components/data-list/notice-row';
import { showNotice } from '../../../components/feedback/notice';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { CompanyGroupFormModal } from './company-group-form-modal';

/**
 * /configuration/company-group: the groups of the signed-in user's company (the ones the sidebar's
 * selector lists), with add, rename and delete. Buttons follow the policy's groups.create /
 * groups.update / groups.delete for the session; the server decides with the same rules.
 */
export function CompanyGroupPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const permissions = useSessionPermissions();
  const companyID = permissions.actor ? groupListCompany(permissions.actor) : null;
  const groups = useCompanyGroups(companyID ?? 0);
  const remove = useRemoveCompanyGroup();
  // The group stays set while the modal closes, so its title does not flip during the transition.
  const [formGroup, setFormGroup] = useState<CompanyGroupRow | null>(null);
  const [formOpen, setFormOpen] = useState(false);
  const openForm = (group: CompanyGroupRow | null) => {
    setFormGroup(group);
    setFormOpen(true);
  };

  if (!viewer || companyID === null || !permissions.ready) return <PageLoader label="Loading groups" />;

  const canCreate = permissions.may('groups.create');
  const canUpdate = permissions.may('groups.update');
  const canDelete = permissions.may('groups.delete');

  const confirmDelete = (group: CompanyGroupRow) =>
    modals.openConfirmModal({
      title: 'Delete Group',
      children: <Text size="sm">Are you sure you want to delete the group "{group.group_name}"?</Text>,
      labels: { confirm: 'Delete', cancel: 'Cancel' },
      confirmProps: { color: 'red', 'data-testid': 'company-group-delete-confirm' } as Record<
        string,
        unknown
      >,
      onConfirm: () =>
        remove.mutate(group.id, {
          onSuccess: (answer) =>
            showNotice({ color: 'green', title: 'Company Groups', message: answer.message }),
        }),
    });

  return (
    <Stack gap="md" data-testid="company-group-list">
      <Group justify="space-between">
        <Title order={2}>Company Groups</Title>
        {canCreate && (
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => openForm(null)}
            data-testid="company-group-add"
          >
            Add Group
          </Button>
        )}
      </Group>

      {remove.isError && <FailureAlert error={remove.error} testId="company-group-error" />}
      {groups.isError && (
        <LoadFailure error={groups.error} onRetry={groups.refetch} testId="company-group-error" />
      )}

      <Paper withBorder radius="md">
        <Table verticalSpacing="sm" highlightOnHover aria-label="Company groups">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Group Name</Table.Th>
              <Table.Th>Module</Table.Th>
              <Table.Th w={120} ta="right">
                Action
              </Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {groups.isPending && (
              <NoticeRow colSpan={3} role="status">
                Loading Data
              </NoticeRow>
            )}
            {groups.data?.params.length === 0 && (
              <NoticeRow colSpan={3} testId="company-group-empty">
                No groups yet.
              </NoticeRow>
            )}
            {groups.data?.params.map((group) => (
              <Table.Tr key={group.id} data-testid={`company-group-row-${group.id}`}>
                <Table.Td>{group.group_name}</Table.Td>
                <Table.Td>{moduleNaming(viewer, group.module).name}</Table.Td>
                <Table.Td>
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {canUpdate && (
                      <Tooltip label="Rename">
                        <ActionIcon
                          variant="subtle"
                          aria-label={`Rename ${group.group_name}`}
                          onClick={() => openForm(group)}
                          data-testid={`company-group-edit-${group.id}`}
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
                          aria-label={`Delete ${group.group_name}`}
                          loading={remove.isPending && remove.variables === group.id}
                          onClick={() => confirmDelete(group)}
                          data-testid={`company-group-delete-${group.id}`}
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

      <CompanyGroupFormModal
        viewer={viewer}
        companyID={companyID}
        group={formGroup}
        opened={formOpen}
        onClose={() => setFormOpen(false)}
      />
    </Stack>
  );
}

export default CompanyGroupPage;
