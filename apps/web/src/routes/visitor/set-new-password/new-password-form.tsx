import type { PasswordLinkPurpose } from '@app/contracts';
import { Alert, Button, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconCircleCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { Link } from 'react-router';
import { failureMessage } from '../../../api/http';
import { useResetPasswordMutation } from '../../../api/password';
import { hasErrors, newPasswordErrors } from '../../../components/password/password-rules';
import { PASSWORD_FORM_TEXTS, type ResetLink } from './reset-link';

/**
 * `POST /reset-password` for a verified link; the server's message is shown either way. An
 * invitation's link sets a first password, a reset link replaces one: the words follow the link.
 */
export function NewPasswordForm({ link, purpose }: { link: ResetLink; purpose: PasswordLinkPurpose }) {
  const texts = PASSWORD_FORM_TEXTS[purpose];
  const reset = useResetPasswordMutation();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [touched, setTouched] = useState(false);
  const errors = touched ? newPasswordErrors({ password, confirmation }) : {};

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (hasErrors(newPasswordErrors({ password, confirmation }))) return;
    reset.mutate({ token: link.token, email: link.email, password, password_confirmation: confirmation });
  }

  if (reset.isSuccess) {
    return (
      <Stack gap="lg">
        <Title order={2}>{texts.title}</Title>
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck />}
          role="status"
          data-testid="reset-done"
        >
          {reset.data.message}
        </Alert>
        <Button component={Link} to="/login" fullWidth size="md">
          Sign In
        </Button>
      </Stack>
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>{texts.title}</Title>
        <Text c="dimmed" size="sm">
          {texts.intro(link.email)}
        </Text>
      </Stack>
      <form onSubmit={handleSubmit} noValidate>
        <Stack gap="md">
          {reset.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              role="alert"
              data-testid="reset-error"
            >
              {failureMessage(reset.error)}
            </Alert>
          )}
          <PasswordInput
            label="New Password"
            name="password"
            autoComplete="new-password"
            required
            value={password}
            error={errors.password}
            onChange={(event) => setPassword(event.currentTarget.value)}
          />
          <PasswordInput
            label="Confirm Password"
            name="password_confirmation"
            autoComplete="new-password"
            required
            value={confirmation}
            error={errors.confirmation}
            onChange={(event) => setConfirmation(event.currentTarget.value)}
          />
          <Button type="submit" fullWidth size="md" loading={reset.isPending}>
            {texts.submit}
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}
