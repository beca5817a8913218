import { Button, Group, Loader, Modal, Stack, Text, Title } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useBoot } from '../../../app/boot/boot-context';
import { sessionStore } from '../../../app/session/session';
import { SSO_FAILED_MESSAGE, SSO_FAILED_TITLE, signInWithSso } from './sso-session';

/**
 * /sso?token=… (spec 1 §2.1, §4): validates the single-use token for this host, stores the session
 * (clearing another user's data first on 'replace_user') and goes to '/', where the route guard waits
 * for the user and sends them on by role. Any failure shows the 'Sorry!' dialog (spec 1 §8).
 */
export function SsoPage() {
  const { http, hostname } = useBoot();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const token = params.get('token')?.trim() ?? '';
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    if (!token) {
      setFailed(true);
      return;
    }
    let active = true;
    signInWithSso({ http, store: sessionStore, queryClient }, token, hostname).then(
      () => {
        if (active) navigate('/', { replace: true });
      },
      () => {
        if (active) setFailed(true);
      },
    );
    return () => {
      active = false;
    };
  }, [token, http, hostname, queryClient, navigate]);

  const acknowledge = () => navigate('/', { replace: true });

  return (
    <Stack gap="lg" align="center">
      <Title order={2}>Single Sign-On</Title>
      {!failed && (
        <Group gap="sm" data-testid="sso-progress">
          <Loader size="sm" />
          <Text c="dimmed">Signing you in…</Text>
        </Group>
      )}
      <Modal.Root opened={failed} onClose={acknowledge} centered closeOnClickOutside={false}>
        <Modal.Overlay />
        <Modal.Content data-testid="sso-failed">
          <Modal.Header>
            <Modal.Title fw={600}>{SSO_FAILED_TITLE}</Modal.Title>
          </Modal.Header>
          <Modal.Body>
            <Text mb="lg">{SSO_FAILED_MESSAGE}</Text>
            <Group justify="flex-end">
              <Button onClick={acknowledge} data-autofocus>
                OK
              </Button>
            </Group>
          </Modal.Body>
        </Modal.Content>
      </Modal.Root>
    </Stack>
  );
}

export default SsoPage;
