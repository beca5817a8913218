import type { SessionUser } from '@app/contracts';
import { Alert, Badge, Button, Group, Paper, Skeleton, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCreditCard } from '@tabler/icons-react';
import { useState } from 'react';
import { useSavedCard } from '../../../api/cards';
import { brandVar } from '../../../app/branding/brand-theme';
import { PageLoader } from '../../../app/routing/page-loader';
import { CARD_STAND_IN_TEXT, CardForm } from '../../../components/card-form/card-form';
import { SavedCardView } from '../../../components/card-form/saved-card';
import { FailureAlert } from '../../../components/feedback/outcome-alerts';
import { useUserRoute } from '../shared/use-user-route';
import { cardStatus, PAYS_TEXT } from './card-status';

/**
 * /user/card-setting (spec 1 §2.3, spec 2 §2 "card management"): the saved card from
 * `GET /payment/card/{usrID}` (brand, last 4, expiry, holder, address) and "Replace card"; without a
 * card, the card form at once (with the onboarding fee while it is due). Rules 4 and 5 of spec 1 §2.4
 * send people with a failed payment here, so the failure is said first.
 */
export function CardSettingPage() {
  const route = useUserRoute();
  if (!route) return <PageLoader label="Loading card status" />;
  return <CardSetting key={route.user.id} user={route.user} setup={route.setup} />;
}

function CardSetting({ user, setup }: { user: SessionUser; setup: Parameters<typeof cardStatus>[1] }) {
  const status = cardStatus(user, setup);
  const saved = useSavedCard(user.id);
  const [replacing, setReplacing] = useState(false);
  const card = saved.data?.card ?? null;
  const showForm = replacing || (!card && saved.isSuccess && (status.required || status.hasCard));

  return (
    <Stack gap="lg" maw={720}>
      <Title order={2}>Card Setting</Title>
      {status.paymentFailed && (
        <Alert
          color="red"
          variant="light"
          icon={<IconAlertTriangle />}
          title="Payment failed"
          role="alert"
          data-testid="card-payment-failed"
        >
          {status.failedText}
        </Alert>
      )}
      <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
        <Stack gap="md">
          <Group gap="sm">
            <IconCreditCard aria-hidden />
            <Text fw={700}>Payment card</Text>
            <Badge color={card ? 'green' : status.required ? 'yellow' : 'gray'} data-testid="card-status">
              {card ? 'On file' : status.required ? 'Missing' : 'Not needed'}
            </Badge>
          </Group>
          {!card && <Text data-testid="card-headline">{status.headline}</Text>}
          {saved.isPending && <Skeleton height={72} aria-label="Loading the saved card" />}
          {saved.isError && <FailureAlert error={saved.error} testId="card-load-error" />}
          {card && !replacing && (
            <>
              <SavedCardView card={card} />
              {saved.data && (
                <Text size="sm" c="dimmed">
                  {PAYS_TEXT[saved.data.pays]}
                </Text>
              )}
              {status.mayChange ? (
                <Group>
                  <Button variant="light" onClick={() => setReplacing(true)} data-testid="card-replace">
                    Replace card
                  </Button>
                </Group>
              ) : (
                <Text size="sm" data-testid="card-stand-in">
                  {CARD_STAND_IN_TEXT}
                </Text>
              )}
            </>
          )}
          {status.showsManualBill && (
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
          )}
        </Stack>
      </Paper>
      {showForm && (
        <Paper withBorder radius="md" p="lg" style={{ background: brandVar('boxBg') }}>
          <Stack gap="md">
            <Title order={3} size="h4">
              {card ? 'Replace your card' : 'Add your card'}
            </Title>
            <CardForm
              user={user}
              onSaved={() => setReplacing(false)}
              onCancel={card ? () => setReplacing(false) : undefined}
            />
          </Stack>
        </Paper>
      )}
    </Stack>
  );
}

export default CardSettingPage;
