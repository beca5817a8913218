import type { SessionUser } from '@app/contracts';
import { Anchor, Modal, Stack, Text } from '@mantine/core';
import { useDomainInfo } from '../../../api/domain-info';

/**
 * The profile menu's Support entry (agencies, spec 1 §2.5): how to reach the platform the agency
 * buys from — its company, the system owner's e-mail and the company's phone, as the host's domain
 * information names them — and what to quote so support finds the account at once.
 */
export function SupportModal({
  opened,
  onClose,
  user,
}: {
  opened: boolean;
  onClose: () => void;
  user: SessionUser | null;
}) {
  const info = useDomainInfo();
  const platform = info.company_short_name || info.company_root_name;
  return (
    <Modal opened={opened} onClose={onClose} title={`${platform} Support`}>
      <Stack gap="sm" data-testid="support-modal">
        <Text size="sm">Questions about your account, billing or campaigns? Contact {platform} support:</Text>
        {info.root_user_email && (
          <Text size="sm">
            E-mail:{' '}
            <Anchor href={`mailto:${info.root_user_email}`} data-testid="support-email">
              {info.root_user_email}
            </Anchor>
          </Text>
        )}
        {info.company_phone && (
          <Text size="sm">
            Phone:{' '}
            <Anchor href={`tel:${info.company_phone}`} data-testid="support-phone">
              {info.company_phone}
            </Anchor>
          </Text>
        )}
        {user && (
          <Text size="sm" c="dimmed" data-testid="support-account">
            Please mention your company, {user.company_name}, and your sign-in e-mail, {user.email}.
          </Text>
        )}
      </Stack>
    </Modal>
  );
}
