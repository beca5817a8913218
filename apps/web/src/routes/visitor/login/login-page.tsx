import { Alert, Stack, Text, Title } from '@mantine/core';
import { useState } from 'react';
import { type LoginResponse, useLoginMutation } from '../../../api/auth';
import { useDomainInfo } from '../../../api/domain-info';
import { GENERIC_FAILURE_MESSAGE } from '../../../api/http';
import { useBoot } from '../../../app/boot/boot-context';
import { sessionStore } from '../../../app/session/session';
import { type LoginCredentials, LoginForm } from './login-form';

/**
 * Sign in (spec 1 §7.1 POST /login). The host's domain info says which company's users may sign in here
 * (ownedcompanyid) and under which root. The bot check (gtoken) is empty until it is wired in.
 */
export function LoginPage() {
  const { hostname } = useBoot();
  const domainInfo = useDomainInfo();
  const login = useLoginMutation();
  const [codeRequired, setCodeRequired] = useState(false);

  function handleSubmit({ username, password }: LoginCredentials) {
    setCodeRequired(false);
    login.mutate(
      {
        username,
        password,
        gtoken: '',
        domainName: hostname,
        ownedcompanyid: domainInfo.owner_company_id,
        companyrootid: domainInfo.rootcomp,
      },
      { onSuccess: (answer) => setCodeRequired(handleLoginAnswer(answer)) },
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Sign In</Title>
        <Text c="dimmed" size="sm">
          Use your {domainInfo.branding.company_name} account
        </Text>
      </Stack>
      {codeRequired && (
        <Alert color="blue" variant="light" title="Verification code required">
          Two-factor sign-in arrives with a later release.
        </Alert>
      )}
      <LoginForm
        onSubmit={handleSubmit}
        submitting={login.isPending}
        errorMessage={login.isError ? login.error.message || GENERIC_FAILURE_MESSAGE : null}
      />
    </Stack>
  );
}

/**
 * Stores the tokens of a successful login (spec 1 §4). Returns true when the server asks for a two-factor
 * code instead. Loading the user and routing by role join with the session issue.
 */
function handleLoginAnswer(answer: LoginResponse | undefined): boolean {
  if (answer?.otp_token) return true;
  if (answer?.access_token && answer.refresh_token) {
    sessionStore.setTokens({
      access_token: answer.access_token,
      refresh_token: answer.refresh_token,
      expires_in: Number(answer.expires_in ?? 0),
    });
  }
  return false;
}

export default LoginPage;
