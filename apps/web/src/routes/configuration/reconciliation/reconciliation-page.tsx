import { Button, Group, Stack, Text, Title } from '@mantine/core';
import { useReconciliation, useRunReconciliation } from '../../../api/reconciliation';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { ReconciliationRunCard } from './reconciliation-run';

/**
 * /configuration/reconciliation (decision 0079): the system's latest daily comparison of the ledger
 * with the payment gateway's records, per gateway, with every difference and its operation; "Run now"
 * reconciles at once.
 */
export function ReconciliationPage() {
  const latest = useReconciliation();
  const run = useRunReconciliation();
  const runs = latest.data?.runs ?? [];
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start">
        <Stack gap={4}>
          <Title order={2}>Reconciliation</Title>
          <Text c="dimmed" size="sm">
            Every charge, refund and transfer at the payment gateway compared with our payment operations and
            the ledger, daily.
          </Text>
        </Stack>
        <Button onClick={() => run.mutate()} loading={run.isPending} data-testid="reconciliation-run-now">
          Run now
        </Button>
      </Group>
      {latest.isError && (
        <LoadFailure error={latest.error} onRetry={latest.refetch} testId="reconciliation-error" />
      )}
      {run.isError && (
        <LoadFailure error={run.error} onRetry={() => run.mutate()} testId="reconciliation-run-error" />
      )}
      {latest.isSuccess && runs.length === 0 && (
        <Text data-testid="reconciliation-none">No reconciliation has run yet.</Text>
      )}
      {runs.map((r) => (
        <ReconciliationRunCard key={r.gateway} run={r} />
      ))}
    </Stack>
  );
}

export default ReconciliationPage;
