import { Button, Group, Modal, Text } from '@mantine/core';
import { SESSION_ENDED_MESSAGE } from './token-refresh';

/** 'Session Ended' (spec 1 §4): not dismissable, the only way on is OK, which ends the session. */
export default function SessionEndedDialog({ onAcknowledge }: { onAcknowledge: () => void }) {
  return (
    <Modal.Root
      opened
      onClose={onAcknowledge}
      closeOnEscape={false}
      closeOnClickOutside={false}
      centered
      // Above any dialog a screen opened (the SSO page's 'Sorry!'): only this one leads on.
      zIndex={1000}
    >
      <Modal.Overlay />
      <Modal.Content data-testid="session-ended">
        <Modal.Header>
          <Modal.Title fw={600}>Session Ended</Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Text mb="lg">{SESSION_ENDED_MESSAGE}</Text>
          <Group justify="flex-end">
            <Button onClick={onAcknowledge} data-autofocus>
              OK
            </Button>
          </Group>
        </Modal.Body>
      </Modal.Content>
    </Modal.Root>
  );
}
