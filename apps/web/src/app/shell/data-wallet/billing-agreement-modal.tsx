import { AGREE_BEFORE_CONTINUE } from '@app/contracts';
import { Alert, Button, Checkbox, Group, Modal, ScrollArea, Stack, Text } from '@mantine/core';
import { useState } from 'react';
import { DocumentViewer } from '../../../routes/public/document/document-page';

interface BillingAgreementModalProps {
  opened: boolean;
  onClose: () => void;
  onAccept: () => void;
  accepting: boolean;
  error: string | null;
  /** The dialog's title: the Data Wallet's 'Billing Agreement', a beta module's own. */
  title?: string;
  /** Why the agreement is asked for, above its text. */
  intro?: string;
  testId?: string;
}

/**
 * The billing agreement a gated feature shows first (spec 2 §2; a beta module's, spec 1 §4): the
 * document, 'I agree', Accept.
 */
export function BillingAgreementModal({
  opened,
  onClose,
  onAccept,
  accepting,
  error,
  title = 'Billing Agreement',
  intro,
  testId = 'billing-agreement-modal',
}: BillingAgreementModalProps) {
  const [agreed, setAgreed] = useState(false);
  const [missing, setMissing] = useState(false);
  const accept = () => {
    if (!agreed) return setMissing(true);
    setMissing(false);
    onAccept();
  };
  return (
    <Modal opened={opened} onClose={onClose} title={title} size="xl" data-testid={testId}>
      <Stack gap="md">
        {intro && <Text size="sm">{intro}</Text>}
        <ScrollArea
          h={360}
          type="auto"
          offsetScrollbars
          // Keyboard users scroll the text too.
          viewportProps={{ tabIndex: 0, 'aria-label': 'Service Billing Agreement text' }}
        >
          {opened && <DocumentViewer name="service-billing-agreement" />}
        </ScrollArea>
        <Checkbox
          label="I have read and agree to the Service Billing Agreement"
          checked={agreed}
          onChange={(event) => {
            setAgreed(event.currentTarget.checked);
            if (event.currentTarget.checked) setMissing(false);
          }}
          error={missing ? AGREE_BEFORE_CONTINUE : undefined}
          data-testid="billing-agreement-agree"
        />
        {error && (
          <Alert color="red" variant="light" role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={accept} loading={accepting} data-testid="billing-agreement-accept">
            Accept
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
