import type { ConnectedAccountState } from '@app/contracts';
import { Badge, Group, List, Stack, Text } from '@mantine/core';

const STATUS_WORDS: Record<ConnectedAccountState['status'], string> = {
  '': 'Not connected',
  pending: 'Pending: the onboarding form is not complete',
  inverification: 'In verification',
  completed: 'Completed',
  failed: 'Failed: the account was not accepted',
};
const STATUS_COLOURS: Record<ConnectedAccountState['status'], string> = {
  '': 'gray',
  pending: 'yellow',
  inverification: 'blue',
  completed: 'green',
  failed: 'red',
};

const yesNo = (on: boolean) => (on ? 'enabled' : 'disabled');

/**
 * A connected payment account's state as the gateway last reported it (spec 2 §3 Billing): status,
 * charges and payouts, and what is still required. An account in the sandbox says so.
 */
export function AccountStateView({ state }: { state: ConnectedAccountState }) {
  const r = state.account_requirements;
  const due = [...r.currently_due, ...r.past_due];
  return (
    <Stack gap="xs" data-testid="payment-account-state" data-status={state.status}>
      <Group gap="xs">
        <Text size="sm" fw={600}>
          Status:
        </Text>
        <Badge color={STATUS_COLOURS[state.status]} variant="light" data-testid="payment-account-status">
          {STATUS_WORDS[state.status]}
        </Badge>
        {state.sandbox && (
          <Badge color="orange" variant="filled" data-testid="payment-account-sandbox">
            Sandbox
          </Badge>
        )}
      </Group>
      {state.status !== '' && (
        <Text size="sm">
          Charges {yesNo(state.charges_enabled)}, payouts {yesNo(state.payouts_enabled)}.
        </Text>
      )}
      {due.length > 0 && (
        <Stack gap={2}>
          <Text size="sm" fw={600}>
            Still required by {state.sandbox ? 'the sandbox' : 'Stripe'}:
          </Text>
          <List size="sm">
            {due.map((item) => (
              <List.Item key={item}>
                <code>{item}</code>
              </List.Item>
            ))}
          </List>
        </Stack>
      )}
    </Stack>
  );
}
