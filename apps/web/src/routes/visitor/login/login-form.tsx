import { Alert, Anchor, Button, Group, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, type ReactNode, useState } from 'react';

export interface LoginCredentials {
  username: string;
  password: string;
}

interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  onForgotPassword: () => void;
  submitting: boolean;
  /** The server's message for a failed attempt, shown as is. */
  errorMessage: string | null;
  /** The bot-check widget, placed above the submit button. */
  botCheck?: ReactNode;
}

/** Presentational form: knows nothing about the API, so the page decides what a submit does. */
export function LoginForm({
  onSubmit,
  onForgotPassword,
  submitting,
  errorMessage,
  botCheck,
}: LoginFormProps) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [touched, setTouched] = useState(false);
  const usernameError = touched && username.trim() === '' ? 'Username or e-mail is required' : null;
  const passwordError = touched && password === '' ? 'Password is required' : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (username.trim() === '' || password === '') return;
    onSubmit({ username: username.trim(), password });
  }

  return (
    <form onSubmit={handleSubmit} noValidate aria-label="Sign in">
      <Stack gap="md">
        {errorMessage && (
          <Alert
            color="red"
            variant="light"
            icon={<IconAlertCircle />}
            role="alert"
            data-testid="login-error"
          >
            {errorMessage}
          </Alert>
        )}
        <TextInput
          label="Username or E-mail"
          name="username"
          autoComplete="username"
          required
          value={username}
          error={usernameError}
          onChange={(event) => setUsername(event.currentTarget.value)}
        />
        <PasswordInput
          label="Password"
          name="password"
          autoComplete="current-password"
          required
          value={password}
          error={passwordError}
          onChange={(event) => setPassword(event.currentTarget.value)}
        />
        <Group justify="flex-end" mt={-8}>
          <Anchor component="button" type="button" size="sm" onClick={onForgotPassword}>
            Forgot password?
          </Anchor>
        </Group>
        {botCheck}
        <Button type="submit" fullWidth size="md" loading={submitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
