import {
  type CompanyGroupRow,
  MODULES,
  type ModuleType,
  type SaveCompanyGroupRequest,
  type SessionUser,
  saveCompanyGroupRequestSchema,
} from '@app/contracts';
import { moduleNaming } from '@app/policy';
import { Alert, Button, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { useSaveCompanyGroup } from '../../../api/company-groups';
import { showNotice } from '../../../components/feedback/notice';
import { inputsNamed, placeServerErrors } from '../../../components/feedback/server-errors';

interface CompanyGroupFormModalProps {
  viewer: SessionUser;
  companyID: number;
  /** The group being renamed, or null to add one. */
  group: CompanyGroupRow | null;
  opened: boolean;
  onClose: () => void;
}

/** The contracts' schema decides what may be sent; its texts are the server's (field by field). */
function firstFieldErrors(body: SaveCompanyGroupRequest): Record<string, string> {
  const result = saveCompanyGroupRequestSchema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) errors[String(issue.path[0] ?? 'form')] ??= issue.message;
  return errors;
}

const GROUP_INPUTS = inputsNamed(['companyGroupName', 'moduleID']);

/** Add a group (name and module) or rename one (its module stays). */
export function CompanyGroupFormModal({
  viewer,
  companyID,
  group,
  opened,
  onClose,
}: CompanyGroupFormModalProps) {
  const save = useSaveCompanyGroup();
  const [name, setName] = useState('');
  const [module, setModule] = useState<ModuleType>('local');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const resetSave = save.reset;
  useEffect(() => {
    if (!opened) return;
    resetSave();
    setErrors({});
    setFailure(null);
    setName(group?.group_name ?? '');
    setModule(group?.module ?? 'local');
  }, [opened, group, resetSave]);

  const submit = async () => {
    const body: SaveCompanyGroupRequest = {
      ...(group ? { companyGroupID: group.id } : {}),
      companyGroupName: name,
      companyID,
      moduleID: module,
    };
    const local = firstFieldErrors(body);
    setErrors(local);
    setFailure(null);
    if (Object.keys(local).length > 0) return;
    try {
      const answer = await save.mutateAsync(body);
      showNotice({ color: 'green', title: 'Company Groups', message: answer.message });
      onClose();
    } catch (cause) {
      // The server's field texts land beside their fields; anything else shows below the form.
      const placed = placeServerErrors(cause, GROUP_INPUTS);
      setErrors(placed.fields);
      setFailure(placed.message);
    }
  };

  return (
    <Modal opened={opened} onClose={onClose} title={group ? 'Rename Group' : 'Add Group'}>
      <form
        data-testid="company-group-form"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <Stack gap="md">
          <TextInput
            label="Group Name"
            required
            maxLength={255}
            value={name}
            error={errors.companyGroupName}
            onChange={(event) => {
              setName(event.currentTarget.value);
              setErrors((e) => ({ ...e, companyGroupName: '' }));
            }}
            data-testid="company-group-name"
          />
          <Select
            label="Module"
            data={MODULES.map((value) => ({ value, label: moduleNaming(viewer, value).name }))}
            value={module}
            allowDeselect={false}
            disabled={group !== null}
            error={errors.moduleID}
            onChange={(value) => setModule((value as ModuleType | null) ?? 'local')}
            data-testid="company-group-module"
          />
          {failure && (
            <Alert color="red" role="alert" data-testid="company-group-form-error">
              {failure}
            </Alert>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={save.isPending} data-testid="company-group-save">
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
