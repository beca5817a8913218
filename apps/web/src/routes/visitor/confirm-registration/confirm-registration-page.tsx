import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { failureMessage } from '../../../api/http';
import { useBoot } from '../../../app/boot/boot-context';
import { sessionStore } from '../../../app/session/session';
import { startSession } from '../../../app/session/session-lifecycle';
import { confirmRegistrationOnce } from './confirm-registration';

/**
 * /confirm-registration/{token}: the link e-mailed after the sign-up form (decision 0019). Opening it
 * creates the account and starts its session exactly as a login does; the route guard then sends the
 * new user to profile setup. A used, altered or expired link shows the server's reason.
 */
export function ConfirmRegistrationPage() {
  const { token = '' } = useParams();
  const { http } = useBoot();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [failure, setFailure] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    confirmRegistrationOnce(http, token).then(
      (tokens) => {
        if (!active) return;
        startSession(sessionStore, queryClient, tokens);
        navigate('/', { replace: true });
      },
      (error: unknown) => {
        if (active) setFailure(failureMessage(error));
      },
    );
    return () => {
      active = false;
    };
  }, [http, token, queryClient, navigate]);

  return (
    <Stack gap="lg">
      <Title order={2}>Finish Signing Up</Title>
      {failure === null ? (
        <Group gap="sm" data-testid="confirm-registration-progress">
          <Loader size="sm" />
          <Text c="dimmed">Creating your account…</Text>
        </Group>
      ) : (
        <>
          <Alert
            color="red"
            variant="light"
            icon={<IconLinkOff />}
            role="alert"
            data-testid="confirm-registration-error"
          >
            {failure}
          </Alert>
          <Button component={Link} to="/login" fullWidth size="md">
            Sign In
          </Button>
        </>
      )}
    </Stack>
  );
}

export default ConfirmRegistrationPage;
