import { Badge } from '@mantine/core';
import { formatCreated } from '../data-list/data-table';

/**
 * Marks an agency that cancelled its subscription (it keeps its clients but cannot add new ones);
 * nothing when it has not. The date is in the title.
 */
export function SubscriptionCancelledBadge({
  companyId,
  cancelledAt,
}: {
  companyId: number;
  cancelledAt: string | null;
}) {
  if (!cancelledAt) return null;
  return (
    <Badge
      size="sm"
      variant="light"
      color="red"
      title={`Cancelled on ${formatCreated(cancelledAt)}`}
      data-testid={`subscription-cancelled-${companyId}`}
    >
      Subscription cancelled
    </Badge>
  );
}
