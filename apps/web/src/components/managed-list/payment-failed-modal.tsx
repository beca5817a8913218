import { formatUsdText, type ManagedNode, SETTLEMENT_DONE, SETTLEMENT_FAILED } from '@app/contracts';
import { ActionIcon, Button, Group, List, Loader, Modal, Stack, Text, Tooltip } from '@mantine/core';
import { IconCreditCardOff } from '@tabler/icons-react';
import { useState } from 'react';
import { usePaymentFailures, useSettlePayment } from '../../api/cards';
import { failureMessage } from '../../api/http';
import { notifyFailure, notifySuccess } from '../feedback/feedback';

/**
 * The red card icon of a payment-failed row (spec 2 §4) and the modal it opens: the campaigns whose
 * charges failed and their total, read from the open failures, and the manual bill settlement that
 * charges them again on the company's card (decision 0075).
 */
export function PaymentFailedIcon({
  node,
  testId,
}: {
  node: Pick<ManagedNode, 'id' | 'company_name'>;
  testId: string;
}) {
  const [open, setOpen] = useState(false);
  const failures = usePaymentFailures(node.id, open);
  const settle = useSettlePayment();

  const settleNow = () =>
    settle.mutate(
      { userID: node.id },
      {
        onSuccess: () => {
          notifySuccess(SETTLEMENT_DONE);
          setOpen(false);
        },
        onError: (error) => notifyFailure(failureMessage(error)),
      },
    );

  return (
    <>
      <Tooltip label="Payment Failed" withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Payment failed for ${node.company_name}`}
          data-testid={testId}
          onClick={() => setOpen(true)}
        >
          <IconCreditCardOff size={18} aria-hidden />
        </ActionIcon>
      </Tooltip>
      <Modal opened={open} onClose={() => setOpen(false)} title="Payment Failed" centered>
        {failures.isPending ? (
          <Loader size="sm" aria-label="Loading" />
        ) : failures.data ? (
          <Stack gap="sm" data-testid="payment-failed-modal">
            <Text size="sm">
              {node.company_name} has a failed payment of{' '}
              <strong>{formatUsdText(failures.data.amount)}</strong>.
            </Text>
            {failures.data.campaigns.length > 0 && (
              <div>
                <Text size="sm" fw={600}>
                  Failed campaigns
                </Text>
                <List size="sm">
                  {failures.data.campaigns.map((c) => (
                    <List.Item key={c}>Campaign #{c}</List.Item>
                  ))}
                </List>
              </div>
            )}
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setOpen(false)}>
                Close
              </Button>
              <Button color="red" loading={settle.isPending} onClick={settleNow} data-testid="settle-payment">
                Manual Bill Settlement
              </Button>
            </Group>
          </Stack>
        ) : (
          <Text size="sm">{SETTLEMENT_FAILED}</Text>
        )}
      </Modal>
    </>
  );
}
