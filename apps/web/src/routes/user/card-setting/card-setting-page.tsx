import { Alert, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { brandVar } from '../../../app/branding/brand-theme';
import { PageLoader } from '../../../app/routing/page-loader';
import { useUserRoute } from '../shared/use-user-route';
import { CARD_MANAGEMENT_PENDING, cardStatus } from './card-status';

/**
 * /user/card-setting: the entry point of card management (spec 1 §2.3, spec 2 §2). It shows where the
 * account stands from the session user (customer_card_id, manual_bill) and the setup check; adding or
 * replacing a card arrives with billing.
 */
export function CardSettingPage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading card status" />;
  const status = cardStatus(route.user, route.setup);

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Card Setting</Title>
      {status.paymentFailed && (
        <Alert color="red" variant="light" icon={<IconAlertTriangle />} title="Payment failed" role="alert">
          Your last payment did not go through. Access opens again once a payment succeeds.
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
        <Stack gap="md">
          <Group gap="sm">
            <IconCreditCard aria-hidden />
            <Text fw={700}>Payment card</Text>
            <Badge
              color={status.hasCard ? 'green' : status.required ? 'yellow' : 'gray'}
              data-testid="card-status"
            >
              {status.hasCard ? 'On file' : status.required ? 'Missing' : 'Not needed'}
            </Badge>
          </Group>
          <Text>{status.headline}</Text>
          <Group gap="xs">
            <Text size="sm" c="dimmed">
              Manual billing:
            </Text>
            <Badge
              variant="light"
              color={status.manualBill ? 'blue' : 'gray'}
              data-testid="manual-bill-status"
            >
              {status.manualBill ? 'On' : 'Off'}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed" data-testid="card-management-pending">
            {CARD_MANAGEMENT_PENDING}
          </Text>
        </Stack>
      </Paper>
    </Stack>
  );
}

export default CardSettingPage;
