import { asCents, formatUsdCents } from '@app/contracts';
import { Button, Paper, Stack, Table, Text, Title, VisuallyHidden } from '@mantine/core';
import { useState } from 'react';
import { useCommissions } from '../../../api/commissions';
import { useSessionPermissions } from '../../../api/roles';
import { useCurrentRoute } from '../../../app/routing/current-route';
import { PageLoader } from '../../../app/routing/page-loader';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { CommissionPerson } from './commission-person';
import { CommissionRateSection } from './commission-rate-section';

const usd = (cents: number) => formatUsdCents(asCents(cents));

/**
 * /configuration/commissions (decision 0089; not in the spec). The system's owners set the sales
 * commission rate and read every sales person of their system — totals, and one person's months on
 * "Months" — with the figures the person reads of themselves; a sales person reads their own
 * commissions by month and what they are owed now. The server decides who reads whom; the page
 * shows what it answers (`view`).
 */
export function CommissionsPage() {
  const viewer = useCurrentRoute()?.ctx.user ?? null;
  const permissions = useSessionPermissions();
  const overview = useCommissions();
  const [shown, setShown] = useState<number | null>(null);
  if (!viewer || !permissions.ready) return <PageLoader label="Loading commissions" />;
  const owner = permissions.may('billing.commissionRate');
  const view = overview.data?.view;
  const people = overview.data?.people ?? [];

  return (
    <Stack gap="lg" data-testid="commissions-page">
      <Stack gap={4}>
        <Title order={2}>Commissions</Title>
        <Text c="dimmed" size="sm">
          {view === 'own'
            ? `You earn ${overview.data?.rate_percent ?? '…'} % of the wholesale the platform collects from the agencies linked to you. What you are owed is paid once a month by a transfer to your connected payout account.`
            : 'What the sales people linked to your agencies earn on the wholesale the platform collects, what was paid to them (once a month, by transfer to their connected accounts) and what they are owed now.'}
        </Text>
      </Stack>
      {owner && <CommissionRateSection canEdit={permissions.may('billing.commissionRate.update')} />}
      {overview.isError && (
        <LoadFailure error={overview.error} onRetry={overview.refetch} testId="commissions-error" />
      )}
      {view === 'own' && <CommissionPerson userId={viewer.id} own />}
      {view === 'system' && (
        <Paper withBorder p="md">
          <Stack gap="sm">
            <Title order={3}>Sales people</Title>
            {people.length === 0 ? (
              <Text data-testid="commissions-no-people">This system has no sales people yet.</Text>
            ) : (
              <Table.ScrollContainer minWidth={720}>
                <Table striped data-testid="commissions-people">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Name</Table.Th>
                      <Table.Th>Roles</Table.Th>
                      <Table.Th>Earned</Table.Th>
                      <Table.Th>Reversed</Table.Th>
                      <Table.Th>Paid out</Table.Th>
                      <Table.Th>Owed now</Table.Th>
                      <Table.Th>
                        <VisuallyHidden>Months</VisuallyHidden>
                      </Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {people.map((person) => (
                      <Table.Tr key={person.user_id} data-testid={`commissions-row-${person.user_id}`}>
                        <Table.Td>
                          <Text size="sm" fw={500}>
                            {person.name}
                          </Text>
                          <Text size="xs" c="dimmed">
                            {person.email}
                          </Text>
                        </Table.Td>
                        <Table.Td>{person.roles.join(', ') || '—'}</Table.Td>
                        <Table.Td>{usd(person.earned_cents)}</Table.Td>
                        <Table.Td>{usd(person.reversed_cents)}</Table.Td>
                        <Table.Td>{usd(person.paid_cents)}</Table.Td>
                        <Table.Td data-testid="commissions-row-owed">{usd(person.owed_cents)}</Table.Td>
                        <Table.Td>
                          <Button
                            size="xs"
                            variant={shown === person.user_id ? 'filled' : 'light'}
                            aria-pressed={shown === person.user_id}
                            aria-label={`Months of ${person.name}`}
                            onClick={() => setShown(shown === person.user_id ? null : person.user_id)}
                            data-testid={`commissions-months-${person.user_id}`}
                          >
                            Months
                          </Button>
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
          </Stack>
        </Paper>
      )}
      {view === 'system' && shown !== null && <CommissionPerson userId={shown} own={false} />}
    </Stack>
  );
}

export default CommissionsPage;
