import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { ShellNotices } from './shell-notices';
import { SHELL_TEXTS } from './shell-notices';

const PAYMENT_ACCOUNT = '/configuration/general-setting?tab=payment-account';

/**
 * The 'Action Required' banner and the persistent warnings above every guarded page (spec 1 §2.5, §8;
 * spec 2 §8). Not dismissable: they stay until the cause is fixed.
 */
export function ShellNoticesView({ notices }: { notices: ShellNotices }) {
  if (!notices.actionRequired && notices.warnings.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {notices.actionRequired && (
        <Alert
          color="orange"
          variant="filled"
          icon={<IconAlertTriangle />}
          title={SHELL_TEXTS.actionRequiredTitle}
          role="alert"
          data-testid="action-required-banner"
        >
          <Text size="sm" c="inherit">
            {SHELL_TEXTS.actionRequired}{' '}
            <Anchor component={Link} to={PAYMENT_ACCOUNT} c="inherit" fw={700} underline="always">
              Update account
            </Anchor>
          </Text>
        </Alert>
      )}
      {notices.warnings.map((warning) => (
        <Alert
          key={warning.id}
          color="yellow"
          variant="light"
          icon={<IconInfoCircle />}
          role="status"
          data-testid="shell-warning"
          data-warning-id={warning.id}
        >
          {warning.path ? (
            <Anchor component={Link} to={warning.path} size="sm" c="inherit">
              {warning.text}
            </Anchor>
          ) : (
            <Text size="sm">{warning.text}</Text>
          )}
        </Alert>
      ))}
    </Stack>
  );
}
