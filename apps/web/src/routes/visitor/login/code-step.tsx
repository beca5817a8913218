import { Alert, Anchor, Button, Group, Stack, Text, Title } from '@mantine/core';
import { IconAlertCircle, IconMailCheck } from '@tabler/icons-react';
import { type FormEvent, useState } from 'react';
import { hostScope, useResendCodeMutation, useVerifyLoginMutation } from '../../../api/auth';
import { useDomainInfo } from '../../../api/domain-info';
import { failureMessage } from '../../../api/http';
import { useVisitorHost } from '../../../app/visitor/visitor-host';
import { codeError } from '../../../components/otp-code/otp-code';
import { OtpCodeInput } from '../../../components/otp-code/otp-code-input';
import { canResendCode, type TwoFactorType } from './login-flow';

interface CodeStepProps {
  email: string;
  otpToken: string;
  method: TwoFactorType;
  onBack: () => void;
}

type Notice = { tone: 'error' | 'info'; text: string } | null;

/**
 * Spec 1 §4 Two-factor login: e-mail, code and otp_token go to `POST /verifylogin`; an e-mailed code
 * can be sent again (`POST /resendcode`), an authenticator code cannot.
 */
export function CodeStep({ email, otpToken, method, onBack }: CodeStepProps) {
  const domainInfo = useDomainInfo();
  const host = useVisitorHost();
  const verify = useVerifyLoginMutation();
  const resend = useResendCodeMutation();
  const [code, setCode] = useState('');
  const [touched, setTouched] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const fieldError = touched ? codeError(code) : null;

  function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setTouched(true);
    if (codeError(code)) return;
    setNotice(null);
    verify.mutate(
      { email, code, otp_token: otpToken, ...hostScope(domainInfo) },
      {
        onSuccess: (tokens) => host.sessionStarted(tokens),
        onError: (error) => setNotice({ tone: 'error', text: failureMessage(error) }),
      },
    );
  }

  function handleResend() {
    setNotice(null);
    resend.mutate(
      { email, otp_token: otpToken, ...hostScope(domainInfo) },
      {
        onSuccess: ({ message }) => setNotice({ tone: 'info', text: message }),
        onError: (error) => setNotice({ tone: 'error', text: failureMessage(error) }),
      },
    );
  }

  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Verification Code</Title>
        <Text c="dimmed" size="sm">
          {method === 'email'
            ? `We sent a 6-digit code to ${email}. Enter it below to sign in.`
            : 'Open your authenticator app and enter the 6-digit code it shows.'}
        </Text>
      </Stack>
      <form onSubmit={handleSubmit} noValidate aria-label="Verification code">
        <Stack gap="md">
          {notice && (
            <Alert
              color={notice.tone === 'error' ? 'red' : 'green'}
              variant="light"
              icon={notice.tone === 'error' ? <IconAlertCircle /> : <IconMailCheck />}
              role={notice.tone === 'error' ? 'alert' : 'status'}
              data-testid={notice.tone === 'error' ? 'login-error' : 'otp-notice'}
            >
              {notice.text}
            </Alert>
          )}
          <OtpCodeInput
            label="Verification code"
            name="code"
            data-testid="otp-code"
            required
            value={code}
            error={fieldError}
            onChange={setCode}
          />
          <Button type="submit" fullWidth size="md" loading={verify.isPending}>
            Verify
          </Button>
          <Group justify={canResendCode(method) ? 'space-between' : 'flex-end'}>
            {canResendCode(method) && (
              <Anchor
                component="button"
                type="button"
                size="sm"
                onClick={handleResend}
                disabled={resend.isPending}
                data-testid="resend-code"
              >
                resend code
              </Anchor>
            )}
            <Anchor component="button" type="button" size="sm" onClick={onBack}>
              Back to sign in
            </Anchor>
          </Group>
        </Stack>
      </form>
    </Stack>
  );
}
