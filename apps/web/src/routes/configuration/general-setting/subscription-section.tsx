import { SUBSCRIPTION_CANCELLED } from '@app/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCancelSubscription } from '../../../api/settings';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import type { SectionProps } from './section-parts';

/** Cancel subscription (agency owner only; asks first). */
export function SubscriptionSection({ companyID, user }: SectionProps) {
  const cancel = useCancelSubscription();
  // Cancelled earlier (the session says so) or just now.
  const cancelledAt = cancel.data?.subscription_cancelled_at ?? user.subscription_cancelled_at;

  const confirm = () =>
    modals.openConfirmModal({
      title: 'Cancel Subscription',
      children: (
        <Text size="sm">
          Are you sure you want to cancel the subscription of {user.company_name}? You will not be able to add
          new clients afterwards.
        </Text>
      ),
      labels: { confirm: 'Cancel Subscription', cancel: 'Keep Subscription' },
      confirmProps: { color: 'red', 'data-testid': 'subscription-cancel-confirm' } as Record<string, unknown>,
      onConfirm: () => cancel.mutate(companyID),
    });

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        Cancelling stops new clients from being added to your agency.
      </Text>
      {cancel.isError && <FailureAlert error={cancel.error} testId="subscription-error" />}
      {cancelledAt && (
        <DoneAlert testId="subscription-cancelled">
          {`${SUBSCRIPTION_CANCELLED} (${new Date(cancelledAt).toLocaleDateString('en-US')})`}
        </DoneAlert>
      )}
      <Button
        color="red"
        variant="light"
        onClick={confirm}
        loading={cancel.isPending}
        disabled={cancelledAt !== null}
        data-testid="subscription-cancel"
      >
        Cancel Subscription
      </Button>
    </Stack>
  );
}
