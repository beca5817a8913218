import type { SessionUser } from '@app/contracts';
import { isAgencyUser } from '@app/policy';
import { Anchor, Modal, ScrollArea, Text } from '@mantine/core';
import { useState } from 'react';
import { DocumentViewer } from '../../routes/public/document/document-page';

/** The services agreement a payer accepts with its first card (decision 0062). */
export interface ServiceAgreement {
  document: 'default_agency' | 'default_client';
  title: string;
}

/**
 * Agencies accept the Agency Services Agreement and clients the Client Services Agreement; nobody
 * accepts for someone else (view mode), and the platform's own people and sales staff pay no card.
 */
export function serviceAgreementOf(user: SessionUser): ServiceAgreement | null {
  if (user.isViewMode) return null;
  if (isAgencyUser(user)) return { document: 'default_agency', title: 'Agency Services Agreement' };
  if (user.user_type === 'client') return { document: 'default_client', title: 'Client Services Agreement' };
  return null;
}

/** "By saving your card you accept the …", with the agreement's text one click away. */
export function ServiceAgreementNotice({ agreement }: { agreement: ServiceAgreement }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Text size="sm" data-testid="card-agreement-notice">
        By saving your card you accept the{' '}
        <Anchor component="button" type="button" size="sm" onClick={() => setOpen(true)}>
          {agreement.title}
        </Anchor>
        .
      </Text>
      <Modal opened={open} onClose={() => setOpen(false)} title={agreement.title} size="xl">
        <ScrollArea
          h={420}
          type="auto"
          offsetScrollbars
          viewportProps={{ tabIndex: 0, 'aria-label': `${agreement.title} text` }}
        >
          {open && <DocumentViewer name={agreement.document} />}
        </ScrollArea>
      </Modal>
    </>
  );
}
