import { Alert, Button, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { IconCircleCheck, IconLinkOff } from '@tabler/icons-react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { failureMessage } from '../../../api/http';
import { sessionUserQuery } from '../../../api/session';
import { useBoot } from '../../../app/boot/boot-context';
import { sessionStore, useSession } from '../../../app/session/session';
import { confirmEmailOnce } from './confirm-email';

type Outcome = { kind: 'pending' } | { kind: 'done'; message: string } | { kind: 'failed'; message: string };

/**
 * /confirm-email/{token}: the link e-mailed to a new address (profile step 1). Opening it makes the
 * address the account's; the server's answer is shown either way, like the reset-password pages.
 * Public: it works signed out, or signed in on this browser (then the session user is read anew).
 */
export function ConfirmEmailPage() {
  const { token = '' } = useParams();
  const { http } = useBoot();
  const queryClient = useQueryClient();
  const signedIn = useSession().accessToken !== null;
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'pending' });

  useEffect(() => {
    let active = true;
    confirmEmailOnce(http, token).then(
      async ({ message }) => {
        // Signed in here: the session user is read anew, so the profile shows the new address.
        if (sessionStore.getSnapshot().accessToken) {
          await queryClient
            .fetchQuery({ ...sessionUserQuery(http), staleTime: 0 })
            .then((user) => sessionStore.setUser(user))
            .catch(() => undefined);
        }
        if (active) setOutcome({ kind: 'done', message });
      },
      (error: unknown) => {
        if (active) setOutcome({ kind: 'failed', message: failureMessage(error) });
      },
    );
    return () => {
      active = false;
    };
  }, [http, token, queryClient]);

  return (
    <Stack gap="lg" maw={480} mx="auto">
      <Title order={2}>Confirm E-mail Address</Title>
      {outcome.kind === 'pending' && (
        <Group gap="sm" data-testid="confirm-email-progress">
          <Loader size="sm" />
          <Text c="dimmed">Confirming your new e-mail address…</Text>
        </Group>
      )}
      {outcome.kind === 'done' && (
        <Alert
          color="green"
          variant="light"
          icon={<IconCircleCheck />}
          role="status"
          data-testid="confirm-email-done"
        >
          {outcome.message}
        </Alert>
      )}
      {outcome.kind === 'failed' && (
        <Alert
          color="red"
          variant="light"
          icon={<IconLinkOff />}
          role="alert"
          data-testid="confirm-email-error"
        >
          {outcome.message}
        </Alert>
      )}
      {outcome.kind !== 'pending' &&
        (signedIn ? (
          <Button component={Link} to="/user/profile" fullWidth size="md">
            Go to Profile
          </Button>
        ) : (
          <Button component={Link} to="/login" fullWidth size="md">
            Sign In
          </Button>
        ))}
    </Stack>
  );
}

export default ConfirmEmailPage;
