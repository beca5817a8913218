import { CURRENT_PASSWORD_INVALID, PASSWORD_UPDATED } from '@app/contracts';
import { Button, Group, Modal, PasswordInput, Stack, Text } from '@mantine/core';
import { type FormEvent, useEffect, useState } from 'react';
import { useChangePasswordMutation } from '../../../api/password';
import { placeServerErrors } from '../../../components/feedback/server-errors';
import {
  type ChangePasswordValues,
  changePasswordErrors,
  hasErrors,
} from '../../../components/password/password-rules';

/** Spec 1 §8: after 'your password has been updated!' the modal closes by itself after 2 seconds. */
const CLOSE_AFTER_SUCCESS_MS = 2000;

/** The request's names for the dialog's inputs. */
const PASSWORD_INPUTS = { currpassword: 'current', newpassword: 'password' } as const;

const EMPTY: ChangePasswordValues = { current: '', password: '', confirmation: '' };

interface ChangePasswordModalProps {
  opened: boolean;
  onClose: () => void;
  userId: number;
}

/** Change Password from the profile menu (spec 1 §2.5, §5): `POST /user/resetpassword`. */
export function ChangePasswordModal({ opened, onClose, userId }: ChangePasswordModalProps) {
  const change = useChangePasswordMutation();
  const [values, setValues] = useState(EMPTY);
  const [touched, setTouched] = useState(false);
  const local = touched ? changePasswordErrors(values) : {};
  const server = change.isError ? placeServerErrors(change.error, PASSWORD_INPUTS) : null;
  // Spec 1 §8: a refused current password reads '* Sorry, your current password invalid' at the
  // top; the new password's own refusal (too short, too common …) shows under it, anything else as
  // the server's message.
  const topText = server?.fields.current !== undefined ? CURRENT_PASSWORD_INVALID : (server?.message ?? null);
  const errors = { ...local, password: local.password ?? server?.fields.password };
  const { reset: resetMutation } = change;

  // Every opening starts blank: a password must not linger in a closed dialog.
  useEffect(() => {
    if (!opened) return;
    setValues(EMPTY);
    setTouched(false);
    resetMutation();
  }, [opened, resetMutation]);

  useEffect(() => {
    if (!change.isSuccess) return;
    const timer = setTimeout(onClose, CLOSE_AFTER_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [change.isSuccess, onClose]);

  const set = (key: keyof ChangePasswordValues) => (event: { currentTarget: { value: string } }) => {
    const { value } = event.currentTarget;
    setValues((current) => ({ ...current, [key]: value }));
    // A refusal was about the values it saw.
    if (change.isError) resetMutation();
  };

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(changePasswordErrors(values))) return;
    change.mutate({ usrID: userId, currpassword: values.current, newpassword: values.password });
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Change Password" centered>
      <form onSubmit={handleSubmit} noValidate aria-label="Change password">
        <Stack gap="md">
          {topText && (
            <Text c="red" size="sm" role="alert" data-testid="change-password-error">
              {topText}
            </Text>
          )}
          {change.isSuccess && (
            <Text c="green" size="sm" role="status" data-testid="change-password-done">
              {PASSWORD_UPDATED}
            </Text>
          )}
          <PasswordInput
            label="Current Password"
            autoComplete="current-password"
            required
            data-autofocus
            value={values.current}
            error={errors.current}
            onChange={set('current')}
          />
          <PasswordInput
            label="New Password"
            autoComplete="new-password"
            required
            value={values.password}
            error={errors.password}
            onChange={set('password')}
          />
          <PasswordInput
            label="Confirm Password"
            autoComplete="new-password"
            required
            value={values.confirmation}
            error={errors.confirmation}
            onChange={set('confirmation')}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Cancel
            </Button>
            <Button type="submit" loading={change.isPending} disabled={change.isSuccess}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
