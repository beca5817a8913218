import type { ManagedNode } from '@app/contracts';
import { Alert, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useMemo, useState } from 'react';
import { useCreateUser, useUpdateUser } from '../../api/user-management';
import { notifySuccess } from '../feedback/feedback';
import { UserFormFields } from './user-form-fields';
import {
  checkCreate,
  checkUpdate,
  type FormContext,
  formFields,
  type Option,
  placeSaveFailure,
  type UserFormErrors,
  type UserFormField,
  type UserFormMode,
  type UserFormValues,
} from './user-form-model';

interface UserFormProps {
  title: string;
  mode: UserFormMode;
  ctx: FormContext;
  initial: UserFormValues;
  /** Edit: the row being edited. */
  node?: ManagedNode;
  roles?: readonly Option[];
  plans?: readonly Option[];
  /** The create or update permission (spec 2 §6); without it the form is read-only and has no save. */
  canSave: boolean;
  onDone: () => void;
  onCancel: () => void;
  testId: string;
}

/**
 * The add/edit form of an agency, client, administrator or sales person (spec 2 §2, §5): checked with
 * the contracts' schemas before sending, the server's field texts under their inputs, 'Server might be
 * busy please try again later' when the server is not reached, the server's success text after a save.
 */
export function UserForm({
  title,
  mode,
  ctx,
  initial,
  node,
  roles,
  plans,
  canSave,
  onDone,
  onCancel,
  testId,
}: UserFormProps) {
  const [values, setValues] = useState<UserFormValues>(initial);
  const [errors, setErrors] = useState<UserFormErrors>({});
  const [message, setMessage] = useState<string | null>(null);
  const create = useCreateUser();
  const update = useUpdateUser();
  const saving = create.isPending || update.isPending;
  const fields = useMemo(() => {
    const shown = new Set(formFields(ctx.kind, mode));
    if (!ctx.withPlan) shown.delete('planMinSpendId');
    return shown;
  }, [ctx.kind, ctx.withPlan, mode]);

  function set<K extends UserFormField>(field: K, value: UserFormValues[K]) {
    setValues((current) => ({ ...current, [field]: value }));
    // A text is about the value it was given; editing the field retires it.
    setErrors((current) => (current[field] ? { ...current, [field]: undefined } : current));
  }

  const failed = (error: unknown) => {
    const placed = placeSaveFailure(error);
    setErrors(placed.errors);
    setMessage(placed.message);
  };
  const saved = (answer: { message: string }) => {
    notifySuccess(answer.message);
    onDone();
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // The form is nested in a table row that may itself react to clicks and submits.
    event.stopPropagation();
    setMessage(null);
    if (mode === 'edit' && node) {
      const checked = checkUpdate(node, values, ctx);
      if (!checked.ok) return setErrors(checked.placed.errors);
      setErrors({});
      update.mutate(checked.request, { onSuccess: saved, onError: failed });
    } else {
      const checked = checkCreate(values, ctx);
      if (!checked.ok) return setErrors(checked.placed.errors);
      setErrors({});
      create.mutate(checked.request, { onSuccess: saved, onError: failed });
    }
  }

  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={handleSubmit} noValidate aria-label={title} data-testid={testId}>
        <Stack gap="md">
          <Text fw={700}>{title}</Text>
          {message && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              role="alert"
              data-testid="user-form-error"
            >
              {message}
            </Alert>
          )}
          <UserFormFields
            fields={fields}
            values={values}
            errors={errors}
            set={set}
            offer={ctx.offer}
            roles={roles}
            plans={plans}
            disabled={saving || !canSave}
          />
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onCancel} disabled={saving} data-testid="user-form-cancel">
              Cancel
            </Button>
            {canSave && (
              <Button type="submit" loading={saving} data-testid="user-form-save">
                Save
              </Button>
            )}
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
