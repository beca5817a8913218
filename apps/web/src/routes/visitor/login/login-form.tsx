import { Alert, Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';

export interface LoginCredentials {
  username: string;
  password: string;
}

interface LoginFormProps {
  onSubmit: (credentials: LoginCredentials) => void;
  submitting: boolean;
  /** The server's message for a failed attempt, shown as is. */
  errorMessage: string | null;
}

/** Presentational form: knows nothing about the API, so the two-factor step can reuse the page around it. */
export function LoginForm({ onSubmit, submitting, errorMessage }: LoginFormProps) {
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
        <Button type="submit" fullWidth size="md" loading={submitting}>
          Sign In
        </Button>
      </Stack>
    </form>
  );
}
