import { ROLE_MODULE_LABELS, ROLE_MODULES } from '@app/contracts';
import {
  Alert,
  Button,
  Checkbox,
  Group,
  Loader,
  Modal,
  Select,
  Stack,
  Table,
  Text,
  TextInput,
} from '@mantine/core';
import { useEffect, useState } from 'react';
import { failureMessage } from '../../../api/http';
import { type RoleSummary, useRoleModule, useSaveRole } from '../../../api/roles';
import { showNotice } from '../../../components/feedback/notice';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';
import {
  emptyGrid,
  gridFrom,
  ROLE_ACTION_LABELS,
  ROLE_ACTIONS,
  type RoleFormValues,
  roleNameError,
  toggleGrid,
  toSaveRoleRequest,
} from './role-form-model';
import { ROLE_ICON_OPTIONS, RoleIcon } from './role-icons';

interface RoleFormModalProps {
  companyID: number;
  usrID: number;
  /** The role being edited, or null to add one. */
  role: RoleSummary | null;
  opened: boolean;
  onClose: () => void;
}

const blank = (): RoleFormValues => ({ roleName: '', roleIcon: 'user', grid: emptyGrid() });

const ROLE_INPUTS = inputsNamed(['roleName']);

/** Add or edit a role: name, icon and the permission grid of spec 1 §3.6. */
export function RoleFormModal({ companyID, usrID, role, opened, onClose }: RoleFormModalProps) {
  const permissions = useRoleModule(companyID, opened && role ? role.roleID : null, usrID);
  const save = useSaveRole();
  const [values, setValues] = useState<RoleFormValues>(blank);
  const [nameError, setNameError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // The form is filled once per opening: from the role's permissions when editing.
  const loaded = permissions.data;
  const resetSave = save.reset;
  useEffect(() => {
    if (!opened) return;
    resetSave();
    setNameError(null);
    setFailure(null);
    if (!role) setValues(blank());
    else if (loaded) {
      setValues({
        roleName: role.roleName,
        roleIcon: role.roleIcon || 'user',
        grid: gridFrom(loaded.modules),
      });
    }
  }, [opened, role, loaded, resetSave]);

  const submit = async () => {
    const error = roleNameError(values.roleName);
    setNameError(error);
    setFailure(null);
    if (error) return;
    try {
      const answer = await save.mutateAsync(toSaveRoleRequest(companyID, role?.roleID ?? null, values));
      showNotice({ color: 'green', title: 'Role List', message: answer.message });
      onClose();
    } catch (cause) {
      const placed = placeServerErrors(cause, ROLE_INPUTS);
      setNameError(placed.fields.roleName ?? null);
      setFailure(placed.message);
    }
  };

  const loading = role !== null && permissions.isPending;
  const options = ROLE_ICON_OPTIONS.some((o) => o.value === values.roleIcon)
    ? ROLE_ICON_OPTIONS
    : [...ROLE_ICON_OPTIONS, { value: values.roleIcon, label: values.roleIcon }];

  return (
    <Modal opened={opened} onClose={onClose} title={role ? 'Edit Role' : 'Add Role'} size="lg">
      {loading ? (
        <Group justify="center" p="lg">
          <Loader size="sm" aria-label="Loading role" />
        </Group>
      ) : permissions.isError ? (
        <Alert color="red" role="alert" data-testid="role-form-error">
          {failureMessage(permissions.error)}
        </Alert>
      ) : (
        <form
          data-testid="role-form"
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
        >
          <Stack gap="md">
            <Group grow align="flex-start">
              <TextInput
                label="Role Name"
                required
                maxLength={255}
                value={values.roleName}
                error={nameError}
                onChange={(event) => {
                  const roleName = event.currentTarget.value;
                  setValues((v) => ({ ...v, roleName }));
                  setNameError(null);
                }}
                data-testid="role-name"
              />
              <Select
                label="Role Icon"
                data={options}
                value={values.roleIcon}
                allowDeselect={false}
                leftSection={<RoleIcon name={values.roleIcon} size={16} />}
                onChange={(roleIcon) => setValues((v) => ({ ...v, roleIcon: roleIcon ?? 'user' }))}
                data-testid="role-icon"
              />
            </Group>

            <Table withTableBorder striped aria-label="Permissions">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Module</Table.Th>
                  {ROLE_ACTIONS.map((action) => (
                    <Table.Th key={action} ta="center">
                      {ROLE_ACTION_LABELS[action]}
                    </Table.Th>
                  ))}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {ROLE_MODULES.map((module) => (
                  <Table.Tr key={module}>
                    <Table.Td>{ROLE_MODULE_LABELS[module]}</Table.Td>
                    {ROLE_ACTIONS.map((action) => (
                      <Table.Td key={action}>
                        <Group justify="center">
                          <Checkbox
                            aria-label={`${ROLE_MODULE_LABELS[module]} ${ROLE_ACTION_LABELS[action]}`}
                            checked={values.grid[module][action]}
                            onChange={(event) => {
                              const on = event.currentTarget.checked;
                              setValues((v) => ({ ...v, grid: toggleGrid(v.grid, module, action, on) }));
                            }}
                            data-testid={`role-perm-${module}-${action}`}
                          />
                        </Group>
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>

            {failure && (
              <Alert color="red" role="alert" data-testid="role-form-error">
                {failure}
              </Alert>
            )}
            <Text size="xs" c="dimmed">
              Create, update and delete apply only to an enabled module.
            </Text>
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending} data-testid="role-save">
                Save
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Modal>
  );
}
