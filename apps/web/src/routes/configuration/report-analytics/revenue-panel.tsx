import { asCents, formatUsdCents } from '@app/contracts';
import { Alert, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { RootRevenueResponse } from '../../../api/reports';
import { formatSignedUsd, signedCentsOf } from '../../../components/billing-history/billing-format';
import { TrendChart } from '../../../components/charts';
import { centsOf } from '../agency-list/set-cost-modal/cost-form';
import { StatCard } from './analytics-panel';
import { CollectedMoneyPanel } from './collected-money-panel';
import { termLabel } from './report-labels';

/**
 * Root revenue: the money the system collected in the range, from the ledger's gateway money by
 * source and period (decisions 0035, 0083), then
 * the fees configured for agencies, each figure of which says "configured" so nobody reads it as
 * income.
 */
export function RevenuePanel({ data }: { data: RootRevenueResponse }) {
  const { onboarding, collected } = data;
  return (
    <Stack gap="md" data-testid="root-revenue">
      <Title order={3}>Collected Revenue</Title>
      <Alert color="green" variant="light" icon={<IconInfoCircle />} data-testid="root-revenue-basis">
        {data.note}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard
          label="Collected (net)"
          value={formatSignedUsd(collected.total)}
          hint="received, less refunds"
          testId="revenue-collected-total"
        />
        <StatCard
          label="Received on own charges"
          value={formatSignedUsd(collected.revenue)}
          hint="onboarding, campaigns, wallet top-ups, minimum spend"
          testId="revenue-collected-revenue"
        />
        <StatCard
          label="Application fees collected"
          value={formatSignedUsd(collected.application_fees)}
          hint="on clients' direct charges"
          testId="revenue-collected-fees"
        />
        <StatCard
          label="Refunds paid"
          value={formatSignedUsd(collected.refunds)}
          hint="given back in the range"
          testId="revenue-collected-refunds"
        />
      </SimpleGrid>
      <CollectedMoneyPanel money={collected} testId="revenue-collected-sources" />
      <Paper withBorder radius="md" p="md">
        <TrendChart
          title="Collected per day, net (USD)"
          // Plotted in cents so no amount becomes a float; ticks are whole cents.
          series={[
            {
              label: 'Collected',
              points: collected.series.map((p) => ({ x: p.date, value: signedCentsOf(p.amount) })),
            },
          ]}
          format={(cents) => formatUsdCents(asCents(Math.round(cents)))}
          testId="revenue-collected-chart"
        />
      </Paper>

      <Title order={3}>Configured Fees</Title>
      <Alert color="blue" variant="light" icon={<IconInfoCircle />} data-testid="root-revenue-configured">
        {data.configured_note}
      </Alert>
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <StatCard
          label="Onboarding charge (configured)"
          value={formatUsdCents(centsOf(onboarding.price))}
          hint="per new agency"
          testId="revenue-onboarding-price"
        />
        <StatCard
          label="New agencies"
          value={onboarding.agencies_created.toLocaleString('en-US')}
          hint={`${onboarding.agencies_excluded.toLocaleString('en-US')} excluded from the charge`}
          testId="revenue-agencies-created"
        />
        <StatCard
          label="Onboarding fees configured"
          value={formatUsdCents(centsOf(onboarding.configured))}
          hint="for agencies created in the range; not collected"
          testId="revenue-onboarding-configured"
        />
      </SimpleGrid>
      <Paper withBorder radius="md" p="md">
        <TrendChart
          title="Onboarding fees configured per day (USD)"
          // Plotted in cents so no amount becomes a float; ticks are whole cents.
          series={[
            {
              label: 'Configured',
              points: onboarding.series.map((p) => ({ x: p.date, value: centsOf(p.amount) })),
            },
          ]}
          format={(cents) => formatUsdCents(asCents(Math.round(cents)))}
          testId="revenue-chart"
        />
      </Paper>
      <Paper withBorder radius="md" p="md">
        <Text size="sm" fw={600} mb="xs">
          Fees configured per payment term
        </Text>
        <Table aria-label="Fees configured per payment term" data-testid="revenue-by-term">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Payment Term</Table.Th>
              <Table.Th ta="right">Agencies offering it</Table.Th>
              <Table.Th ta="right">Setup fees (configured)</Table.Th>
              <Table.Th ta="right">Platform fees per period (configured)</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {data.by_term.map((row) => (
              <Table.Tr key={row.term}>
                <Table.Td>{termLabel(row.term)}</Table.Td>
                <Table.Td ta="right">{row.agencies.toLocaleString('en-US')}</Table.Td>
                <Table.Td ta="right">{formatUsdCents(centsOf(row.setup_fee))}</Table.Td>
                <Table.Td ta="right">{formatUsdCents(centsOf(row.platform_fee))}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
    </Stack>
  );
}
