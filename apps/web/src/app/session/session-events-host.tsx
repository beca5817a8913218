import { Button, Group, Modal, Text } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { sessionEvents, sessionStore } from './session';
import { endSession, forgetUserData } from './session-lifecycle';
import { SESSION_ENDED_MESSAGE } from './token-refresh';

/**
 * Turns the refresh handler's outcomes into UI (spec 1 §4, §8): a refused refresh shows 'Session Ended'
 * and only OK clears storage and opens /login; a 401 without a refresh token (storage already cleared)
 * goes to /login unless the visitor is there. Lives in the route guard, so it can navigate.
 */
export function SessionEventsHost() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const { pathname } = useLocation();
  const pathnameRef = useRef(pathname);
  pathnameRef.current = pathname;
  const [ended, setEnded] = useState(false);

  useEffect(
    () =>
      sessionEvents.subscribe((event) => {
        if (event.type === 'session-ended') {
          setEnded(true);
          return;
        }
        forgetUserData(queryClient);
        if (pathnameRef.current !== '/login') navigate('/login', { replace: true });
      }),
    [navigate, queryClient],
  );

  function acknowledge() {
    setEnded(false);
    endSession(sessionStore, queryClient);
    navigate('/login', { replace: true });
  }

  // Not dismissable: the only way on is OK, which ends the session as the spec orders.
  return (
    <Modal.Root
      opened={ended}
      onClose={acknowledge}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
    >
      <Modal.Overlay />
      <Modal.Content data-testid="session-ended">
        <Modal.Header>
          <Modal.Title fw={600}>Session Ended</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Text mb="lg">{SESSION_ENDED_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button onClick={acknowledge} data-autofocus>
              OK
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
