import { Alert, Button, Group, Modal, Select, Stack } from '@mantine/core';
import { useEffect, useMemo, useState } from 'react';
import type { ManagedNode } from '../../../api/agency-list';
import { failureMessage } from '../../../api/http';
import { useSalesStaff, useSetSales } from '../../../api/user-management';
import { notifySuccess } from '../../../components/feedback/feedback';
import {
  inputsNamed,
  type PlacedServerErrors,
  placeServerErrors,
} from '../../../components/feedback/server-errors';

interface SetSalesModalProps {
  /** The agency whose sales people are set; null keeps the modal closed. */
  agency: ManagedNode | null;
  /** The system's company, whose sales staff are offered. */
  companyID: number;
  onClose: () => void;
}

const NONE = '0';
type Role = 'salesRep' | 'salesAE' | 'salesRef';

const SALES_INPUTS = inputsNamed<Role>(['salesRep', 'salesAE', 'salesRef']);
const NO_FAILURE: PlacedServerErrors<Role> = { fields: {}, message: null };

const ROLES: { role: Role; label: string; field: 'salesrepid' | 'accountexecutiveid' | 'accountrefid' }[] = [
  { role: 'salesRep', label: 'Sales Representative', field: 'salesrepid' },
  { role: 'salesAE', label: 'Account Executive', field: 'accountexecutiveid' },
  { role: 'salesRef', label: 'Account Referral', field: 'accountrefid' },
];

/**
 * Set Sales Person (spec 2 §2, §7 `GET /configuration/sales/list/{companyID}`, `PUT /configuration/sales`):
 * the agency's sales representative, account executive and referrer, each chosen from the system's
 * sales staff or none. Account executives are offered only people marked as such.
 */
export function SetSalesModal({ agency, companyID, onClose }: SetSalesModalProps) {
  const staff = useSalesStaff(companyID, agency !== null);
  const save = useSetSales();
  const [chosen, setChosen] = useState<Record<Role, string>>({
    salesRep: NONE,
    salesAE: NONE,
    salesRef: NONE,
  });
  const [failure, setFailure] = useState(NO_FAILURE);

  useEffect(() => {
    if (!agency) return;
    save.reset();
    setFailure(NO_FAILURE);
    setChosen(
      Object.fromEntries(ROLES.map(({ role, field }) => [role, String(agency[field] ?? NONE)])) as Record<
        Role,
        string
      >,
    );
  }, [agency, save.reset]);

  const options = useMemo(() => {
    const people = staff.data?.data ?? [];
    const none = { value: NONE, label: 'None' };
    const all = people.map((p) => ({ value: String(p.id), label: p.name }));
    const executives = people
      .filter((p) => p.isAccExecutive)
      .map((p) => ({ value: String(p.id), label: p.name }));
    return { salesRep: [none, ...all], salesAE: [none, ...executives], salesRef: [none, ...all] };
  }, [staff.data]);

  const submit = () => {
    if (!agency) return;
    setFailure(NO_FAILURE);
    const id = (role: Role) => (chosen[role] === NONE ? null : Number(chosen[role]));
    save.mutate(
      {
        companyID: agency.company_id,
        salesRep: id('salesRep'),
        salesAE: id('salesAE'),
        salesRef: id('salesRef'),
      },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onClose();
        },
        onError: (cause) => setFailure(placeServerErrors(cause, SALES_INPUTS)),
      },
    );
  };

  return (
    <Modal opened={agency !== null} onClose={onClose} title="Set Sales Person">
      <Stack gap="sm" data-testid="set-sales-modal">
        {(failure.message || staff.isError) && (
          <Alert color="red" variant="light" role="alert" data-testid="set-sales-error">
            {failure.message ?? failureMessage(staff.error)}
          </Alert>
        )}
        {ROLES.map(({ role, label }) => (
          <Select
            key={role}
            label={label}
            allowDeselect={false}
            searchable
            disabled={staff.isPending}
            data={options[role]}
            value={chosen[role]}
            error={failure.fields[role]}
            onChange={(value) => {
              setChosen((current) => ({ ...current, [role]: value ?? NONE }));
              setFailure(NO_FAILURE);
            }}
            data-testid={`set-sales-${role}`}
          />
        ))}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={submit} loading={save.isPending} data-testid="set-sales-save">
            Save
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
