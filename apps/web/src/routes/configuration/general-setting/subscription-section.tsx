import { SUBSCRIPTION_CANCELLED } from '@app/contracts';
import { Button, Stack, Text } from '@mantine/core';
import { modals } from '@mantine/modals';
import { useCancelSubscription } from '../../../api/settings';
import { DoneAlert, FailureAlert } from '../../../components/feedback/outcome-alerts';
import type { SectionProps } from './section-parts';

/** 'Your subscription has been cancelled. (Nov 29, 2026)': when, in the words of the answer. */
export function cancelledText(cancelledAt: string): string {
  const day = new Date(cancelledAt);
  const when = Number.isNaN(day.getTime())
    ? cancelledAt
    : day.toLocaleDateString('en-US', { dateStyle: 'medium' });
  return `${SUBSCRIPTION_CANCELLED} (${when})`;
}

/**
 * Cancel subscription (agency owner only; asks first). Once cancelled there is nothing left to
 * cancel: the section says so, and when, instead of offering the button again.
 */
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

  if (cancelledAt)
    return (
      <Stack gap="md" align="flex-start">
        <DoneAlert testId="subscription-cancelled">{cancelledText(cancelledAt)}</DoneAlert>
        <Text size="sm" c="dimmed">
          New clients cannot be added to your agency. Your existing clients and their campaigns are unchanged.
        </Text>
      </Stack>
    );

  return (
    <Stack gap="md" align="flex-start">
      <Text size="sm" c="dimmed">
        Cancelling stops new clients from being added to your agency.
      </Text>
      {cancel.isError && <FailureAlert error={cancel.error} testId="subscription-error" />}
      <Button
        color="red"
        variant="light"
        onClick={confirm}
        loading={cancel.isPending}
        data-testid="subscription-cancel"
      >
        Cancel Subscription
      </Button>
    </Stack>
  );
}
