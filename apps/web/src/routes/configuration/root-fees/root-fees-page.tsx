import { Stack, Text, Title } from '@mantine/core';
import { useRootFees } from '../../../api/root-fees';
import { LoadFailure } from '../../../components/data-list/load-failure';
import { RootFeeSystemCard } from './root-fee-system';

/**
 * /configuration/root-fees (decisions 0081, 0088): what a non-master system owes the master system in root
 * fees, month by month, and the account that receives them; for the master's owners, every paying
 * system's. Not in the spec: it sits beside Reconciliation, with the system's money.
 */
export function RootFeesPage() {
  const fees = useRootFees();
  const view = fees.data?.view;
  const systems = fees.data?.systems ?? [];
  return (
    <Stack gap="lg">
      <Stack gap={4}>
        <Title order={2}>Root Fees</Title>
        <Text c="dimmed" size="sm">
          {view === 'master'
            ? 'What each system owes this system in root fees: the root fee of every lead its campaigns delivered and of every setup and period fee they were charged, per calendar month (UTC), paid by a transfer after the month ends. A refused transfer is tried again 1, 3 and 5 days later, then at the start of each month.'
            : 'What this system owes the master system in root fees: the root fee of every lead your campaigns delivered and of every setup and period fee they were charged, per calendar month (UTC), paid by a transfer after the month ends. A refused transfer is tried again 1, 3 and 5 days later, then at the start of each month.'}
        </Text>
      </Stack>
      {fees.isError && <LoadFailure error={fees.error} onRetry={fees.refetch} testId="root-fees-error" />}
      {fees.isSuccess && systems.length === 0 && (
        <Text data-testid="root-fees-none">No system owes root fees yet.</Text>
      )}
      {view &&
        systems.map((system) => <RootFeeSystemCard key={system.system_id} system={system} view={view} />)}
    </Stack>
  );
}

export default RootFeesPage;
