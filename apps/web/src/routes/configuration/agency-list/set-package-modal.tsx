import { setPackageRequestSchema } from '@app/contracts';
import { Alert, Button, Group, Modal, Stack, Text, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import type { ManagedNode } from '../../../api/agency-list';
import { useSetAgencyPackage } from '../../../api/user-management';
import { notifySuccess } from '../../../components/feedback/feedback';
import {
  inputsNamed,
  type PlacedServerErrors,
  placeServerErrors,
} from '../../../components/feedback/server-errors';

type Field = 'packageID';
const INPUTS = inputsNamed<Field>(['packageID']);
const NO_FAILURE: PlacedServerErrors<Field> = { fields: {}, message: null };

/**
 * The agency's package (decision 0061): new agencies start with their system's default; the platform's
 * staff change it here. Blank removes it, and an agency without a package cannot add clients, which
 * the modal says before it is saved.
 */
export function SetPackageModal({ agency, onClose }: { agency: ManagedNode | null; onClose: () => void }) {
  const save = useSetAgencyPackage();
  const [value, setValue] = useState('');
  const [failure, setFailure] = useState(NO_FAILURE);

  useEffect(() => {
    if (!agency) return;
    save.reset();
    setFailure(NO_FAILURE);
    setValue(agency.package_id);
  }, [agency, save.reset]);

  const submit = () => {
    if (!agency) return;
    const checked = setPackageRequestSchema.safeParse({ CompanyID: agency.company_id, packageID: value });
    if (!checked.success) {
      const text = checked.error.issues[0]?.message ?? 'Please enter a valid package id.';
      return setFailure({ fields: { packageID: text }, message: null });
    }
    setFailure(NO_FAILURE);
    save.mutate(checked.data, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        onClose();
      },
      onError: (cause) => setFailure(placeServerErrors(cause, INPUTS)),
    });
  };

  return (
    <Modal opened={agency !== null} onClose={onClose} title={`Package of ${agency?.company_name ?? ''}`}>
      <Stack gap="sm" data-testid="set-package-modal">
        {failure.message && (
          <Alert color="red" variant="light" role="alert">
            {failure.message}
          </Alert>
        )}
        <TextInput
          label="Package"
          description="Letters, digits, hyphens and underscores."
          value={value}
          error={failure.fields.packageID}
          onChange={(event) => {
            setValue(event.currentTarget.value);
            setFailure(NO_FAILURE);
          }}
          data-testid="set-package-input"
        />
        {value.trim() === '' && (
          <Text size="sm" c="red.8" data-testid="set-package-none-warning">
            Without a package this agency cannot add clients, even with its payment account connected.
          </Text>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="set-package-save">
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
