import { Alert, Anchor, Button, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { hostScope, useForgotPasswordMutation } from '../../../api/auth';
import { useDomainInfo } from '../../../api/domain-info';
import { failureMessage } from '../../../api/http';
import { useBoot } from '../../../app/boot/boot-context';
import { BotCheck } from '../../../components/bot-check/bot-check';
import { useBotCheck } from '../../../components/bot-check/use-bot-check';

/**
 * `POST /forgetpass` (spec 1 §7.1). Failures show the server's message, else 'Something went wrong.
 * Please try again later.' (spec 1 §8); success shows the server's message.
 */
export function ForgotPasswordForm({ onBack }: { onBack: () => void }) {
  const { hostname } = useBoot();
  const domainInfo = useDomainInfo();
  const forgot = useForgotPasswordMutation();
  const botCheck = useBotCheck();
  const [email, setEmail] = useState('');
  const [touched, setTouched] = useState(false);
  const emailError = touched && email.trim() === '' ? 'E-mail is required' : null;

  async function submit() {
    const gtoken = await botCheck.token();
    forgot.mutate(
      { username: email.trim(), gtoken, domainName: hostname, ...hostScope(domainInfo) },
      { onSettled: botCheck.renew },
    );
  }

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (email.trim() === '') return;
    void submit();
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Forgot Password</Title>
        <Text c="dimmed" size="sm">
          Enter the e-mail of your account and we will send you a link to set a new password.
        </Text>
      </Stack>
      <form onSubmit={handleSubmit} noValidate aria-label="Forgot password">
        <Stack gap="md">
          {forgot.isError && (
            <Alert
              color="red"
              variant="light"
              icon={<IconAlertCircle />}
              role="alert"
              data-testid="forgot-error"
            >
              {failureMessage(forgot.error)}
            </Alert>
          )}
          {forgot.data && (
            <Alert
              color="green"
              variant="light"
              icon={<IconMailCheck />}
              role="status"
              data-testid="forgot-sent"
            >
              {forgot.data.message}
            </Alert>
          )}
          <TextInput
            label="E-mail"
            name="email"
            type="email"
            autoComplete="username"
            required
            value={email}
            error={emailError}
            onChange={(event) => setEmail(event.currentTarget.value.toLowerCase())}
          />
          <BotCheck ref={botCheck.ref} />
          <Button type="submit" fullWidth size="md" loading={botCheck.solving || forgot.isPending}>
            Send Reset Link
          </Button>
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              Back to sign in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
