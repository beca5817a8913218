import { Stack, Text, Title } from '@mantine/core';
import { useRef } from 'react';
import { hostScope, useLoginMutation } from '../../../api/auth';
import { useDomainInfo } from '../../../api/domain-info';
import { failureMessage } from '../../../api/http';
import { useBoot } from '../../../app/boot/boot-context';
import { useVisitorHost } from '../../../app/visitor/visitor-host';
import { BotCheck } from '../../../components/bot-check/bot-check';
import { useBotCheck } from '../../../components/bot-check/use-bot-check';
import type { TwoFactorType } from './login-flow';
import { type LoginCredentials, LoginForm } from './login-form';

interface SignInStepProps {
  onCodeRequired: (challenge: { email: string; otpToken: string; method: TwoFactorType }) => void;
  onForgotPassword: () => void;
}

/**
 * `POST /login` (spec 1 §7.1). Tokens start the session; the route guard then loads the user and sends
 * them on by role. A two-factor answer moves the screen to the code step.
 */
export function SignInStep({ onCodeRequired, onForgotPassword }: SignInStepProps) {
  const { hostname } = useBoot();
  const domainInfo = useDomainInfo();
  const host = useVisitorHost();
  const login = useLoginMutation();
  const botCheck = useBotCheck();
  // One sign-in at a time: a second submit (Enter and a click, a double click) before the first is
  // answered would otherwise race it, and its answer is the one the form shows.
  const inFlight = useRef(false);

  async function handleSubmit({ username, password }: LoginCredentials) {
    if (inFlight.current) return;
    inFlight.current = true;
    let gtoken: string;
    try {
      gtoken = await botCheck.token();
    } catch (err) {
      inFlight.current = false;
      throw err;
    }
    login.mutate(
      { username, password, gtoken, domainName: hostname, ...hostScope(domainInfo) },
      {
        onSuccess: (answer) => {
          if (answer.result === 'otp_required') {
            onCodeRequired({
              email: username,
              otpToken: answer.otp_token,
              method: answer.two_factor_auth_type,
            });
          } else {
            host.sessionStarted(answer);
          }
        },
        // token() used the answer up and already fetched the next challenge (single-use answers).
        onSettled: () => {
          inFlight.current = false;
        },
      },
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
      <LoginForm
        onSubmit={(credentials) => void handleSubmit(credentials)}
        onForgotPassword={onForgotPassword}
        submitting={botCheck.solving || login.isPending}
        errorMessage={login.isError ? failureMessage(login.error) : null}
        botCheck={<BotCheck ref={botCheck.ref} onSettled={host.formUsable} />}
      />
    </Stack>
  );
}
