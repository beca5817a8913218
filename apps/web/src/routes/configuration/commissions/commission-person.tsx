import { asCents, type CommissionPersonTotals, formatUsdCents } from '@app/contracts';
import { Alert, Badge, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useCommissionPerson } from '../../../api/commissions';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';

const usd = (cents: number) => formatUsdCents(asCents(cents));
const PAYOUT_COLOURS = { pending: 'blue', paid: 'green', failed: 'red' } as const;

/** A month `YYYY-MM` as people read it: "March 2026". */
export const monthLabel = (month: string) =>
  new Date(`${month}-01T00:00:00Z`).toLocaleDateString('en-US', {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  });

/** What the person's payout account means for what they are owed. */
export function payoutAccountText(account: CommissionPersonTotals['payout_account'], own: boolean): string {
  if (account.status === 'completed' && account.payouts_enabled)
    return own ? 'Your payouts go to your connected account.' : 'Payouts go to their connected account.';
  if (account.status === '')
    return own
      ? 'You have no connected payout account yet: what you are owed stays owed until you connect one on Sales Connect Account.'
      : 'No payout account is connected: what they are owed stays owed until they connect one.';
  return own
    ? 'Your payout account cannot take payouts yet: what you are owed stays owed until it can.'
    : 'Their payout account cannot take payouts yet: what they are owed stays owed until it can.';
}

function Figure({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Stack gap={0}>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text fw={600} data-testid={testId}>
        {value}
      </Text>
    </Stack>
  );
}

/**
 * One sales person's commissions (decision 0089): what they are owed now (their ledger balance),
 * their totals, where payouts go, and month by month (UTC) what they earned, gave back on refunds
 * and were paid out, with the payout's state. The person reads it of themselves (`own`), the
 * system's owners of any of their sales people; both read the same answer.
 */
export function CommissionPerson({ userId, own }: { userId: number; own: boolean }) {
  const person = useCommissionPerson(userId);
  if (person.isPending) return <PageLoader label="Loading commissions" />;
  if (person.isError)
    return <LoadFailure error={person.error} onRetry={person.refetch} testId="commission-person-error" />;
  const { person: totals, months } = person.data;
  const ready = totals.payout_account.status === 'completed' && totals.payout_account.payouts_enabled;
  return (
    <Paper withBorder p="md" data-testid={`commission-person-${userId}`}>
      <Stack gap="md">
        <Group justify="space-between" align="flex-start">
          <Stack gap={0}>
            <Title order={3}>{own ? 'Your commissions' : totals.name}</Title>
            {!own && (
              <Text size="sm" c="dimmed">
                {totals.email}
                {totals.roles.length > 0 ? ` · ${totals.roles.join(', ')}` : ''}
              </Text>
            )}
          </Stack>
          <Stack gap={0} align="flex-end">
            <Text size="xs" c="dimmed">
              Owed now
            </Text>
            <Text fw={700} size="xl" data-testid="commission-owed">
              {usd(totals.owed_cents)}
            </Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 3 }}>
          <Figure label="Earned" value={usd(totals.earned_cents)} testId="commission-earned-total" />
          <Figure
            label="Reversed on refunds"
            value={usd(totals.reversed_cents)}
            testId="commission-reversed-total"
          />
          <Figure label="Paid out" value={usd(totals.paid_cents)} testId="commission-paid-total" />
        </SimpleGrid>
        <Alert color={ready ? 'green' : 'yellow'} data-testid="commission-payout-account">
          {payoutAccountText(totals.payout_account, own)}
        </Alert>
        <Text size="sm" c="dimmed">
          Months are calendar months (UTC). Earned: commissions on money collected in the month. Reversed:
          given back in the month when that money was refunded. Payout: the transfer of what was owed, made
          after the month ended. Owed now is what the books hold: earned, less reversed, less paid out.
        </Text>
        {months.length === 0 ? (
          <Text data-testid="commission-no-months">No commissions yet.</Text>
        ) : (
          <Table.ScrollContainer minWidth={560}>
            <Table striped data-testid="commission-months">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Month</Table.Th>
                  <Table.Th>Earned</Table.Th>
                  <Table.Th>Reversed</Table.Th>
                  <Table.Th>Payout</Table.Th>
                  <Table.Th>Payout status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {months.map((m) => (
                  <Table.Tr key={m.month} data-testid={`commission-month-${m.month}`}>
                    <Table.Td>{monthLabel(m.month)}</Table.Td>
                    <Table.Td>{usd(m.earned_cents)}</Table.Td>
                    <Table.Td>{usd(m.reversed_cents)}</Table.Td>
                    <Table.Td>{m.payout ? usd(m.payout.amount_cents) : '—'}</Table.Td>
                    <Table.Td>
                      {m.payout ? (
                        <Badge
                          color={PAYOUT_COLOURS[m.payout.status]}
                          title={m.payout.failure ?? m.payout.transfer_id ?? undefined}
                        >
                          {m.payout.status_label}
                        </Badge>
                      ) : (
                        <Text size="sm" c="dimmed">
                          Not paid out
                        </Text>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Stack>
    </Paper>
  );
}
